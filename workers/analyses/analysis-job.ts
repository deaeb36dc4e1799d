// Analyses as a job kind. Dispatch: a requested analysis whose dependencies are ready is queued, one
// waiting while the covering terrain job prepares a dataset keeps waiting, and one whose dataset
// failed fails (DEPENDENCY_FAILED); analyses waiting on a map are re-checked whenever one of the
// map's terrain jobs changes. One task per analysis, so enqueuing again after a restart is a
// duplicate. A task that used up its deliveries fails the analysis with ANALYSIS_RETRIES_EXHAUSTED.
import { Type } from '@sinclair/typebox';
import { decideAnalysis, loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { loadTerrainJob } from '../../commands/terrain-job-commands.ts';
import type { AnalysisCancelled } from '../../domain/analysis-job/analysis-job-events.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import { analysisDependencies, dependencyVerdict } from '../../domain/analysis-job/analysis-dependencies.ts';
import { isTerminalAnalysis } from '../../domain/analysis-job/analysis-vocabulary.ts';
import {
  unfinishedAnalysisIds,
  unfinishedAnalysisIdsOfOperation,
  waitingAnalysisIdsOfMap,
} from '../../projections/queries/analysis-job-queries.ts';
import { mapOfTerrainJob } from '../../projections/queries/terrain-job-queries.ts';
import type { DispatchEnv, JobKind } from '../jobs/job-kind.ts';
import { taskControlOf } from '../jobs/job-kind.ts';
import { deletedOperations, OPERATION_DELETED_REASON } from '../jobs/deleted-operations.ts';
import { createAnalysisRunner } from './analysis-thread/create-analysis-runner.ts';
import { analysisContext, analysisWorker } from './analysis-worker.ts';

const params = Type.Object({ analysis_id: Type.String() });
const CANCELLED = new Set(['AnalysisCancelled']);
type AnalysisTask = { analysis_id: string };

const taskId = ({ analysis_id }: AnalysisTask) => `analysis:${analysis_id}`;

/** Queues, keeps waiting or fails one analysis. Safe to repeat. */
async function advance(analysisId: string, env: DispatchEnv<AnalysisTask>): Promise<void> {
  const job = await loadAnalysis(env.store, analysisId);
  if (job.status === 'absent') return;
  const task = { analysis_id: analysisId };
  if (job.status === 'queued' || job.status === 'running') {
    await env.enqueue(task);
    return;
  }
  if (job.status !== 'pending' && job.status !== 'waiting') return;
  const ctx = analysisContext(job);
  if (job.status === 'waiting') {
    // The job it waits for is the one that covered its footprint when it was requested.
    const terrain = job.waiting_for ? await loadTerrainJob(env.store, job.waiting_for.job_id) : null;
    const verdict = dependencyVerdict(
      analysisDependencies(job.analysis_type, job.parameters),
      terrain && terrain.status !== 'absent' ? terrain : null,
    );
    if (verdict.kind === 'wait') return;
    if (verdict.kind === 'unavailable') {
      await decideAnalysis(env.store, ctx, job.operation_id, {
        type: 'FailAnalysis',
        analysis_id: analysisId,
        code: 'DEPENDENCY_FAILED',
        message: verdict.message,
      });
      return;
    }
  }
  // Enqueue first: a crash between the two leaves a task for a pending analysis, which the worker accepts.
  await env.enqueue(task);
  await decideAnalysis(env.store, ctx, job.operation_id, {
    type: 'QueueAnalysis',
    analysis_id: analysisId,
    task_id: taskId(task),
  });
}

/** An analysis of a deleted operation ends cancelled (a running worker stops at its next checkpoint). */
async function cancelOfDeletedOperation(analysisId: string, env: DispatchEnv<AnalysisTask>): Promise<void> {
  const job = await loadAnalysis(env.store, analysisId);
  if (job.status === 'absent' || isTerminalAnalysis(job.status)) return;
  await decideAnalysis(env.store, analysisContext(job), job.operation_id, {
    type: 'CancelAnalysis',
    analysis_id: analysisId,
    account_id: job.account_id,
    reason: OPERATION_DELETED_REASON,
  });
}

export const analysisJob: JobKind<typeof params, string> = {
  kind: 'analysis',
  params,
  taskId,
  cancelledBy: (event) =>
    isEventOf<AnalysisCancelled>(event, CANCELLED) ? [{ analysis_id: event.data.analysis_id }] : [],
  dispatch: {
    follower: 'analysis_dispatcher',
    async onBatch(batch, env) {
      for (const operationId of await deletedOperations(batch, env.knex)) {
        for (const id of await unfinishedAnalysisIdsOfOperation(env.knex, operationId))
          await cancelOfDeletedOperation(id, env);
      }
      const analyses = new Set<string>();
      const maps = new Set<string>();
      for (const event of batch) {
        if (event.stream_id.startsWith('analysis-')) analyses.add(event.stream_id.slice('analysis-'.length));
        if (event.type === 'TerrainJobRequested') continue;
        if (event.stream_id.startsWith('terrain_job-')) {
          const mapId = await mapOfTerrainJob(env.knex, event.stream_id.slice('terrain_job-'.length));
          if (mapId) maps.add(mapId);
        }
      }
      for (const mapId of maps) for (const id of await waitingAnalysisIdsOfMap(env.knex, mapId)) analyses.add(id);
      for (const id of analyses) await advance(id, env);
    },
    unfinished: (env) => unfinishedAnalysisIds(env.knex),
    resume: advance,
  },
  start(services) {
    const runner = createAnalysisRunner(services.config.workerConcurrency, services.config.workerThreadNice);
    const run = analysisWorker({
      store: services.store,
      runner,
      sourceSettings: services.sourceSettings,
      tileStoreDir: services.config.tileStoreDir,
      logger: services.logger,
    });
    return {
      run: ({ analysis_id }, reporter, signal) => run(analysis_id, taskControlOf(reporter, signal)),
      close: () => runner.destroy(),
    };
  },
  async exhausted({ analysis_id }, { attempts, reason }, { store }) {
    const job = await loadAnalysis(store, analysis_id);
    if (job.status === 'absent' || isTerminalAnalysis(job.status)) return false;
    await decideAnalysis(store, analysisContext(job), job.operation_id, {
      type: 'FailAnalysis',
      analysis_id,
      code: 'ANALYSIS_RETRIES_EXHAUSTED',
      message: `analysis failed after ${attempts} attempts: ${reason}`.slice(0, 2000),
    });
    return true;
  },
};
