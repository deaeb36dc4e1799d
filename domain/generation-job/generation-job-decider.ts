// The generation job: requested by the API, completed or failed by the worker that drafts the
// record. Pure. Worker reports are idempotent: a redelivered task reporting on a job that already
// ended changes nothing.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type {
  GenerationFailureCode, GenerationJobEvent, GenerationProvenance, GenerationRequest, GenerationStatus,
} from './generation-job-events.ts';

export interface GenerationJob extends GenerationRequest {
  status: GenerationStatus;
  record_version: number | null;
  provenance: GenerationProvenance | null;
  error: { code: GenerationFailureCode; message: string } | null;
}

export type GenerationJobState = { status: 'absent' } | GenerationJob;

export type GenerationJobCommand =
  | { type: 'RequestGeneration'; request: GenerationRequest }
  | { type: 'CompleteGeneration'; job_id: string; record_version: number; provenance: GenerationProvenance }
  | { type: 'FailGeneration'; job_id: string; code: GenerationFailureCode; message: string };

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
  return [{
    type: 'GenerationCompleted',
    data: { job_id: job.job_id, record_version: command.record_version, provenance: command.provenance },
  }];
}

function failGeneration(command: CommandOf<'FailGeneration'>, state: GenerationJobState): GenerationJobEvent[] {
  const job = requireJob(state, command.job_id);
  if (job.status !== 'pending') return [];
  const message = command.message.slice(0, 4000);
  return [{ type: 'GenerationFailed', data: { job_id: job.job_id, code: command.code, message } }];
}

export const generationJobDecider: Decider<GenerationJobCommand, GenerationJobEvent, GenerationJobState> = {
  initialState: () => ({ status: 'absent' }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestGeneration': return requestGeneration(command, state);
      case 'CompleteGeneration': return completeGeneration(command, state);
      case 'FailGeneration': return failGeneration(command, state);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GenerationRequested':
        return { ...event.data, status: 'pending', record_version: null, provenance: null, error: null };
      case 'GenerationCompleted':
        if (state.status === 'absent') return state;
        return {
          ...state, status: 'success', record_version: event.data.record_version, provenance: event.data.provenance,
        };
      case 'GenerationFailed':
        if (state.status === 'absent') return state;
        return { ...state, status: 'failed', error: { code: event.data.code, message: event.data.message } };
    }
  },
};
