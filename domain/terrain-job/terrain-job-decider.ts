// The terrain job aggregate. Commands come from the API (request, cancel), the dispatcher (queue,
// block, finish) and the workers (start, progress, complete, fail). Worker commands are
// idempotent: a redelivered task reporting a phase that is already terminal changes nothing, and
// workers report per work tile (tile-tally.ts), so a tile is counted once whichever delivery of the
// phase reports it, and a phase completes only when every one of its tiles is counted.
import type { Static } from '@sinclair/typebox';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import { JobCancelledError } from './job-cancelled-error.ts';
import type { Decider } from '../shared/decider.ts';
import { DATASET_NAMES, type DatasetName } from '../terrain/types.ts';
import { PHASES, PHASE_IDS, type PhaseId } from './terrain-phases.ts';
import type { TerrainJobEvent, TerrainJobRequestedData } from './terrain-job-events.ts';
import {
  isTerminalJob,
  isTerminalPhase,
  type PhaseCounts,
  type PhaseState,
  type SourceState,
  type TerrainJob,
  type TerrainJobState,
} from './terrain-job-state.ts';
import { hasStarted, isDatasetRequested, isRequested, notReadyCode, planJob } from './terrain-job-rules.ts';
import {
  coverageWarnings,
  sameWarning,
  summaryWarnings,
  syntheticSourceWarnings,
  type SummaryFigures,
  type TerrainWarning,
} from './terrain-warnings.ts';
import {
  countsOfTally,
  NO_TILE_OUTCOMES,
  skipUncounted,
  tallyTiles,
  tileIndexOutOfRange,
  type TileOutcomes,
} from './tile-tally.ts';

export type TerrainJobRequest = Static<typeof TerrainJobRequestedData>;

export type TerrainJobCommand =
  | { type: 'RequestTerrainJob'; request: TerrainJobRequest }
  | { type: 'QueuePhases'; job_id: string; phases: Array<{ phase: PhaseId; task_id: string }> }
  | { type: 'BlockPhases'; job_id: string; phases: Array<{ phase: PhaseId; blocked_by: PhaseId }> }
  | { type: 'FinishJob'; job_id: string }
  | { type: 'StartPhase'; job_id: string; phase: PhaseId; worker_id: string; attempt: number }
  /** The tiles counted since the delivery's previous report. */
  | { type: 'ProgressPhase'; job_id: string; phase: PhaseId; tiles: TileOutcomes }
  /** Every tile of the delivery (the decider keeps tiles an earlier delivery built as completed). */
  | {
      type: 'CompletePhase';
      job_id: string;
      phase: PhaseId;
      outcome: 'complete' | 'cached' | 'partial';
      tiles: TileOutcomes;
      message: string | null;
      /** Raw phases: per dataset, the delivery's work tiles its source does not cover. */
      outside_coverage?: OutsideCoverage;
      /** terrain_summary: the figures the area-wide warnings are decided on. */
      summary?: SummaryFigures;
    }
  /** Tiles not yet counted (or all, when `tiles` is absent) are counted skipped. */
  | {
      type: 'FailPhase';
      job_id: string;
      phase: PhaseId;
      code: string;
      message: string;
      tiles?: TileOutcomes;
      outside_coverage?: OutsideCoverage;
    }
  | { type: 'CancelJob'; job_id: string; account_id: string; reason: string };

export type OutsideCoverage = Partial<Record<DatasetName, number>>;

const zeroCounts = (total = 0): PhaseCounts => ({ total, completed: 0, failed: 0, skipped: 0 });

function requireJob(state: TerrainJobState, jobId: string): TerrainJob {
  if (state.status === 'absent') throw new DomainError('not_found', `Terrain job ${jobId} not found`);
  return state;
}

/** Worker reports for a job that has ended (cancelled) are refused so the worker stops. */
function requireRunningPhase(state: TerrainJobState, jobId: string, phase: PhaseId): TerrainJob | null {
  const job = requireJob(state, jobId);
  if (job.status === 'cancelled') throw new JobCancelledError(jobId);
  if (isTerminalPhase(job.phases[phase].status)) return null;
  return job;
}

