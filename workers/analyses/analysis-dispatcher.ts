// The analysis dispatcher (a process manager beside the terrain dispatcher, following the same
// log): queues a requested analysis whose dependencies are ready, leaves one waiting while the
// covering terrain job prepares a dataset, and fails it when that dataset fails. Analyses waiting
// on a map are re-checked whenever one of the map's terrain jobs changes. Task ids are per analysis,
// so enqueuing again after a restart is dropped as a duplicate.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { decideAnalysis, loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { analysisDependencies, dependencyVerdict } from '../../domain/analysis-job/analysis-dependencies.ts';
import type { AnalysisParameters } from '../../domain/analysis-job/analysis-parameters.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { WorkQueue } from '../../infra/work-queue/work-queue.ts';
import { loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import { EventLogFollower } from '../event-log-follower.ts';
import { resumeThenFollow } from '../resume-then-follow.ts';
import { analysisContext, analysisTask } from './analysis-worker.ts';

export class AnalysisDispatcher {
  private readonly follower: EventLogFollower;

  constructor(
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly queue: WorkQueue,
    logger: Logger,
  ) {
    this.follower = new EventLogFollower('analysis_dispatcher', store, knex, logger, async (batch) => {
      const analyses = new Set<string>();
      const maps = new Set<string>();
      for (const event of batch) {
        if (event.stream_id.startsWith('analysis-')) analyses.add(event.stream_id.slice('analysis-'.length));
        if (event.type === 'TerrainJobRequested') continue;
        if (event.stream_id.startsWith('terrain_job-')) {
          const row = await this.knex('terrain_jobs')
            .where({ job_id: event.stream_id.slice('terrain_job-'.length) })
            .first('map_id');
          if (row) maps.add(row.map_id);
        }
      }
      for (const mapId of maps) for (const id of await waitingAnalysesOfMap(this.knex, mapId)) analyses.add(id);
      for (const id of analyses) await this.advance(id);
    });
  }

  async start(): Promise<void> {
    await resumeThenFollow(this.follower, () => unfinishedAnalyses(this.knex), (id) => this.advance(id));
  }

  /** Queues, keeps waiting or fails one analysis. Safe to repeat. */
  async advance(analysisId: string): Promise<void> {
    const job = await loadAnalysis(this.store, analysisId);
    if (job.status === 'absent') return;
    if (job.status === 'queued' || job.status === 'running') {
      await this.queue.enqueue(analysisTask(analysisId));
      return;
    }
    if (job.status !== 'pending' && job.status !== 'waiting') return;
    const ctx = analysisContext(job);
    if (job.status === 'waiting') {
      // The job it waits for is the one that covered its footprint when it was requested.
      const terrain = job.waiting_for ? await loadTerrainJob(this.store, job.waiting_for.job_id) : null;
      const verdict = dependencyVerdict(
        analysisDependencies(job.analysis_type, job.parameters as unknown as AnalysisParameters),
        terrain && terrain.status !== 'absent' ? terrain : null,
      );
      if (verdict.kind === 'wait') return;
      if (verdict.kind === 'unavailable') {
        await decideAnalysis(this.store, ctx, job.operation_id, {
          type: 'FailAnalysis',
          analysis_id: analysisId,
          code: 'DEPENDENCY_FAILED',
          message: verdict.message,
        });
        return;
      }
    }
    // Enqueue first: a crash between the two leaves a task for a pending analysis, which the worker accepts.
    await this.queue.enqueue(analysisTask(analysisId));
    await decideAnalysis(this.store, ctx, job.operation_id, {
      type: 'QueueAnalysis',
      analysis_id: analysisId,
      task_id: analysisTask(analysisId).id,
    });
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }
}

// The dispatcher reads the read model's analysis rows directly (as the terrain dispatcher reads
// terrain_jobs): which analyses wait on a map, and which are unfinished after a restart.
async function waitingAnalysesOfMap(knex: Knex, mapId: string): Promise<string[]> {
  return knex('analysis_jobs').where({ map_id: mapId, status: 'waiting' }).pluck('analysis_id');
}

async function unfinishedAnalyses(knex: Knex): Promise<string[]> {
  return knex('analysis_jobs').whereIn('status', ['pending', 'waiting', 'queued', 'running']).pluck('analysis_id');
}
