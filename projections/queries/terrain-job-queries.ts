import type { Knex } from 'knex';
import type { TerrainJobSnapshot } from '../../domain/terrain-job/terrain-job-snapshot.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { iso } from './iso.ts';
import { jsonColumn } from './json-column.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export interface TerrainJobRow {
  job_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  status: string;
  snapshot: TerrainJobSnapshot;
  state: TerrainJob;
  created_at: string;
  updated_at: string;
}

const withWarnings = (snapshot: TerrainJobSnapshot): TerrainJobSnapshot => ({ ...snapshot, warnings: snapshot.warnings ?? [] });

function toRow(row: Record<string, unknown>): TerrainJobRow {
  return {
    job_id: row.job_id as string,
    map_id: row.map_id as string,
    operation_id: row.operation_id as string,
    account_id: row.account_id as string,
    status: row.status as string,
    // Rows projected before warnings existed have none recorded.
    snapshot: withWarnings(jsonColumn<TerrainJobSnapshot>(row.snapshot)),
    state: jsonColumn(row.state),
    created_at: iso(row.created_at as string)!,
    updated_at: iso(row.updated_at as string)!,
  };
}

export async function findTerrainJob(knex: Knex, jobId: string): Promise<TerrainJobRow | null> {
  const row = await knex('terrain_jobs').where({ job_id: jobId }).first();
  return row ? toRow(row) : null;
}

/** A map's jobs, newest first. */
export async function listTerrainJobsOfMap(knex: Knex, mapId: string, request: PageRequest): Promise<Page<TerrainJobRow>> {
  const [{ count }] = await knex('terrain_jobs').where({ map_id: mapId }).count({ count: '*' });
  const rows = await knex('terrain_jobs').where({ map_id: mapId }).orderBy('requested_position', 'desc')
    .limit(request.size).offset(offsetOf(request));
  return pageOf(rows.map(toRow), Number(count), request);
}