function sourceEvents(
  job: TerrainJob,
  phase: PhaseId,
  source: (dataset: DatasetName) => Omit<SourceState, never>,
): TerrainJobEvent[] {
  return PHASES[phase].datasets.map((dataset) => ({
    type: 'TerrainSourceStatusChanged',
    data: { job_id: job.job_id, dataset, ...source(dataset) },
  }));
}

/** The phase's tally after a worker's report; a tile index that is not one of the job's is refused. */
function tallyReport(job: TerrainJob, phase: PhaseId, report: TileOutcomes): string {
  const total = job.work_tiles.length;
  const bad = tileIndexOutOfRange(report, total);
  if (bad !== null) throw new DomainError('invalid', `${phase}: work tile ${bad} is not one of the job's ${total}`);
  return tallyTiles(job.phases[phase].tiles, total, report);
}

/** Warnings not yet recorded as they are (a redelivered report repeats nothing). */
function warningEvents(job: Pick<TerrainJob, 'job_id' | 'warnings'>, warnings: TerrainWarning[]): TerrainJobEvent[] {
  const recorded = job.warnings ?? [];
  return warnings
    .filter((w) => !recorded.some((r) => sameWarning(r, w) && r.message === w.message))
    .map((w) => ({ type: 'TerrainJobWarned', data: { job_id: job.job_id, ...w } }));
}

/** Coverage warnings of a raw phase's own datasets, from the tiles the delivery found uncovered. */
function coverageEvents(job: TerrainJob, phase: PhaseId, outside: OutsideCoverage | undefined): TerrainJobEvent[] {
  if (!outside) return [];
  return warningEvents(
    job,
    PHASES[phase].datasets.flatMap((d) => coverageWarnings(d, outside[d] ?? 0, job.work_tiles.length)),
  );
}

type CommandOf<T extends TerrainJobCommand['type']> = Extract<TerrainJobCommand, { type: T }>;

function progressPhase(job: TerrainJob, command: CommandOf<'ProgressPhase'>): TerrainJobEvent[] {
  const { phase, tiles } = command;
  const tally = tallyReport(job, phase, tiles);
  if (tally === job.phases[phase].tiles) return []; // a repeated report: every tile already counted so
  return [{ type: 'TerrainPhaseProgressed', data: { job_id: job.job_id, phase, counts: countsOfTally(tally), tiles } }];
}

/**
 * A phase completes only when every work tile is counted. Tiles an earlier delivery built count as
 * completed, so a phase the last delivery found all cached is `complete`, not `cached`, when this
 * job built some of it.
 */
function completePhase(job: TerrainJob, command: CommandOf<'CompletePhase'>): TerrainJobEvent[] {
  const { phase, tiles, message } = command;
  const counts = countsOfTally(tallyReport(job, phase, tiles));
  const uncounted = counts.total - counts.completed - counts.skipped - counts.failed;
  if (uncounted > 0) {
    const why = `${uncounted} of its ${counts.total} work tiles are not counted`;
    throw new DomainError('invalid', `${phase} cannot complete: ${why}`);
  }
  const outcome = command.outcome === 'cached' && counts.completed > 0 ? 'complete' : command.outcome;
  return [
    { type: 'TerrainPhaseCompleted', data: { job_id: job.job_id, phase, outcome, counts, message, tiles } },
    ...sourceEvents(job, phase, (dataset) => ({
      ok: true,
      code: null,
      message: job.source_providers[dataset]?.description ?? null,
    })),
    ...coverageEvents(job, phase, command.outside_coverage),
    ...(phase === 'terrain_summary' && command.summary ? warningEvents(job, summaryWarnings(command.summary)) : []),
  ];
}

function failPhase(job: TerrainJob, command: CommandOf<'FailPhase'>): TerrainJobEvent[] {
  const { phase } = command;
  const counts = countsOfTally(skipUncounted(tallyReport(job, phase, command.tiles ?? NO_TILE_OUTCOMES)));
  return [
    {
      type: 'TerrainPhaseFailed',
      data: {
        job_id: job.job_id,
        phase,
        code: command.code,
        message: command.message,
        counts,
        ...(command.tiles ? { tiles: command.tiles } : {}),
      },
    },
    ...sourceEvents(job, phase, () => ({ ok: false, code: command.code, message: command.message })),
    ...coverageEvents(job, phase, command.outside_coverage),
  ];
}

