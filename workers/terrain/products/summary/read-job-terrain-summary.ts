// A terrain job's summary product, found from the job's request (the sources it recorded and its
// boundary give the product's key): what generation grounding and the terrain agent both read.
import { boundaryArea } from '../../../../domain/map/boundary-area.ts';
import { terrainJobStream, type TerrainJobRequested } from '../../../../domain/terrain-job/terrain-job-events.ts';
import type { BlobStore } from '../../../../infra/blob-store/blob-store.ts';
import type { EventStore } from '../../../../infra/event-store/event-store.ts';
import { terrainSummaryKey } from '../../build-area-products/terrain-summary-key.ts';
import type { TerrainSummary } from './terrain-summary.ts';

/** The job's summary and its store key, or null when the job has none (yet). */
export async function readJobTerrainSummary(
  store: EventStore,
  blobStore: BlobStore,
  jobId: string,
): Promise<{ key: string; summary: TerrainSummary } | null> {
  const [requested] = await store.readStream(terrainJobStream(jobId), { toRevision: 0 });
  if (requested?.type !== 'TerrainJobRequested') return null;
  const data = requested.data as TerrainJobRequested['data'];
  const fingerprint = (dataset: string) => data.sources[dataset]?.fingerprint;
  const [elevation, landCover, roads] = [fingerprint('elevation'), fingerprint('land_cover'), fingerprint('roads')];
  if (!elevation || !landCover || !roads) return null;
  const key = terrainSummaryKey(
    {
      elevation,
      landCover,
      roads,
      population: data.include_population ? fingerprint('population') : undefined,
      buildings: data.include_buildings ? fingerprint('buildings') : undefined,
    },
    boundaryArea(data.boundary_shape as unknown as Parameters<typeof boundaryArea>[0]),
  );
  const bytes = await blobStore.get(key);
  return bytes ? { key, summary: JSON.parse(new TextDecoder().decode(bytes)) as TerrainSummary } : null;
}
