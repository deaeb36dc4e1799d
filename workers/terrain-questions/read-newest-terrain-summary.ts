// The terrain agent's terrain_summary tool: the map's newest terrain summary product, newest job first;
// the first job whose summary is in the store answers.
import type { Knex } from 'knex';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TerrainSummary } from '../terrain/products/summary/terrain-summary.ts';
import { readJobTerrainSummary } from '../terrain/products/summary/read-job-terrain-summary.ts';
import { terrainJobsOfMapNewestFirst } from '../../projections/queries/terrain-job-queries.ts';

/** Terrain jobs of a map looked at, newest first. */
const MAX_JOBS_LOOKED_AT = 20;

export async function readNewestTerrainSummary(
  deps: { store: EventStore; knex: Knex; blobStore: BlobStore },
  mapId: string,
): Promise<{ terrain_job_id: string; summary: TerrainSummary }> {
  const jobs = await terrainJobsOfMapNewestFirst(deps.knex, mapId, MAX_JOBS_LOOKED_AT);
  for (const { job_id: jobId } of jobs) {
    const found = await readJobTerrainSummary(deps.store, deps.blobStore, jobId);
    if (found) return { terrain_job_id: jobId, summary: found.summary };
  }
  throw new Error(
    jobs.length === 0
      ? `map ${mapId} has no terrain job: request one (POST /api/terrain-analysis/) to prepare its terrain summary`
      : `no terrain job of map ${mapId} has finished its terrain summary yet`,
  );
}
