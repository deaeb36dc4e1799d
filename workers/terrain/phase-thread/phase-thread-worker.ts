// Runs one terrain phase inside a worker thread, so the CPU work (reading and resampling sources,
// encoding PNG and MVT tiles, building graphs) never blocks the event loop that serves the API.
// Providers are kept per settings: an OSM extract or GeoTIFF is opened once per thread.
import type { DatasetName } from '../../../domain/terrain/types.ts';
import { createFsBlobStore } from '../../../infra/blob-store/create-fs-blob-store.ts';
import { workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../../infra/thread-priority.ts';
import { sourceProvidersFromEnv } from '../sources/create-source-provider.ts';
import type { SourceProvider } from '../sources/source-provider.ts';
import { runTerrainPhase } from '../run-terrain-phase.ts';
import type { PhaseResult } from '../build-area-products/phase-types.ts';
import type { PhaseThreadTask } from './phase-thread-task.ts';

// CPU-heavy: request handling in the same process comes first (WORKER_THREAD_NICE, infra/thread-priority.ts).
lowerThisThreadPriority((workerData as { nice: number }).nice);

const providersBySettings = new Map<string, Record<DatasetName, SourceProvider>>();

export default async function runPhaseInThread(task: PhaseThreadTask): Promise<PhaseResult> {
  const settingsKey = JSON.stringify(task.sourceSettings);
  let providers = providersBySettings.get(settingsKey);
  if (!providers) {
    providers = sourceProvidersFromEnv(task.sourceSettings);
    providersBySettings.set(settingsKey, providers);
  }
  try {
    return await runTerrainPhase({
      phase: task.phase,
      area: task.area,
      tiles: task.tiles,
      includePopulation: task.includePopulation,
      includeBuildings: task.includeBuildings,
      providers,
      store: createFsBlobStore(task.tileStoreDir),
      concurrency: task.concurrency,
      onProgress: (progress) =>
        task.progressPort.postMessage({
          counts: progress.counts,
          cached: progress.cached,
          tiles: progress.tiles,
        }),
    });
  } finally {
    task.progressPort.close();
  }
}
