// The dispatcher (a process manager): follows the event log and, for every terrain job that
// changed, asks planJob what is due: tasks for phases whose inputs are ready (derived phases as
// soon as their own inputs are, not when the job ends), blocked phases when an input failed, and
// the terminal status once every phase is done. Tasks carry a deterministic id (job:phase), so
// enqueuing again after a restart never runs a phase twice. Its checkpoint lives outside the read
// models: a read-model rebuild does not replay the dispatcher.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { decideTerrainJob, loadTerrainJob } from '../commands/terrain-job-commands.ts';
import { planJob } from '../domain/terrain-job/terrain-job-rules.ts';
import { isTerminalJob, type TerrainJob } from '../domain/terrain-job/terrain-job-state.ts';
import { PHASE_IDS } from '../domain/terrain-job/terrain-phases.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import { EventLogFollower } from './event-log-follower.ts';
import { resumeThenFollow } from './resume-then-follow.ts';
import type { WorkQueue } from '../infra/work-queue/work-queue.ts';
import { terrainPhaseTask } from './terrain-phase-worker.ts';

export class TerrainDispatcher {
  private readonly follower: EventLogFollower;

  constructor(
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly queue: WorkQueue,
    logger: Logger,
  ) {
    this.follower = new EventLogFollower('terrain_dispatcher', store, knex, logger, async (batch) => {
      const jobs = new Set<string>();
      for (const event of batch) {
        if (event.stream_id.startsWith('terrain_job-')) jobs.add(event.stream_id.slice('terrain_job-'.length));
      }
      for (const jobId of jobs) await this.advance(jobId);
    });
  }

  async start(): Promise<void> {
    await resumeThenFollow(this.follower, () => unfinishedTerrainJobs(this.knex), (jobId) => this.resumeJob(jobId));
  }

  /**
   * Phases queued or running when the process stopped are enqueued again: an in-memory queue lost
   * them, and on JetStream the same ids are dropped as duplicates.
   */
  private async resumeJob(jobId: string): Promise<void> {
    const job = await loadTerrainJob(this.store, jobId);
    if (job.status === 'absent' || isTerminalJob(job.status)) return;
    for (const phase of PHASE_IDS) {
      if (!['queued', 'running'].includes(job.phases[phase].status)) continue;
      await this.queue.enqueue(terrainPhaseTask(jobId, phase));
    }
    await this.advance(jobId);
  }

  /** Applies the job's plan until nothing more is due. Safe to repeat. */
  async advance(jobId: string): Promise<void> {
    for (let round = 0; round < 10; round++) {
      const state = await loadTerrainJob(this.store, jobId);
      if (state.status === 'absent' || isTerminalJob(state.status)) return;
      const plan = planJob(state);
      if (plan.queue.length === 0 && plan.block.length === 0 && !plan.finish) return;
      const ctx = dispatcherContext(state);
      // Enqueue first: a crash between the two leaves a task whose phase is still pending, which
      // the worker accepts; the other order could record a queued phase with no task.
      for (const phase of plan.queue) await this.queue.enqueue(terrainPhaseTask(jobId, phase));
      if (plan.queue.length > 0) {
        await decideTerrainJob(this.store, ctx, state.operation_id, {
          type: 'QueuePhases',
          job_id: jobId,
          phases: plan.queue.map((phase) => ({ phase, task_id: terrainPhaseTask(jobId, phase).id })),
        });
      }
      if (plan.block.length > 0) {
        await decideTerrainJob(this.store, ctx, state.operation_id, {
          type: 'BlockPhases',
          job_id: jobId,
          phases: plan.block,
        });
      }
      if (plan.finish) {
        await decideTerrainJob(this.store, ctx, state.operation_id, { type: 'FinishJob', job_id: jobId });
      }
    }
  }

  async stop(): Promise<void> {
    await this.follower.stop();
  }
}

function dispatcherContext(job: TerrainJob) {
  return {
    principal: { account_id: job.account_id, api_key_id: null },
    correlation_id: job.job_id,
    causation_id: null,
    now: () => new Date(),
  };
}

// The dispatcher reads the read model's job rows directly: which jobs are unfinished after a restart.
async function unfinishedTerrainJobs(knex: Knex): Promise<string[]> {
  return knex('terrain_jobs').whereIn('status', ['pending', 'in_progress']).pluck('job_id');
}
