// Which terrain jobs cover a display tile, for the OGC Tiles server: the jobs whose work tiles (at
// the working zoom, table terrain_job_tiles) fall inside the tile, each with the status of the
// phase that renders the collection and the fingerprint of the dataset's source (which addresses
// the tile in the blob store), newest job first.
//
// A display tile at zoom z <= W covers the work tiles x in [x << (W-z), (x+1) << (W-z)) and
// likewise y. The x values are listed (at most 2^(W-z) = 16 at zoom 8) so PostgreSQL answers with
// one range scan of the (x, y) index per x value instead of scanning every x of a wide range.
import type { Knex } from 'knex';
import type { JobStatus, PhaseStatus } from '../../domain/terrain-job/terrain-job-state.ts';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { DatasetName, TileAddress } from '../../domain/terrain/types.ts';
import { WORK_ZOOM } from '../../domain/terrain/work-grid.ts';

export interface TileCoverageRow {
  job_id: string;
  job_status: JobStatus;
  /** The phase's status in the job, or null when the job has no such phase. */
  phase_status: PhaseStatus | null;
  /** Fingerprint of the source the job recorded for the dataset, or null when it recorded none. */
  fingerprint: string | null;
}

export interface TileCoverageQuery {
  tile: TileAddress;
  /** The display phase of the collection (terrain_display_tiles, road_display_tiles, ...). */
  phase: PhaseId;
  /** The dataset whose source fingerprint addresses the collection's tiles. */
  dataset: DatasetName;
}

export async function findTileCoverage(knex: Knex, query: TileCoverageQuery): Promise<TileCoverageRow[]> {
  const { tile, phase, dataset } = query;
  if (!Number.isInteger(tile.z) || tile.z < 0 || tile.z > WORK_ZOOM) {
    throw new RangeError(`tile coverage is defined for zooms 0..${WORK_ZOOM}, got ${tile.z}`);
  }
  const shift = WORK_ZOOM - tile.z;
  const span = 2 ** shift;
  const xs = Array.from({ length: span }, (_, i) => tile.x * span + i);
  const y0 = tile.y * span;
  const rows = await knex.raw(
    `select j.job_id, j.status as job_status,
            j.state -> 'phases' -> ?::text ->> 'status' as phase_status,
            j.state -> 'source_providers' -> ?::text ->> 'fingerprint' as fingerprint
       from terrain_jobs j
      where j.work_zoom = ?
        and j.job_id in (
          select t.job_id from terrain_job_tiles t
           where t.x in (${xs.map(() => '?').join(', ')}) and t.y >= ? and t.y < ?)
      order by j.requested_position desc`,
    [phase, dataset, WORK_ZOOM, ...xs, y0, y0 + span],
  );
  return (rows.rows as TileCoverageRow[]).map((r) => ({
    job_id: r.job_id,
    job_status: r.job_status,
    phase_status: r.phase_status ?? null,
    fingerprint: r.fingerprint ?? null,
  }));
}
