// Reads of the analysis read model, and the terrain job that covers an analysis footprint.
import type { Knex } from 'knex';
import type { AnalysisJob } from '../../domain/analysis-job/analysis-job-decider.ts';
import type { CoveringJob } from '../../domain/analysis-job/analysis-dependencies.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import { iso } from './iso.ts';
import { jsonColumn } from './json-column.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export interface AnalysisRow {
  analysis_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  analysis_type: string;
  status: string;
  layer_id: string | null;
  state: AnalysisJob;
  created_at: string;
  updated_at: string;
}

function toRow(row: Record<string, unknown>): AnalysisRow {
  return {
    analysis_id: row.analysis_id as string,
    map_id: row.map_id as string,
    operation_id: row.operation_id as string,
    account_id: row.account_id as string,
    analysis_type: row.analysis_type as string,
    status: row.status as string,
    layer_id: (row.layer_id as string | null) ?? null,
    state: jsonColumn(row.state),
    created_at: iso(row.created_at as string)!,
    updated_at: iso(row.updated_at as string)!,
  };
}

export async function findAnalysis(knex: Knex, analysisId: string): Promise<AnalysisRow | null> {
  const row = await knex('analysis_jobs').where({ analysis_id: analysisId }).first();
  return row ? toRow(row) : null;
}

/** A map's analyses, newest first, optionally of one type or status. */
export async function listAnalysesOfMap(
  knex: Knex,
  mapId: string,
  filter: { type?: string; status?: string },
  request: PageRequest,
): Promise<Page<AnalysisRow>> {
  const where = (q: Knex.QueryBuilder) => {
    q.where({ map_id: mapId });
    if (filter.type) q.andWhere({ analysis_type: filter.type });
    if (filter.status) q.andWhere({ status: filter.status });
    return q;
  };
  const [{ count }] = await where(knex('analysis_jobs')).count({ count: '*' });
  const rows = await where(knex('analysis_jobs'))
    .orderBy('requested_position', 'desc')
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows.map(toRow), Number(count), request);
}

/** Every work tile some terrain job of the map covers, as [x, y]. */
export async function preparedTilesOfMap(knex: Knex, mapId: string): Promise<Array<[number, number]>> {
  const rows = await knex('terrain_job_tiles as t')
    .join('terrain_jobs as j', 'j.job_id', 't.job_id')
    .where('j.map_id', mapId)
    .distinct('t.x', 't.y');
  return rows.map((r: { x: number; y: number }) => [Number(r.x), Number(r.y)]);
}

/** The newest terrain job of the map whose work tiles include every footprint tile, or null. */
export async function findCoveringTerrainJob(
  knex: Knex,
  mapId: string,
  tiles: TileAddress[],
): Promise<(CoveringJob & Pick<TerrainJob, 'work_tiles'>) | null> {
  if (tiles.length === 0) return null;
  const covering = knex('terrain_job_tiles as t')
    .join('terrain_jobs as j', 'j.job_id', 't.job_id')
    .where('j.map_id', mapId)
    .whereIn(knex.raw('(t.x, t.y)') as unknown as string, tiles.map((t) => [t.x, t.y]) as unknown as string[])
    .groupBy('j.job_id', 'j.requested_position')
    .havingRaw('count(*) = ?', [tiles.length])
    .orderBy('j.requested_position', 'desc')
    .first('j.job_id');
  const found = await covering;
  if (!found) return null;
  const row = await knex('terrain_jobs').where({ job_id: found.job_id }).first('state');
  const state = jsonColumn<TerrainJob>(row.state);
  return { job_id: state.job_id, status: state.status, sources: state.sources, work_tiles: state.work_tiles };
}

/** Analyses of a map whose result is a raster (map-owned tile collections), oldest first. */
export async function rasterAnalysesOfMap(knex: Knex, mapId: string, layerId?: string): Promise<AnalysisRow[]> {
  const q = knex('analysis_jobs')
    .where({ map_id: mapId, status: 'success' })
    .whereIn('analysis_type', ['viewshed', 'rf_coverage'])
    .whereNotNull('layer_id')
    .orderBy('requested_position', 'asc');
  if (layerId) q.andWhere({ layer_id: layerId });
  return (await q).map(toRow);
}

/** The ids of a map's completed analyses. */
export function completedAnalysisIdsOfMap(knex: Knex, mapId: string): Promise<string[]> {
  return knex('analysis_jobs').where({ map_id: mapId, status: 'success' }).pluck('analysis_id');
}

/** The ids of a map's analyses waiting for terrain. */
export function waitingAnalysisIdsOfMap(knex: Knex, mapId: string): Promise<string[]> {
  return knex('analysis_jobs').where({ map_id: mapId, status: 'waiting' }).pluck('analysis_id');
}

/** The ids of the analyses not ended yet (the dispatcher takes them up again at start-up). */
export function unfinishedAnalysisIds(knex: Knex): Promise<string[]> {
  return knex('analysis_jobs').whereIn('status', ['pending', 'waiting', 'queued', 'running']).pluck('analysis_id');
}

/** The ids of an operation's analyses not ended yet. */
export function unfinishedAnalysisIdsOfOperation(knex: Knex, operationId: string): Promise<string[]> {
  return knex('analysis_jobs')
    .where({ operation_id: operationId })
    .whereIn('status', ['pending', 'waiting', 'queued', 'running'])
    .pluck('analysis_id');
}

/** The maps' newest completed analyses (at most `limit`), with their stored state. */
export function newestCompletedAnalysesOfMaps(
  knex: Knex,
  mapIds: string[],
  limit: number,
): Promise<Array<{ analysis_id: string; map_id: string; analysis_type: string; state: unknown }>> {
  return knex('analysis_jobs')
    .whereIn('map_id', mapIds)
    .where({ status: 'success' })
    .orderBy('requested_position', 'desc')
    .limit(limit)
    .select('analysis_id', 'map_id', 'analysis_type', 'state');
}

/** The newest successful analysis of one type on the given maps, or null. */
export async function newestSuccessfulAnalysisOfMaps(
  knex: Knex,
  mapIds: string[],
  analysisType: string,
): Promise<AnalysisRow | null> {
  if (mapIds.length === 0) return null;
  const row = await knex('analysis_jobs')
    .whereIn('map_id', mapIds)
    .where({ status: 'success', analysis_type: analysisType })
    .orderBy('requested_position', 'desc')
    .first();
  return row ? toRow(row) : null;
}

/** The ids of an operation's newest completed analyses on maps it still has (at most `limit`). */
export async function newestCompletedAnalysisIdsOfOperation(
  knex: Knex,
  operationId: string,
  limit: number,
): Promise<string[]> {
  const rows: Array<{ analysis_id: string }> = await knex('analysis_jobs as a')
    .join('maps as m', 'm.map_id', 'a.map_id')
    .where({ 'a.operation_id': operationId, 'a.status': 'success' })
    .orderBy('a.requested_position', 'desc')
    .limit(limit)
    .select('a.analysis_id');
  return rows.map((r) => r.analysis_id);
}

/** The maps' newest completed analysis of one type, with its stored state (undefined: none). */
export function newestCompletedAnalysisOfType(
  knex: Knex,
  mapIds: string[],
  analysisType: string,
): Promise<{ analysis_id: string; map_id: string; state: unknown } | undefined> {
  return knex('analysis_jobs')
    .whereIn('map_id', mapIds)
    .where({ status: 'success', analysis_type: analysisType })
    .orderBy('requested_position', 'desc')
    .first('analysis_id', 'map_id', 'state');
}
