// The generation-job decider, given/when/then: requested once, ended once; worker reports after the
// end change nothing (a redelivered task).
import { test } from 'uvu';
import { specFor } from '../../support/given-when-then.ts';
import { generationJobDecider } from '../../../domain/generation-job/generation-job-decider.ts';
import type {
  GenerationJobEvent,
  GenerationProvenance,
  GenerationRequest,
} from '../../../domain/generation-job/generation-job-events.ts';

const spec = specFor(generationJobDecider);
const JOB = '1f0e2d3c-4b5a-4697-8877-665544332211';
const request: GenerationRequest = {
  job_id: JOB,
  operation_id: '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  account_id: '7d1f2e3c-4b5a-4968-8776-655443322110',
  api_key_id: null,
  target_kind: 'warno',
  record_id: '5a9c8a52-0f6e-5d8e-9d55-3b8f1d2a6c10',
  record_type: 'mission',
  instructions: null,
  document_ids: [],
  overwrite: false,
  base_version: 0,
};
const provenance: GenerationProvenance = {
  adapter: 'rule_based',
  model: 'rule-based-drafter/1',
  rule_based: true,
  prompt_version: 'warno.v1',
  inputs: [{ kind: 'operation', id: request.operation_id, version: '1' }],
  usage: { prompt_tokens: 0, completion_tokens: 0 },
  attempts: 1,
  duration_ms: 3,
};
const requested: GenerationJobEvent = { type: 'GenerationRequested', data: request };
const completed: GenerationJobEvent = {
  type: 'GenerationCompleted',
  data: { job_id: JOB, record_version: 1, provenance },
};
const failed: GenerationJobEvent = {
  type: 'GenerationFailed',
  data: { job_id: JOB, code: 'LLM_TIMEOUT', message: 'deadline passed' },
};

test('given nothing, when requested, then GenerationRequested', () => {
  spec([]).when({ type: 'RequestGeneration', request }).then([requested]);
});

test('given a request, when requested again, then a conflict', () => {
  spec([requested])
    .when({ type: 'RequestGeneration', request })
    .thenThrows('conflict', /already exists/);
});

test('given nothing, when a worker reports, then not found', () => {
  spec([]).when({ type: 'CompleteGeneration', job_id: JOB, record_version: 1, provenance }).thenThrows('not_found');
});

test('given a pending job, when completed or failed, then that event', () => {
  spec([requested]).when({ type: 'CompleteGeneration', job_id: JOB, record_version: 1, provenance }).then([completed]);
  spec([requested])
    .when({ type: 'FailGeneration', job_id: JOB, code: 'LLM_TIMEOUT', message: 'deadline passed' })
    .then([failed]);
});

test('given an ended job, when a worker reports again, then nothing', () => {
  spec([requested, completed])
    .when({ type: 'FailGeneration', job_id: JOB, code: 'LLM_UNAVAILABLE', message: 'x' })
    .then([]);
  spec([requested, failed]).when({ type: 'CompleteGeneration', job_id: JOB, record_version: 1, provenance }).then([]);
});

test('evolve: the job carries status, version, provenance and error', () => {
  const done = [requested, completed].reduce(generationJobDecider.evolve, generationJobDecider.initialState());
  if (done.status !== 'success') throw new Error(done.status);
  if (done.record_version !== 1 || done.provenance?.prompt_version !== 'warno.v1') throw new Error('provenance lost');
  const bad = [requested, failed].reduce(generationJobDecider.evolve, generationJobDecider.initialState());
  if (bad.status !== 'failed' || bad.error?.code !== 'LLM_TIMEOUT') throw new Error('error lost');
});

test('given a coa_statements job, when completed with its screening, then the event and the job carry it', () => {
  const ids = ['2b9edc38-fd36-5f88-8516-bd7e1ea41c5e', '3c0fed49-0e47-4099-9627-ce8f2fb52d6f'];
  const coaRequest: GenerationRequest = {
    ...request,
    target_kind: 'coa_statements',
    record_id: request.operation_id,
    record_type: 'coa_statements',
    base_version: 1,
    coa_statements: { coa_statement_ids: ids },
  };
  const assessed = { verdict: 'meets' as const, rationale: 'by rule' };
  const none = { verdict: 'not_assessed' as const, rationale: null };
  const coaScreening = ids.map((id, i) => ({
    coa_statement_id: id,
    name: `COA ${i + 1}`,
    screening_result: 'incomplete' as const,
    screening: { feasible: none, acceptable: none, suitable: none, distinguishable: assessed, complete: assessed },
  }));
  const coaRequested: GenerationJobEvent = { type: 'GenerationRequested', data: coaRequest };
  const coaCompleted: GenerationJobEvent = {
    type: 'GenerationCompleted',
    data: { job_id: JOB, record_version: 2, provenance, coa_screening: coaScreening },
  };
  spec([coaRequested])
    .when({
      type: 'CompleteGeneration',
      job_id: JOB,
      record_version: 2,
      provenance,
      coa_screening: coaScreening,
    })
    .then([coaCompleted]);
  const done = [coaRequested, coaCompleted].reduce(generationJobDecider.evolve, generationJobDecider.initialState());
  if (
    done.status !== 'success' ||
    done.coa_screening !== coaScreening ||
    done.coa_statements?.coa_statement_ids !== ids
  ) {
    throw new Error('COA request or screening lost');
  }
});

test.run();
