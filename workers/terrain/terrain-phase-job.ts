// Terrain phases as a job kind. Dispatch: for every terrain job that changed, planJob says what is
// due: tasks for phases whose inputs are ready (derived phases as soon as their own inputs are, not
// when the job ends), blocked phases when an input failed, and the terminal status once every phase
// is done. Tasks carry a deterministic id (job:phase), so enqueuing again after a restart never runs
// a phase twice; phases queued or running when the process stopped are enqueued again. A task that
// used up its deliveries fails its phase with PHASE_RETRIES_EXHAUSTED.
import { Type } from '@sinclair/typebox';
import type { Logger } from 'pino';
import { decideTerrainJob, loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import { planJob } from '../../domain/terrain-job/terrain-job-rules.ts';
import { isTerminalJob, isTerminalPhase } from '../../domain/terrain-job/terrain-job-state.ts';
import { PHASE_IDS, type PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { TerrainJobCanceled } from '../../domain/terrain-job/terrain-job-events.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { WorkTask } from '../../infra/work-queue/work-queue.ts';
import {
  unfinishedTerrainJobIds,
  unfinishedTerrainJobIdsOfOperation,
} from '../../projections/queries/terrain-job-queries.ts';
import { deletedOperations, OPERATION_DELETED_REASON } from '../jobs/deleted-operations.ts';
import { defineJobKind, jobTask, taskHandlerOf } from '../jobs/define-job-kind.ts';
import { taskControlOf, type DispatchEnv, type JobKind } from '../jobs/job-kind.ts';
import { createPhaseRunner } from './phase-thread/create-phase-runner.ts';
import { terrainJobContext, terrainPhaseWorker, type PhaseWorkerDependencies } from './terrain-phase-worker.ts';

const CANCELED = new Set(['TerrainJobCanceled']);
const params = Type.Object({ job_id: Type.String(), phase: Type.Union(PHASE_IDS.map((id) => Type.Literal(id))) });
type PhaseTask = { job_id: string; phase: PhaseId };

export const TERRAIN_PHASE_TASK = 'terrain_phase';
const taskId = ({ job_id, phase }: PhaseTask) => `${job_id}:${phase}`;

/** Applies the job's plan until nothing more is due. Safe to repeat. */
async function advance(jobId: string, env: DispatchEnv<PhaseTask>): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const state = await loadTerrainJob(env.store, jobId);
    if (state.status === 'absent' || isTerminalJob(state.status)) return;
    const plan = planJob(state);
    if (plan.queue.length === 0 && plan.block.length === 0 && !plan.finish) return;
    const ctx = terrainJobContext(state);
    // Enqueue first: a crash between the two leaves a task whose phase is still pending, which
    // the worker accepts; the other order could record a queued phase with no task.
    for (const phase of plan.queue) await env.enqueue({ job_id: jobId, phase });
    if (plan.queue.length > 0) {
      await decideTerrainJob(env.store, ctx, state.operation_id, {
        type: 'QueuePhases',
        job_id: jobId,
        phases: plan.queue.map((phase) => ({ phase, task_id: taskId({ job_id: jobId, phase }) })),
      });
    }
    if (plan.block.length > 0) {
      await decideTerrainJob(env.store, ctx, state.operation_id, {
        type: 'BlockPhases',
        job_id: jobId,
        phases: plan.block,
      });
    }
    if (plan.finish) await decideTerrainJob(env.store, ctx, state.operation_id, { type: 'FinishJob', job_id: jobId });
  }
}

/**
 * Phases queued or running when the process stopped are enqueued again: an in-memory queue lost
 * them, and on JetStream the same ids are dropped as duplicates.
 */
async function resumeJob(jobId: string, env: DispatchEnv<PhaseTask>): Promise<void> {
  const job = await loadTerrainJob(env.store, jobId);
  if (job.status === 'absent' || isTerminalJob(job.status)) return;
  for (const phase of PHASE_IDS) {
    if (['queued', 'running'].includes(job.phases[phase].status)) await env.enqueue({ job_id: jobId, phase });
  }
  await advance(jobId, env);
}

