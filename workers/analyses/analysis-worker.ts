// Analysis workers: take an analysis task, prepare the footprint's elevation, run the tool, add the
// result layer to the map and complete the analysis, all through commands (workers never write read
// models). A redelivered task for an analysis that already ended changes nothing; a cancelled one
// stops. A tool that cannot run on its input (a RangeError: nodata observer, ...) fails the analysis
// with a code; an unexpected error throws, so the task is redelivered and then dead-lettered.
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { addAnalysisLayer, decideAnalysis, loadAnalysis } from '../../commands/analysis-job-commands.ts';
import { AnalysisCancelledError, type AnalysisJob } from '../../domain/analysis-job/analysis-job-decider.ts';
import { isTerminalAnalysis, RESULT_LAYER_TYPES } from '../../domain/analysis-job/analysis-vocabulary.ts';
import { uuidV5 } from '../../domain/shared/uuid-v5.ts';
import type { CommandContext } from '../../commands/command-context.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { isJobCancelled } from '../jobs/cancellation-watch.ts';
import { jobContext } from '../jobs/job-context.ts';
import type { AnalysisRunner } from './analysis-thread/create-analysis-runner.ts';
import type { AnalysisThreadResult } from './analysis-thread/analysis-thread-task.ts';

/** The result layer's id: derived from the analysis, so a repeated task finds its own layer. */
export const resultLayerId = (analysisId: string) => uuidV5(`analysis-result-layer:${analysisId}`);

export interface AnalysisWorkerDependencies {
  store: EventStore;
  /** The threads that read the sources, run the tool and store a raster result's tiles. */
  runner: AnalysisRunner;
  /** The *_SOURCE settings the threads make their providers from. */
  sourceSettings: Record<string, string | undefined>;
  /** Where raster results go as tiles (the tile store the API serves from). */
  tileStoreDir: string;
  logger: Logger;
  workerId?: string;
}

export const analysisContext = (job: Pick<AnalysisJob, 'account_id' | 'analysis_id'>) =>
  jobContext({ account_id: job.account_id }, job.analysis_id);

/**
 * Cooperative cancellation: the delivery's signal aborts with JobCancelled when the analysis is
 * cancelled (workers/jobs/cancellation-watch.ts); the thread then stops at its next checkpoint (each
 * elevation tile read, each result tile stored) and stays for the next analysis, so a cancelled
 * analysis never adds its result layer. A progress report refused as cancelled stops it too.
 */
async function run(
  deps: AnalysisWorkerDependencies,
  job: AnalysisJob,
  control: TaskControl,
): Promise<Exclude<AnalysisThreadResult, { kind: 'stopped' }>> {
  const ctx = analysisContext(job);
  const abort = new AbortController();
  // A cancellation stops the thread's work at its next tile; the thread stays for the next analysis.
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  let cancelled = false;
  // A stopping consumer or a lost lease aborts the run instead (the task is delivered again).
  const stop = () => {
    if (!isJobCancelled(control.signal.reason)) return abort.abort(control.signal.reason);
    cancelled = true;
    Atomics.store(stopFlag, 0, 1);
  };
  if (control.signal.aborted) stop();
  else control.signal.addEventListener('abort', stop, { once: true });
  // Commands started from progress reports; awaited (and their errors raised) once the thread is done.
  const recorded: Promise<unknown>[] = [];
  const track = (command: Promise<unknown>) => {
    command.catch(() => undefined); // raised by the Promise.all below, not as an unhandled rejection
    recorded.push(command);
  };
  try {
    const outcome = await deps.runner.run(
      {
        job, // plain data; the thread reads its id, type, parameters and work tiles
        layerId: resultLayerId(job.analysis_id),
        sourceSettings: deps.sourceSettings,
        tileStoreDir: deps.tileStoreDir,
        stop: stopFlag,
      },
      {
        signal: abort.signal,
        onProgress: (progress) => {
          control.heartbeat();
          if (progress.stage === 'elevation' && progress.completed === progress.total) {
            track(
              decideAnalysis(deps.store, ctx, job.operation_id, {
                type: 'ProgressAnalysis',
                analysis_id: job.analysis_id,
                progress: { ...progress, stage: 'elevation' },
              }),
            );
          }
        },
      },
    );
    await Promise.all(recorded);
    if (outcome.kind === 'stopped' || cancelled) throw new AnalysisCancelledError(job.analysis_id);
    return outcome;
  } catch (error) {
    await Promise.allSettled(recorded);
    if (cancelled) throw new AnalysisCancelledError(job.analysis_id);
    throw error;
  } finally {
    control.signal.removeEventListener('abort', stop);
  }
}

export function analysisWorker(deps: AnalysisWorkerDependencies) {
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}`;
  return async (analysis_id: string, control: TaskControl): Promise<void> => {
    const job = await loadAnalysis(deps.store, analysis_id);
    if (job.status === 'absent' || isTerminalAnalysis(job.status)) return;
    const ctx = analysisContext(job);
    try {
      await decideAnalysis(deps.store, ctx, job.operation_id, {
        type: 'StartAnalysis',
        analysis_id,
        worker_id: workerId,
        attempt: control.attempt,
      });
      const outcome = await run(deps, job, control);
      if (outcome.kind === 'input_error') {
        await decideAnalysis(deps.store, ctx, job.operation_id, {
          type: 'FailAnalysis',
          analysis_id,
          code: outcome.code,
          message: outcome.message,
        });
        return;
      }
      const current = await loadAnalysis(deps.store, analysis_id);
      if (current.status === 'absent' || isTerminalAnalysis(current.status)) return;
      const layerId = resultLayerId(analysis_id);
      // The thread stored a raster result's tiles first: once the layer and the result are recorded,
      // every tile of the collection exists.
      await addAnalysisLayer(deps.store, ctx, job, {
        layer_id: layerId,
        layer_type: RESULT_LAYER_TYPES[job.analysis_type],
        title: job.title,
        feature_collection: outcome.features,
      });
      const extraLayerIds = await addExtraLayers(deps.store, ctx, job, outcome.extraLayers ?? []);
      await decideAnalysis(deps.store, ctx, job.operation_id, {
        type: 'CompleteAnalysis',
        analysis_id,
        result: extraLayerIds
          ? { ...outcome.result, layer_ids: { [RESULT_LAYER_TYPES[job.analysis_type]]: layerId, ...extraLayerIds } }
          : outcome.result,
        layer_id: layerId,
      });
    } catch (error) {
      if (error instanceof AnalysisCancelledError) return;
      throw error;
    }
  };
}

/**
 * The further layers of a result (a terrain evaluation's obstacles, corridors, key terrain), each
 * under an id derived from the analysis and its type; empty ones are left out. Their ids by type,
 * or null when the tool has none.
 */
async function addExtraLayers(
  store: EventStore,
  ctx: CommandContext,
  job: AnalysisJob,
  layers: NonNullable<Extract<AnalysisThreadResult, { kind: 'success' }>['extraLayers']>,
): Promise<Record<string, string> | null> {
  if (layers.length === 0) return null;
  const ids: Record<string, string> = {};
  for (const layer of layers) {
    if (layer.features.features.length === 0) continue;
    const id = uuidV5(`analysis-result-layer:${job.analysis_id}:${layer.layer_type}`);
    await addAnalysisLayer(store, ctx, job, {
      layer_id: id,
      layer_type: layer.layer_type,
      title: `${job.title}: ${layer.layer_type.replaceAll('_', ' ')}`,
      feature_collection: layer.features,
    });
    ids[layer.layer_type] = id;
  }
  return ids;
}
