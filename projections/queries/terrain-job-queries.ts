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

const withWarnings = (snapshot: TerrainJobSnapshot): TerrainJobSnapshot => ({
  ...snapshot,
  warnings: snapshot.warnings ?? [],
});

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
export async function listTerrainJobsOfMap(
  knex: Knex,
  mapId: string,
  request: PageRequest,
): Promise<Page<TerrainJobRow>> {
  const [{ count }] = await knex('terrain_jobs').where({ map_id: mapId }).count({ count: '*' });
  const rows = await knex('terrain_jobs')
    .where({ map_id: mapId })
    .orderBy('requested_position', 'desc')
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows.map(toRow), Number(count), request);
}

/** The map a terrain job prepares, or null before the read model has it. */
export async function mapOfTerrainJob(knex: Knex, jobId: string): Promise<string | null> {
  const row: { map_id: string } | undefined = await knex('terrain_jobs').where({ job_id: jobId }).first('map_id');
  return row?.map_id ?? null;
}

/** The ids of the terrain jobs not ended yet (the dispatcher takes them up again at start-up). */
export function unfinishedTerrainJobIds(knex: Knex): Promise<string[]> {
  return knex('terrain_jobs').whereIn('status', ['pending', 'in_progress']).pluck('job_id');
}

/** The ids of an operation's terrain jobs not ended yet. */
export function unfinishedTerrainJobIdsOfOperation(knex: Knex, operationId: string): Promise<string[]> {
  return knex('terrain_jobs')
    .where({ operation_id: operationId })
    .whereIn('status', ['pending', 'in_progress'])
    .pluck('job_id');
}

/** A map's terrain jobs, newest request first (at most `limit`), with their status. */
export function terrainJobsOfMapNewestFirst(
  knex: Knex,
  mapId: string,
  limit?: number,
): Promise<Array<{ job_id: string; status: string }>> {
  const query = knex('terrain_jobs').where({ map_id: mapId }).orderBy('requested_position', 'desc');
  return (limit === undefined ? query : query.limit(limit)).select('job_id', 'status');
}

/** The maps' successful terrain jobs, newest request first. */
export function successfulTerrainJobsOfMaps(
  knex: Knex,
  mapIds: string[],
): Promise<Array<{ map_id: string; job_id: string }>> {
  if (mapIds.length === 0) return Promise.resolve([]);
  return knex('terrain_jobs')
    .whereIn('map_id', mapIds)
    .where({ status: 'success' })
    .orderBy('requested_position', 'desc')
    .select('map_id', 'job_id');
}