/** A terrain job of a deleted operation ends cancelled (its workers stop at their next progress report). */
async function cancelOfDeletedOperation(jobId: string, env: DispatchEnv<PhaseTask>): Promise<void> {
  const job = await loadTerrainJob(env.store, jobId);
  if (job.status === 'absent' || isTerminalJob(job.status)) return;
  await decideTerrainJob(env.store, terrainJobContext(job), job.operation_id, {
    type: 'CancelJob',
    job_id: jobId,
    account_id: job.account_id,
    reason: OPERATION_DELETED_REASON,
  });
}

export const terrainPhaseJob: JobKind<typeof params, string> = {
  kind: TERRAIN_PHASE_TASK,
  params,
  taskId,
  // A cancelled job's running phase stops at its next checkpoint (its tile loop watches the signal).
  cancelledBy: (event) =>
    isEventOf<TerrainJobCanceled>(event, CANCELED)
      ? PHASE_IDS.map((phase) => ({ job_id: event.data.job_id, phase }))
      : [],
  dispatch: {
    // Named before the job kinds were: renaming it would replay the whole log.
    follower: 'terrain_dispatcher',
    async onBatch(batch, env) {
      for (const operationId of await deletedOperations(batch, env.knex)) {
        for (const id of await unfinishedTerrainJobIdsOfOperation(env.knex, operationId))
          await cancelOfDeletedOperation(id, env);
      }
      const jobs = new Set<string>();
      for (const event of batch) {
        if (event.stream_id.startsWith('terrain_job-')) jobs.add(event.stream_id.slice('terrain_job-'.length));
      }
      for (const jobId of jobs) await advance(jobId, env);
    },
    unfinished: (env) => unfinishedTerrainJobIds(env.knex),
    resume: resumeJob,
  },
  start(services) {
    const runner = createPhaseRunner(services.config.workerConcurrency, services.config.workerThreadNice);
    const run = terrainPhaseWorker({
      store: services.store,
      runner,
      providers: services.providers,
      logger: services.logger,
      tileStoreDir: services.config.tileStoreDir,
      sourceSettings: services.sourceSettings,
    });
    return {
      run: ({ job_id, phase }, reporter, signal) => run(job_id, phase, taskControlOf(reporter, signal)),
      close: () => runner.destroy(),
    };
  },
  async exhausted({ job_id, phase }, { attempts, reason }, { store }) {
    const job = await loadTerrainJob(store, job_id);
    if (job.status === 'absent' || isTerminalJob(job.status) || isTerminalPhase(job.phases[phase].status)) return false;
    // No tiles: the decider keeps what the deliveries reported and counts the rest skipped.
    await decideTerrainJob(store, terrainJobContext(job), job.operation_id, {
      type: 'FailPhase',
      job_id,
      phase,
      code: 'PHASE_RETRIES_EXHAUSTED',
      message: `phase failed after ${attempts} attempts: ${reason}`.slice(0, 2000),
    });
    return true;
  },
};

/** The task of one phase of a terrain job. */
export const terrainPhaseTask = (jobId: string, phase: PhaseId): WorkTask =>
  jobTask(terrainPhaseJob, { job_id: jobId, phase });

/** A phase worker on threads made by the caller (tests and single-purpose worker processes). */
export function handleTerrainPhaseTask(deps: PhaseWorkerDependencies) {
  const run = terrainPhaseWorker(deps);
  return taskHandlerOf(terrainPhaseJob, {
    run: ({ job_id, phase }, reporter, signal) => run(job_id, phase, taskControlOf(reporter, signal)),
  });
}

/** The kind's dead-letter handler alone (the work pipeline routes every kind's). */
export const failExhaustedPhase = (store: EventStore, logger: Logger) =>
  defineJobKind(terrainPhaseJob).deadLetter({ store, logger });
