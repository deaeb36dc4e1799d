// The generation job: requested by the API, completed or failed by the worker that drafts the
// record. Pure. Worker reports are idempotent: a redelivered task reporting on a job that already
// ended changes nothing.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type {
  GenerationFailureCode,
  GenerationJobEvent,
  GenerationProgress,
  GenerationProvenance,
  GenerationRequest,
  GenerationStatus,
  PlanningDraftKind,
} from './generation-job-events.ts';
import type { CoaScreeningRecord } from '../generation/coa-generation.ts';

export interface GenerationJob extends GenerationRequest {
  status: GenerationStatus;
  record_version: number | null;
  provenance: GenerationProvenance | null;
  error: { code: GenerationFailureCode; message: string } | null;
  /** The last step the worker reported (kept after the end); null before its first report. */
  progress: GenerationProgress | null;
  /** target_kind coa_statements, when done: the screening recorded on each statement. */
  coa_screening?: CoaScreeningRecord[];
}

/** A job drafting one planning record in place (warno, mission_analysis). */
export type PlanningDraftJob = GenerationJob & { target_kind: PlanningDraftKind };

export type GenerationJobState = { status: 'absent' } | GenerationJob;

export type GenerationJobCommand =
  | { type: 'RequestGeneration'; request: GenerationRequest }
  | {
      type: 'CompleteGeneration';
      job_id: string;
      record_version: number;
      provenance: GenerationProvenance;
      coa_screening?: CoaScreeningRecord[];
    }
  | { type: 'FailGeneration'; job_id: string; code: GenerationFailureCode; message: string }
  | { type: 'ReportGenerationProgress'; job_id: string; progress: GenerationProgress };

function requireJob(state: GenerationJobState, id: string): GenerationJob {
  if (state.status === 'absent') throw new DomainError('not_found', `Generation job ${id} not found`);
  return state;
}

type CommandOf<T extends GenerationJobCommand['type']> = Extract<GenerationJobCommand, { type: T }>;

function requestGeneration(command: CommandOf<'RequestGeneration'>, state: GenerationJobState): GenerationJobEvent[] {
  if (state.status !== 'absent') {
    throw new DomainError('conflict', `Generation job ${command.request.job_id} already exists`);
  }
  return [{ type: 'GenerationRequested', data: command.request }];
}

function completeGeneration(command: CommandOf<'CompleteGeneration'>, state: GenerationJobState): GenerationJobEvent[] {
  const job = requireJob(state, command.job_id);
  if (job.status !== 'pending') return [];
  return [
    {
      type: 'GenerationCompleted',
      data: {
        job_id: job.job_id,
        record_version: command.record_version,
        provenance: command.provenance,
        ...(command.coa_screening ? { coa_screening: command.coa_screening } : {}),
      },
    },
  ];
}

function failGeneration(command: CommandOf<'FailGeneration'>, state: GenerationJobState): GenerationJobEvent[] {
  const job = requireJob(state, command.job_id);
  if (job.status !== 'pending') return [];
  const message = command.message.slice(0, 4000);
  return [{ type: 'GenerationFailed', data: { job_id: job.job_id, code: command.code, message } }];
}

/** A step of a running job; a report on a job that ended, or a repeat of the last report, changes nothing. */
function reportProgress(
  command: CommandOf<'ReportGenerationProgress'>,
  state: GenerationJobState,
): GenerationJobEvent[] {
  const job = requireJob(state, command.job_id);
  if (job.status !== 'pending') return [];
  const { step, of, label } = command.progress;
  if (job.progress && job.progress.step === step && job.progress.of === of && job.progress.label === label) return [];
  return [{ type: 'GenerationProgressed', data: { job_id: job.job_id, step, of, label: label.slice(0, 200) } }];
}

export const generationJobDecider: Decider<GenerationJobCommand, GenerationJobEvent, GenerationJobState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestGeneration':
        return requestGeneration(command, state);
      case 'CompleteGeneration':
        return completeGeneration(command, state);
      case 'FailGeneration':
        return failGeneration(command, state);
      case 'ReportGenerationProgress':
        return reportProgress(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GenerationRequested':
        return {
          ...event.data,
          status: 'pending',
          record_version: null,
          provenance: null,
          error: null,
          progress: null,
        };
      case 'GenerationProgressed': {
        if (state.status === 'absent') return state;
        const { step, of, label } = event.data;
        return { ...state, progress: { step, of, label } };
      }
      case 'GenerationCompleted':
        if (state.status === 'absent') return state;
        return {
          ...state,
          status: 'success',
          record_version: event.data.record_version,
          provenance: event.data.provenance,
          ...(event.data.coa_screening ? { coa_screening: event.data.coa_screening } : {}),
        };
      case 'GenerationFailed':
        if (state.status === 'absent') return state;
        return { ...state, status: 'failed', error: { code: event.data.code, message: event.data.message } };
    }
  },
};
