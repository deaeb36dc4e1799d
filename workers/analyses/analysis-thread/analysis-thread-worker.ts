// Runs one analysis inside a worker thread: reading the footprint's sources (a synthetic source
// computes every cell), the tool, and the PNG tiles of a raster result, so none of that CPU work
// holds the event loop that serves the API (embedded mode runs its workers in the API process).
// Providers are kept per settings, as in the phase threads.
import type { DatasetName } from '../../../domain/terrain/types.ts';
import { createFsBlobStore } from '../../../infra/blob-store/create-fs-blob-store.ts';
import { workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../../infra/thread-priority.ts';
import { sourceProvidersFromEnv } from '../../terrain/sources/create-source-provider.ts';
import type { SourceProvider } from '../../terrain/sources/source-provider.ts';
import { runAnalysisInThread } from '../run-analysis.ts';
import type { AnalysisThreadResult, AnalysisThreadTask } from './analysis-thread-task.ts';

// CPU-heavy: request handling in the same process comes first (WORKER_THREAD_NICE, infra/thread-priority.ts).
lowerThisThreadPriority((workerData as { nice: number }).nice);

const providersBySettings = new Map<string, Record<DatasetName, SourceProvider>>();

export default async function analysisThread(task: AnalysisThreadTask): Promise<AnalysisThreadResult> {
  const settingsKey = JSON.stringify(task.sourceSettings);
  let providers = providersBySettings.get(settingsKey);
  if (!providers) {
    providers = sourceProvidersFromEnv(task.sourceSettings);
    providersBySettings.set(settingsKey, providers);
  }
  try {
    return await runAnalysisInThread({
      job: task.job,
      layerId: task.layerId,
      providers,
      blobStore: createFsBlobStore(task.tileStoreDir),
      onProgress: (progress) => task.progressPort.postMessage(progress),
      stopped: () => Atomics.load(task.stop, 0) === 1,
    });
  } finally {
    task.progressPort.close();
  }
}
