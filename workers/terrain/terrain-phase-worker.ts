// Phase workers: take terrain phase tasks from the work queue, run them in a phase thread and
// report through commands (started, throttled progress, completed or failed), tile by tile: the
// decider counts each work tile once across deliveries (domain/terrain-job/tile-tally.ts). Workers
// never write read models. A redelivered task for a phase that already finished changes nothing.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { decideTerrainJob } from '../../commands/terrain-job-commands.ts';
import { terrainJobDecider, type TerrainJobCommand } from '../../domain/terrain-job/terrain-job-decider.ts';
import { terrainJobStream, type TerrainJobRequested } from '../../domain/terrain-job/terrain-job-events.ts';
import { loadState } from '../../commands/load-state.ts';
import { isTerminalJob, isTerminalPhase, type TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { PHASES, type PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import { JobCancelledError } from '../../domain/terrain-job/job-cancelled-error.ts';
import { isJobCancelled } from '../jobs/cancellation-watch.ts';
import type { TileOutcomes } from '../../domain/terrain-job/tile-tally.ts';
import type { DatasetName } from '../../domain/terrain/types.ts';
import { boundaryArea } from '../../domain/map/boundary-area.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { jobContext } from '../jobs/job-context.ts';
import type { SourceProvider } from './sources/source-provider.ts';
import type { PhaseRunner } from './phase-thread/create-phase-runner.ts';

/** Progress is reported at most this often per phase (not once per work tile), and no later while tiles wait. */
const PROGRESS_INTERVAL_MS = 1000;

export interface PhaseWorkerDependencies {
  store: EventStore;
  runner: PhaseRunner;
  providers: Record<DatasetName, SourceProvider>;
  sourceSettings: Record<string, string | undefined>;
  tileStoreDir: string;
  logger: Logger;
  workerId?: string;
  /** Work tiles in flight inside one phase. */
  tileConcurrency?: number;
}

export const terrainJobContext = (job: TerrainJob) => jobContext({ account_id: job.account_id }, job.job_id);

/** The datasets a phase reads: its own, or its inputs' (for derived phases). */
function datasetsOf(phase: PhaseId): DatasetName[] {
  const definition = PHASES[phase];
  return definition.kind === 'raw' ? definition.datasets : definition.inputs.flatMap((input) => PHASES[input].datasets);
}

type PhaseResult = Awaited<ReturnType<PhaseRunner['run']>>;

/** One delivery of a phase task: what every step below needs. */
interface PhaseDelivery {
  deps: PhaseWorkerDependencies;
  control: TaskControl;
  job: TerrainJob;
  phase: PhaseId;
  /** The job's boundary, kept in its first event. */
  boundary: TerrainJobRequested['data']['boundary_shape'];
  report(command: TerrainJobCommand): Promise<unknown>;
}

export function terrainPhaseWorker(deps: PhaseWorkerDependencies) {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return async (jobId: string, phase: PhaseId, control: TaskControl): Promise<void> => {
    const delivery = await openDelivery(deps, control, jobId, phase);
    if (!delivery) return;
    if (!(await startPhase(delivery, workerId))) return;
    if (await failOnChangedSources(delivery)) return;
    await runAndReport(delivery);
  };
}

/** The job and its boundary (one read), or null when there is nothing left to do for the phase. */
async function openDelivery(
  deps: PhaseWorkerDependencies,
  control: TaskControl,
  jobId: string,
  phase: PhaseId,
): Promise<PhaseDelivery | null> {
  const { state, events } = await loadState(deps.store, terrainJobStream(jobId), terrainJobDecider);
  if (state.status === 'absent' || isTerminalJob(state.status)) return null;
  if (isTerminalPhase(state.phases[phase].status)) return null;
  const job = state;
  const ctx = terrainJobContext(job);
  return {
    deps,
    control,
    job,
    phase,
    boundary: (events[0] as TerrainJobRequested).data.boundary_shape,
    report: (command) => decideTerrainJob(deps.store, ctx, job.operation_id, command),
  };
}

/** Reports the phase started; false when the job was cancelled meanwhile (the task is done). */
async function startPhase(delivery: PhaseDelivery, workerId: string): Promise<boolean> {
  const { job, phase, control } = delivery;
  try {
    await delivery.report({
      type: 'StartPhase',
      job_id: job.job_id,
      phase,
      worker_id: workerId,
      attempt: control.attempt,
    });
    return true;
  } catch (error) {
    if (error instanceof JobCancelledError) return false;
    throw error;
  }
}

/** A worker configured with other sources than the job recorded would build other products. */
async function failOnChangedSources({ deps, job, phase, report }: PhaseDelivery): Promise<boolean> {
  const changed = datasetsOf(phase).filter(
    (d) => deps.providers[d].fingerprint !== job.source_providers[d]?.fingerprint,
  );
  if (changed.length === 0) return false;
  await report({
    type: 'FailPhase',
    job_id: job.job_id,
    phase,
    code: 'SOURCE_CONFIGURATION_CHANGED',
    message: `this worker's source for ${changed.join(', ')} differs from the one the job was requested with`,
  });
  return true;
}

/**
 * Progress reports: the tiles counted since the last report, at most once a second and sent one
 * after another; tiles counted within the interval go out when it ends, so a killed worker loses at
 * most a second of reports (the next delivery finds those tiles cached: counted skipped). A refused
 * report means the job was cancelled: `cancel` stops the work. Other failures are logged and their
 * tiles go out with the next report; the final report (every tile) still decides.
 */
function progressReporter({ deps, control, job, phase, report }: PhaseDelivery, cancel: AbortController) {
  let lastReport = Date.now();
  let reporting = Promise.resolve();
  let pending: TileOutcomes = { completed: [], skipped: [], failed: [] };
  let timer: NodeJS.Timeout | null = null;
  const send = () => {
    timer = null;
    lastReport = Date.now();
    const tiles = pending;
    pending = { completed: [], skipped: [], failed: [] };
    reporting = reporting
      .then(async () => {
        await report({ type: 'ProgressPhase', job_id: job.job_id, phase, tiles });
      })
      .catch((error) => {
        if (error instanceof JobCancelledError) cancel.abort(new Error('job cancelled'));
        else {
          deps.logger.warn({ err: error, job_id: job.job_id, phase }, 'progress report failed');
          for (const key of ['completed', 'skipped', 'failed'] as const) pending[key].unshift(...tiles[key]);
        }
      });
  };
  const onProgress = (progress: { tiles: TileOutcomes }) => {
    control.heartbeat();
    for (const key of ['completed', 'skipped', 'failed'] as const) pending[key].push(...progress.tiles[key]);
    if (timer) return;
    const wait = PROGRESS_INTERVAL_MS - (Date.now() - lastReport);
    if (wait <= 0) send();
    else timer = setTimeout(send, wait);
  };
  /** Stops reporting (the final report follows) and waits for the reports under way. */
  const settled = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    return reporting;
  };
  return { onProgress, settled };
}

/**
 * Runs the phase and reports how it ended. Throws (so the task is redelivered) on anything but a
 * cancelled job, including a report whose conflict retries ran out.
 */
async function runAndReport(delivery: PhaseDelivery): Promise<void> {
  const { deps, control, job, phase } = delivery;
  const cancel = new AbortController();
  const stop = () => cancel.abort(control.signal.reason);
  control.signal.addEventListener('abort', stop, { once: true });
  const progress = progressReporter(delivery, cancel);
  const heartbeat = setInterval(() => control.heartbeat(), 1000);
  try {
    const result = await deps.runner.run(
      {
        phase,
        area: boundaryArea(delivery.boundary as unknown as Parameters<typeof boundaryArea>[0]),
        tiles: job.work_tiles.map(([x, y]) => ({ z: job.work_zoom, x, y })),
        includePopulation: job.include_population,
        includeBuildings: job.include_buildings,
        sourceSettings: deps.sourceSettings,
        tileStoreDir: deps.tileStoreDir,
        concurrency: deps.tileConcurrency ?? 2,
      },
      { onProgress: progress.onProgress, signal: cancel.signal },
    );
    await progress.settled();
    if (cancel.signal.aborted) {
      // Cancelled job (a refused report here, or the cancellation watch's signal): nothing more to report.
      if (control.signal.aborted && !isJobCancelled(control.signal.reason)) throw control.signal.reason;
      return;
    }
    await reportResult(delivery, result);
  } catch (error) {
    if (cancel.signal.aborted && (!control.signal.aborted || isJobCancelled(control.signal.reason))) return;
    if (error instanceof JobCancelledError) return; // cancelled while reporting
    throw error;
  } finally {
    void progress.settled();
    clearInterval(heartbeat);
    control.signal.removeEventListener('abort', stop);
  }
}

async function reportResult({ job, phase, report }: PhaseDelivery, result: PhaseResult): Promise<void> {
  const jobId = job.job_id;
  if (result.status === 'failed') {
    await report({
      type: 'FailPhase',
      job_id: jobId,
      phase,
      code: result.error?.code ?? 'PHASE_FAILED',
      message: result.error?.message ?? 'phase failed',
      tiles: result.tiles,
      ...(result.outside_coverage ? { outside_coverage: result.outside_coverage } : {}),
    });
  } else if (result.status === 'complete' || result.status === 'cached' || result.status === 'partial') {
    const message =
      result.status === 'partial' && result.error
        ? `${result.error.code}: ${result.error.message}`
        : (result.message ?? null);
    await report({
      type: 'CompletePhase',
      job_id: jobId,
      phase,
      outcome: result.status,
      tiles: result.tiles,
      message,
      ...(result.outside_coverage ? { outside_coverage: result.outside_coverage } : {}),
      ...(result.summary_figures ? { summary: result.summary_figures } : {}),
    });
  } else {
    throw new Error(`phase ended ${result.status}`);
  }
}
