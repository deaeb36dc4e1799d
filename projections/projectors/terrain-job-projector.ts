// Terrain job snapshots: the aggregate folded with the same decider the commands use, stored with
// the interface's job shape, so GET answers from one row and a rebuild reproduces it exactly.
import type { Knex } from 'knex';
import type { Projector } from '../projector.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { terrainJobDecider } from '../../domain/terrain-job/terrain-job-decider.ts';
import type { TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJob, TerrainJobState } from '../../domain/terrain-job/terrain-job-state.ts';
import { terrainJobSnapshot } from '../../domain/terrain-job/terrain-job-snapshot.ts';

const CHUNK = 500;

interface JobRow {
  job_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  status: string;
  work_zoom: number;
  state: TerrainJob | string;
  snapshot: unknown;
  requested_position: number;
  created_at: string | Date;
  updated_at: string | Date;
}

async function project(trx: Knex.Transaction, events: RecordedEvent[]) {
  const relevant = events.filter((e) => e.stream_id.startsWith('terrain_job-'));
  if (relevant.length === 0) return;
  const ids = [...new Set(relevant.map((e) => (e.data as { job_id: string }).job_id))];
  const rows = new Map<string, JobRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of await trx('terrain_jobs').whereIn('job_id', ids.slice(i, i + CHUNK)) as JobRow[]) rows.set(row.job_id, row);
  }
  const tiles: Array<{ job_id: string; x: number; y: number }> = [];
  const touched = new Set<string>();
  for (const event of relevant) {
    const jobId = (event.data as { job_id: string }).job_id;
    const row = rows.get(jobId);
    const before: TerrainJobState = row ? (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) : { status: 'absent' };
    if (event.type === 'TerrainJobRequested' && row) continue;
    const after = terrainJobDecider.evolve(before, event as unknown as TerrainJobEvent);
    if (after.status === 'absent') continue;
    if (event.type === 'TerrainJobRequested') {
      for (const [x, y] of after.work_tiles) tiles.push({ job_id: jobId, x, y });
    }
    rows.set(jobId, {
      job_id: jobId, map_id: after.map_id, operation_id: after.operation_id, account_id: after.account_id,
      status: after.status, work_zoom: after.work_zoom, state: after, snapshot: terrainJobSnapshot(after),
      requested_position: row?.requested_position ?? event.position,
      created_at: row?.created_at ?? event.metadata.occurred_at, updated_at: event.metadata.occurred_at,
    });
    touched.add(jobId);
  }
  const changed = [...touched].map((id) => {
    const row = rows.get(id)!;
    return { ...row, state: JSON.stringify(row.state), snapshot: JSON.stringify(row.snapshot) };
  });
  for (let i = 0; i < changed.length; i += CHUNK) {
    await trx('terrain_jobs').insert(changed.slice(i, i + CHUNK)).onConflict('job_id').merge();
  }
  for (let i = 0; i < tiles.length; i += CHUNK * 4) {
    await trx('terrain_job_tiles').insert(tiles.slice(i, i + CHUNK * 4)).onConflict(['job_id', 'x', 'y']).ignore();
  }
}

export const terrainJobProjector: Projector = {
  name: 'terrain_jobs',
  apply: (trx, event) => project(trx, [event]),
  applyBatch: project,
};
