// Terrain job snapshots: the aggregate folded with the same decider the commands use, stored with
// the interface's job shape, so GET answers from one row and a rebuild reproduces it exactly.
import { terrainJobDecider } from '../../domain/terrain-job/terrain-job-decider.ts';
import { terrainJobEventSchemas, type TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { terrainJobSnapshot } from '../../domain/terrain-job/terrain-job-snapshot.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';
import { upsertRows } from '../upsert-rows.ts';

const TERRAIN_JOB_EVENTS: ReadonlySet<string> = new Set(Object.keys(terrainJobEventSchemas));

interface JobRow {
  job_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  status: string;
  work_zoom: number;
  state: TerrainJob;
  snapshot: unknown;
  requested_position: number;
  created_at: string | Date;
  updated_at: string | Date;
}

export const terrainJobProjector = foldRowsProjector<JobRow>({
  name: 'terrain_jobs',
  table: 'terrain_jobs',
  key: 'job_id',
  keyOf: (event) => (isEventOf<TerrainJobEvent>(event, TERRAIN_JOB_EVENTS) ? event.data.job_id : null),
  evolve(row, event) {
    if (!isEventOf<TerrainJobEvent>(event, TERRAIN_JOB_EVENTS)) return row;
    if (event.type === 'TerrainJobRequested' && row) return row;
    const after = terrainJobDecider.evolve(row ? row.state : { status: 'absent' }, event);
    if (after.status === 'absent') return row;
    return {
      job_id: after.job_id,
      map_id: after.map_id,
      operation_id: after.operation_id,
      account_id: after.account_id,
      status: after.status,
      work_zoom: after.work_zoom,
      state: after,
      snapshot: terrainJobSnapshot(after),
      requested_position: row?.requested_position ?? event.position,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      updated_at: event.metadata.occurred_at,
    };
  },
  /** The work tiles a requested job covers: the tile server's "is this address being prepared?". */
  async afterUpsert(trx, changes) {
    const tiles = changes
      .filter(({ event }) => event.type === 'TerrainJobRequested')
      .flatMap(({ after }) => after.state.work_tiles.map(([x, y]) => ({ job_id: after.job_id, x, y })));
    await upsertRows(trx, 'terrain_job_tiles', tiles, { conflict: ['job_id', 'x', 'y'], onConflict: 'ignore' });
  },
});