export const terrainJobDecider: Decider<TerrainJobCommand, TerrainJobEvent, TerrainJobState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state): TerrainJobEvent[] {
    switch (command.type) {
      case 'RequestTerrainJob': {
        if (state.status !== 'absent')
          throw new DomainError('conflict', `Terrain job ${command.request.job_id} already exists`);
        const request = command.request;
        const events: TerrainJobEvent[] = [{ type: 'TerrainJobRequested', data: request }];
        for (const phase of PHASE_IDS) {
          if (isRequested(request, phase)) continue;
          events.push({
            type: 'TerrainPhaseSkipped',
            data: { job_id: request.job_id, phase, message: `not requested (${PHASES[phase].optional}=false)` },
          });
        }
        for (const dataset of DATASET_NAMES) {
          if (isDatasetRequested(request, dataset)) continue;
          events.push({
            type: 'TerrainSourceStatusChanged',
            data: {
              job_id: request.job_id,
              dataset,
              ok: false,
              code: 'NOT_REQUESTED',
              message: `${dataset} was not requested (include_${dataset}=false)`,
            },
          });
        }
        const requestedDatasets = DATASET_NAMES.filter((d) => isDatasetRequested(request, d));
        events.push(
          ...warningEvents({ job_id: request.job_id }, syntheticSourceWarnings(request.sources, requestedDatasets)),
        );
        return events;
      }
      case 'QueuePhases': {
        const job = requireJob(state, command.job_id);
        if (isTerminalJob(job.status)) return [];
        return command.phases
          .filter(({ phase }) => job.phases[phase].status === 'pending')
          .map(({ phase, task_id }) => ({ type: 'TerrainPhaseQueued', data: { job_id: job.job_id, phase, task_id } }));
      }
      case 'BlockPhases': {
        const job = requireJob(state, command.job_id);
        if (isTerminalJob(job.status)) return [];
        return command.phases
          .filter(({ phase }) => !isTerminalPhase(job.phases[phase].status))
          .map(({ phase, blocked_by }) => ({
            type: 'TerrainPhaseBlocked',
            data: {
              job_id: job.job_id,
              phase,
              blocked_by,
              message: `blocked: ${blocked_by} ${job.phases[blocked_by].status}`,
            },
          }));
      }
      case 'FinishJob': {
        const job = requireJob(state, command.job_id);
        if (isTerminalJob(job.status)) return [];
        const finish = planJob(job).finish;
        return finish ? [{ type: 'TerrainJobFinished', data: { job_id: job.job_id, status: finish } }] : [];
      }
      case 'StartPhase': {
        const job = requireRunningPhase(state, command.job_id, command.phase);
        if (!job) return [];
        const current = job.phases[command.phase];
        if (current.status === 'running' && current.attempt === command.attempt) return [];
        return [
          {
            type: 'TerrainPhaseStarted',
            data: { job_id: job.job_id, phase: command.phase, worker_id: command.worker_id, attempt: command.attempt },
          },
        ];
      }
      case 'ProgressPhase': {
        const job = requireRunningPhase(state, command.job_id, command.phase);
        return job ? progressPhase(job, command) : [];
      }
      case 'CompletePhase': {
        const job = requireRunningPhase(state, command.job_id, command.phase);
        return job ? completePhase(job, command) : [];
      }
      case 'FailPhase': {
        const job = requireRunningPhase(state, command.job_id, command.phase);
        return job ? failPhase(job, command) : [];
      }
      case 'CancelJob': {
        const job = requireAccess(requireJob(state, command.job_id), command.account_id, {
          kind: 'Terrain job',
          id: command.job_id,
        });
        if (isTerminalJob(job.status))
          throw new DomainError('conflict', `Terrain job ${job.job_id} has already finished (${job.status})`);
        return [{ type: 'TerrainJobCanceled', data: { job_id: job.job_id, reason: command.reason } }];
      }
    }
  },

  evolve(state, event): TerrainJobState {
    if (event.type === 'TerrainJobRequested') {
      const d = event.data;
      const phases = Object.fromEntries(
        PHASE_IDS.map((p): [PhaseId, PhaseState] => [
          p,
          {
            status: 'pending',
            counts: null,
            code: null,
            message: null,
            attempt: 0,
          },
        ]),
      ) as Record<PhaseId, PhaseState>;
      const sources = Object.fromEntries(
        DATASET_NAMES.map((dataset): [DatasetName, SourceState] => [
          dataset,
          {
            ok: false,
            code: notReadyCode(dataset),
            message: `${dataset} is still being prepared`,
          },
        ]),
      ) as Record<DatasetName, SourceState>;
      return {
        status: 'pending',
        job_id: d.job_id,
        map_id: d.map_id,
        operation_id: d.operation_id,
        account_id: d.account_id,
        boundary_layer_id: d.boundary_layer_id,
        include_population: d.include_population,
        include_buildings: d.include_buildings,
        work_zoom: d.work_zoom,
        work_tiles: d.work_tiles as Array<[number, number]>,
        source_providers: d.sources,
        phases,
        sources,
      };
    }
    if (state.status === 'absent') return state;
    // Until TerrainJobFinished or TerrainJobCanceled the job is pending, then in progress.
    // Events recorded before per-tile reports carry no tiles: their counts stand alone.
    const tallied = (phase: PhaseId, report: TileOutcomes | undefined): Pick<PhaseState, 'tiles'> =>
      report ? { tiles: tallyTiles(state.phases[phase].tiles, state.work_tiles.length, report) } : {};
    const withPhase = (phase: PhaseId, patch: Partial<PhaseState>): TerrainJob => {
      const next = { ...state, phases: { ...state.phases, [phase]: { ...state.phases[phase], ...patch } } };
      if (isTerminalJob(state.status)) return next;
      return { ...next, status: hasStarted(next) ? 'in_progress' : 'pending' };
    };
    switch (event.type) {
      case 'TerrainPhaseQueued':
        return withPhase(event.data.phase, {
          status: 'queued',
          counts: state.phases[event.data.phase].counts ?? zeroCounts(state.work_tiles.length),
        });
      case 'TerrainPhaseStarted':
        return withPhase(event.data.phase, { status: 'running', attempt: event.data.attempt });
      case 'TerrainPhaseProgressed': {
        const { phase, counts, tiles } = event.data;
        return withPhase(phase, { counts, ...tallied(phase, tiles) });
      }
      case 'TerrainPhaseCompleted': {
        const { phase, outcome, counts, message, tiles } = event.data;
        return withPhase(phase, { status: outcome, counts, message, ...tallied(phase, tiles) });
      }
      case 'TerrainPhaseFailed': {
        const { phase, counts, code, message } = event.data;
        const { tiles } = tallied(phase, event.data.tiles ?? NO_TILE_OUTCOMES);
        return withPhase(phase, { status: 'failed', counts, code, message, tiles: skipUncounted(tiles!) });
      }
      case 'TerrainPhaseBlocked':
        return withPhase(event.data.phase, { status: 'blocked', message: event.data.message });
      case 'TerrainPhaseSkipped':
        return {
          ...state,
          phases: {
            ...state.phases,
            [event.data.phase]: { ...state.phases[event.data.phase], status: 'skipped', message: event.data.message },
          },
        };
      case 'TerrainSourceStatusChanged': {
        const { dataset, ok, code, message } = event.data;
        return { ...state, sources: { ...state.sources, [dataset]: { ok, code, message } } };
      }
      case 'TerrainJobCanceled': {
        const phases = { ...state.phases };
        for (const phase of PHASE_IDS) {
          if (!isTerminalPhase(phases[phase].status))
            phases[phase] = { ...phases[phase], status: 'canceled', message: 'job cancelled' };
        }
        const sources = { ...state.sources };
        for (const dataset of DATASET_NAMES) {
          if (!sources[dataset].ok && sources[dataset].code === notReadyCode(dataset)) {
            sources[dataset] = {
              ok: false,
              code: 'JOB_CANCELLED',
              message: `job cancelled before ${dataset} was ready`,
            };
          }
        }
        return { ...state, status: 'cancelled', phases, sources };
      }
      case 'TerrainJobFinished':
        return { ...state, status: event.data.status };
      case 'TerrainJobWarned': {
        const { job_id: _job, ...warning } = event.data;
        return { ...state, warnings: [...(state.warnings ?? []).filter((w) => !sameWarning(w, warning)), warning] };
      }
    }
  },
};
