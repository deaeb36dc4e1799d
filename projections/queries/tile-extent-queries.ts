// Where each display phase has tiles, or is preparing them: the bounding range of the work tiles
// (at the working zoom) of every job whose phase is ready (complete, cached, partial) or still to
// run in a running job. The OGC Tiles collections advertise it as their extent, so a client such as
// GDAL reads the prepared area rather than the whole world. One grouped query for all phases.
import type { Knex } from 'knex';
import { USABLE_PHASE_STATUSES, type JobStatus, type PhaseStatus } from '../../domain/terrain-job/terrain-job-state.ts';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import { WORK_ZOOM } from '../../domain/terrain/work-grid.ts';

/** Inclusive work-tile index ranges at WORK_ZOOM. */
export interface WorkTileRange {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

const RUNNING_JOB: readonly JobStatus[] = ['pending', 'in_progress'];
const WAITING_PHASE: readonly PhaseStatus[] = ['pending', 'queued', 'running'];
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

export async function findPreparedTileExtents(
  knex: Knex,
  phases: readonly PhaseId[],
): Promise<Map<PhaseId, WorkTileRange>> {
  const extents = new Map<PhaseId, WorkTileRange>();
  if (phases.length === 0) return extents;
  const rows = await knex.raw(
    `with p(phase) as (values ${phases.map(() => '(?::text)').join(', ')}),
          covering as (
            select j.job_id, p.phase from terrain_jobs j cross join p
             where j.work_zoom = ?
               and ((j.state -> 'phases' -> p.phase ->> 'status') in (${marks(USABLE_PHASE_STATUSES)})
                 or (j.status in (${marks(RUNNING_JOB)}) and (j.state -> 'phases' -> p.phase ->> 'status') in (${marks(WAITING_PHASE)}))))
     select c.phase, min(t.x) as min_x, max(t.x) as max_x, min(t.y) as min_y, max(t.y) as max_y
       from covering c join terrain_job_tiles t on t.job_id = c.job_id
      group by c.phase`,
    [...phases, WORK_ZOOM, ...USABLE_PHASE_STATUSES, ...RUNNING_JOB, ...WAITING_PHASE],
  );
  for (const r of rows.rows as Array<Record<string, unknown>>) {
    extents.set(r.phase as PhaseId, {
      minX: Number(r.min_x),
      maxX: Number(r.max_x),
      minY: Number(r.min_y),
      maxY: Number(r.max_y),
    });
  }
  return extents;
}
