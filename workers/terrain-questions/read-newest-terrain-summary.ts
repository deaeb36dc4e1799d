// The terrain agent's terrain_summary tool: the map's newest terrain summary product, found from each
// terrain job's request (the sources it recorded and its boundary give the product's key), newest job
// first; the first one whose summary is in the store answers.
import type { Knex } from 'knex';
import { boundaryArea } from '../../domain/map/boundary-area.ts';
import { terrainJobStream, type TerrainJobRequested } from '../../domain/terrain-job/terrain-job-events.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { terrainSummaryKey } from '../terrain/build-area-products/terrain-summary-key.ts';
import type { TerrainSummary } from '../terrain/products/summary/terrain-summary.ts';

/** Terrain jobs of a map looked at, newest first. */
const MAX_JOBS_LOOKED_AT = 20;

export async function readNewestTerrainSummary(
  deps: { store: EventStore; knex: Knex; blobStore: BlobStore }, mapId: string,
): Promise<{ terrain_job_id: string; summary: TerrainSummary }> {
  const jobs: Array<{ job_id: string }> = await deps.knex('terrain_jobs').where({ map_id: mapId })
    .orderBy('requested_position', 'desc').limit(MAX_JOBS_LOOKED_AT).select('job_id');
  for (const { job_id: jobId } of jobs) {
    const [requested] = await deps.store.readStream(terrainJobStream(jobId), { toRevision: 0 });
    if (requested?.type !== 'TerrainJobRequested') continue;
    const data = requested.data as TerrainJobRequested['data'];
    const fingerprint = (dataset: string) => data.sources[dataset]?.fingerprint;
    if (!fingerprint('elevation') || !fingerprint('land_cover') || !fingerprint('roads')) continue;
    const key = terrainSummaryKey({
      elevation: fingerprint('elevation')!, landCover: fingerprint('land_cover')!, roads: fingerprint('roads')!,
      population: data.include_population ? fingerprint('population') : undefined,
      buildings: data.include_buildings ? fingerprint('buildings') : undefined,
    }, boundaryArea(data.boundary_shape as unknown as Parameters<typeof boundaryArea>[0]));
    const bytes = await deps.blobStore.get(key);
    if (bytes) return { terrain_job_id: jobId, summary: JSON.parse(new TextDecoder().decode(bytes)) as TerrainSummary };
  }
  throw new Error(jobs.length === 0
    ? `map ${mapId} has no terrain job: request one (POST /api/terrain-analysis/) to prepare its terrain summary`
    : `no terrain job of map ${mapId} has finished its terrain summary yet`);
}
