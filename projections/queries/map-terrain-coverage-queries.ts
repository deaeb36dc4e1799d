// Which terrain jobs of one map cover a work tile, newest first, with the status of the phase that
// renders the elevation and land-cover tiles and the fingerprints of those two sources (which
// address the tiles in the blob store). The point query reads a map's own terrain, not another
// map's, so this is tile-readiness-queries.ts narrowed to one map at the working zoom.
import type { Knex } from 'knex';
import type { JobStatus, PhaseStatus } from '../../domain/terrain-job/terrain-job-state.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { WORK_ZOOM } from '../../domain/terrain/work-grid.ts';

export interface MapTerrainCoverageRow {
  job_id: string;
  job_status: JobStatus;
  /** terrain_display_tiles' status in the job, or null when the job has no such phase yet. */
  phase_status: PhaseStatus | null;
  elevation_fingerprint: string | null;
  land_cover_fingerprint: string | null;
}

export async function findMapTerrainCoverage(
  knex: Knex,
  mapId: string,
  tile: TileAddress,
): Promise<MapTerrainCoverageRow[]> {
  if (tile.z !== WORK_ZOOM) throw new RangeError(`map terrain coverage is kept at zoom ${WORK_ZOOM}, got ${tile.z}`);
  const rows = await knex.raw(
    `select j.job_id, j.status as job_status,
            j.state -> 'phases' -> 'terrain_display_tiles' ->> 'status' as phase_status,
            j.state -> 'source_providers' -> 'elevation' ->> 'fingerprint' as elevation_fingerprint,
            j.state -> 'source_providers' -> 'land_cover' ->> 'fingerprint' as land_cover_fingerprint
       from terrain_jobs j
      where j.map_id = ? and j.work_zoom = ?
        and exists (select 1 from terrain_job_tiles t where t.job_id = j.job_id and t.x = ? and t.y = ?)
      order by j.requested_position desc`,
    [mapId, WORK_ZOOM, tile.x, tile.y],
  );
  return (rows.rows as MapTerrainCoverageRow[]).map((r) => ({
    job_id: r.job_id,
    job_status: r.job_status,
    phase_status: r.phase_status ?? null,
    elevation_fingerprint: r.elevation_fingerprint ?? null,
    land_cover_fingerprint: r.land_cover_fingerprint ?? null,
  }));
}
