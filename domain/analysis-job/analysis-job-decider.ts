// The analysis job aggregate. The API requests and cancels; the dispatcher queues (or records that
// a dependency is still being prepared) and fails on a dependency that failed; workers start,
// progress, complete and fail. Worker reports are idempotent: a redelivered task reporting on an
// analysis that already ended changes nothing; a cancelled analysis refuses them so the worker stops.
import type { Static } from '@sinclair/typebox';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { AnalysisJobEvent, AnalysisRequestedData, AnalysisWaitingData } from './analysis-job-events.ts';
import { isTerminalAnalysis, type AnalysisStatus } from './analysis-vocabulary.ts';
import { recordedAnalysisSpec, type AnalysisSpec } from './analysis-parameters.ts';

export type AnalysisRequest = Static<typeof AnalysisRequestedData>;
export type AnalysisWait = Omit<Static<typeof AnalysisWaitingData>, 'analysis_id'>;

export interface AnalysisProgress {
  completed: number;
  total: number;
  stage: string;
}

/** An analysis: its type and parameters (AnalysisSpec, narrowed together), and its progress. */
export type AnalysisJob = AnalysisJobFields & AnalysisSpec;

interface AnalysisJobFields {
  status: AnalysisStatus;
  analysis_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  title: string;
  work_zoom: number;
  work_tiles: Array<[number, number]>;
  elevation_source: 'terrain_job' | 'on_demand';
  terrain_job_id: string | null;
  waiting_for: AnalysisWait | null;
  attempt: number;
  progress: AnalysisProgress | null;
  result: Record<string, unknown> | null;
  layer_id: string | null;
  error: { code: string; message: string } | null;
}

export type AnalysisJobState = { status: 'absent' } | AnalysisJob;

export type AnalysisJobCommand =
  | { type: 'RequestAnalysis'; request: AnalysisRequest; wait: AnalysisWait | null }
  | { type: 'QueueAnalysis'; analysis_id: string; task_id: string }
  | { type: 'StartAnalysis'; analysis_id: string; worker_id: string; attempt: number }
  | { type: 'ProgressAnalysis'; analysis_id: string; progress: AnalysisProgress }
  | { type: 'CompleteAnalysis'; analysis_id: string; result: Record<string, unknown>; layer_id: string | null }
  | { type: 'FailAnalysis'; analysis_id: string; code: string; message: string }
  | { type: 'CancelAnalysis'; analysis_id: string; account_id: string; reason: string };

/** Thrown to a worker reporting on a cancelled analysis: it stops and acknowledges its task. */
export class AnalysisCancelledError extends Error {
  constructor(readonly analysisId: string) {
    super(`Analysis ${analysisId} was cancelled`);
    this.name = 'AnalysisCancelledError';
  }
}

function requireAnalysis(state: AnalysisJobState, id: string): AnalysisJob {
  if (state.status === 'absent') throw new DomainError('not_found', `Analysis ${id} not found`);
  return state;
}

/** The analysis while a worker may still report on it; null when it already ended (a repeat). */
function runningAnalysis(state: AnalysisJobState, id: string): AnalysisJob | null {
  const job = requireAnalysis(state, id);
  if (job.status === 'cancelled') throw new AnalysisCancelledError(id);
  return isTerminalAnalysis(job.status) ? null : job;
}

function requestAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'RequestAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  if (state.status !== 'absent')
    throw new DomainError('conflict', `Analysis ${command.request.analysis_id} already exists`);
  const events: AnalysisJobEvent[] = [{ type: 'AnalysisRequested', data: command.request }];
  if (command.wait)
    events.push({ type: 'AnalysisWaiting', data: { analysis_id: command.request.analysis_id, ...command.wait } });
  return events;
}

function queueAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'QueueAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = requireAnalysis(state, command.analysis_id);
  if (job.status !== 'pending' && job.status !== 'waiting') return [];
  return [{ type: 'AnalysisQueued', data: { analysis_id: job.analysis_id, task_id: command.task_id } }];
}

function startAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'StartAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = runningAnalysis(state, command.analysis_id);
  if (!job || (job.status === 'running' && job.attempt === command.attempt)) return [];
  return [
    {
      type: 'AnalysisStarted',
      data: { analysis_id: job.analysis_id, worker_id: command.worker_id, attempt: command.attempt },
    },
  ];
}

function progressAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'ProgressAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = runningAnalysis(state, command.analysis_id);
  if (!job) return [];
  return [{ type: 'AnalysisProgressed', data: { analysis_id: job.analysis_id, ...command.progress } }];
}

function completeAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'CompleteAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = runningAnalysis(state, command.analysis_id);
  if (!job) return [];
  return [
    {
      type: 'AnalysisCompleted',
      data: { analysis_id: job.analysis_id, result: command.result, layer_id: command.layer_id },
    },
  ];
}

function failAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'FailAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = requireAnalysis(state, command.analysis_id);
  if (isTerminalAnalysis(job.status)) return [];
  return [
    { type: 'AnalysisFailed', data: { analysis_id: job.analysis_id, code: command.code, message: command.message } },
  ];
}

function cancelAnalysis(
  command: Extract<AnalysisJobCommand, { type: 'CancelAnalysis' }>,
  state: AnalysisJobState,
): AnalysisJobEvent[] {
  const job = requireAccess(state.status === 'absent' ? null : state, command.account_id, {
    kind: 'Analysis',
    id: command.analysis_id,
  });
  if (isTerminalAnalysis(job.status))
    throw new DomainError('conflict', `Analysis ${job.analysis_id} has already finished (${job.status})`);
  return [{ type: 'AnalysisCancelled', data: { analysis_id: job.analysis_id, reason: command.reason } }];
}

export const analysisJobDecider: Decider<AnalysisJobCommand, AnalysisJobEvent, AnalysisJobState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestAnalysis':
        return requestAnalysis(command, state);
      case 'QueueAnalysis':
        return queueAnalysis(command, state);
      case 'StartAnalysis':
        return startAnalysis(command, state);
      case 'ProgressAnalysis':
        return progressAnalysis(command, state);
      case 'CompleteAnalysis':
        return completeAnalysis(command, state);
      case 'FailAnalysis':
        return failAnalysis(command, state);
      case 'CancelAnalysis':
        return cancelAnalysis(command, state);
    }
  },

  evolve(state, event) {
    if (event.type === 'AnalysisRequested') {
      const d = event.data;
      return {
        status: 'pending',
        analysis_id: d.analysis_id,
        map_id: d.map_id,
        operation_id: d.operation_id,
        account_id: d.account_id,
        ...recordedAnalysisSpec(d),
        title: d.title,
        work_zoom: d.work_zoom,
        work_tiles: d.work_tiles as Array<[number, number]>,
        elevation_source: d.elevation_source,
        terrain_job_id: d.terrain_job_id,
        waiting_for: null,
        attempt: 0,
        progress: null,
        result: null,
        layer_id: null,
        error: null,
      };
    }
    if (state.status === 'absent') return state;
    switch (event.type) {
      case 'AnalysisWaiting': {
        const { analysis_id: _, ...wait } = event.data;
        return { ...state, status: 'waiting', waiting_for: wait };
      }
      case 'AnalysisQueued':
        return { ...state, status: 'queued', waiting_for: null };
      case 'AnalysisStarted':
        return { ...state, status: 'running', attempt: event.data.attempt };
      case 'AnalysisProgressed': {
        const { completed, total, stage } = event.data;
        return { ...state, progress: { completed, total, stage } };
      }
      case 'AnalysisCompleted':
        return { ...state, status: 'success', result: event.data.result, layer_id: event.data.layer_id };
      case 'AnalysisFailed':
        return { ...state, status: 'failed', error: { code: event.data.code, message: event.data.message } };
      case 'AnalysisCancelled':
        return { ...state, status: 'cancelled', error: { code: 'CANCELLED', message: event.data.reason } };
    }
  },
};
