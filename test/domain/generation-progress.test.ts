// Progress of a generation job, given/when/then: one GenerationProgressed per reported step while the
// job is pending; a repeat of the last report, or a report after the end, records nothing; the job
// keeps its last step after it ends. And the llm_simulation request the job carries.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../support/given-when-then.ts';
import { generationJobDecider } from '../../domain/generation-job/generation-job-decider.ts';
import type { GenerationJobEvent, GenerationRequest } from '../../domain/generation-job/generation-job-events.ts';

const spec = specFor(generationJobDecider);
const JOB = '1f0e2d3c-4b5a-4697-8877-665544332211';
const request: GenerationRequest = {
  job_id: JOB,
  operation_id: '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  account_id: '7d1f2e3c-4b5a-4968-8776-655443322110',
  api_key_id: null,
  target_kind: 'llm_simulation',
  record_id: '5a9c8a52-0f6e-4d8e-9d55-3b8f1d2a6c10',
  record_type: 'belt',
  instructions: null,
  document_ids: [],
  overwrite: false,
  base_version: 0,
  simulation: {
    coa_statement_id: '6b9c8a52-0f6e-4d8e-9d55-3b8f1d2a6c10',
    method: 'belt',
    enemy_coa: null,
    turns: 2,
    seed: 7,
    analysis_ids: null,
  },
};
const requested: GenerationJobEvent = { type: 'GenerationRequested', data: request };
const step = (n: number, label = `Turn ${n} of 2`): GenerationJobEvent => ({
  type: 'GenerationProgressed',
  data: { job_id: JOB, step: n, of: 3, label },
});
const failed: GenerationJobEvent = {
  type: 'GenerationFailed',
  data: { job_id: JOB, code: 'LLM_TIMEOUT', message: 'late' },
};
const report = (n: number, label = `Turn ${n} of 2`) => ({
  type: 'ReportGenerationProgress' as const,
  job_id: JOB,
  progress: { step: n, of: 3, label },
});

test('given a pending job, when a step is reported, then GenerationProgressed', () => {
  spec([requested])
    .when(report(1))
    .then([step(1)]);
  spec([requested, step(1)])
    .when(report(2))
    .then([step(2)]);
});

test('given the same step last reported, when reported again (a redelivery), then nothing', () => {
  spec([requested, step(1)])
    .when(report(1))
    .then([]);
  spec([requested, step(1)])
    .when(report(1, 'Turn 1 of 2 again'))
    .then([step(1, 'Turn 1 of 2 again')]);
});

test('given an ended job, when a step is reported, then nothing; given nothing, not found', () => {
  spec([requested, failed]).when(report(3)).then([]);
  spec([]).when(report(1)).thenThrows('not_found');
});

test('evolve: progress null when requested, the last step after, kept when the job ends', () => {
  const fold = (events: GenerationJobEvent[]) =>
    events.reduce(generationJobDecider.evolve, generationJobDecider.initialState());
  const pending = fold([requested]);
  assert.ok(pending.status === 'pending' && pending.progress === null && pending.simulation?.seed === 7);
  const ended = fold([requested, step(1), step(2), failed]);
  assert.ok(ended.status === 'failed');
  assert.equal(ended.status === 'failed' && ended.progress, { step: 2, of: 3, label: 'Turn 2 of 2' });
});

test.run();
