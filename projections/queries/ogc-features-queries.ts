// The OGC API Features items query over one layer's current features.
//
// bbox: the GiST index on map_features.bounds (a native PostgreSQL box) finds the candidates
// whose bounding box overlaps the query box. A candidate whose box lies inside the query box
// certainly intersects it; only the others (boxes straddling the edge) have their geometry tested
// exactly in code (turf booleanIntersects), so numberMatched, paging and the features served all
// count true intersections, while the exact test costs O(features along the edge).
//
// Statements are exported so tests can EXPLAIN them and the benchmark can run them raw.
import type { Knex } from 'knex';
import type { Geometry } from 'geojson';
import type { Bbox } from '../../domain/map/geojson/geometry-bounds.ts';
import { geometryIntersectsBbox } from '../../domain/map/geojson/geometry-intersects-bbox.ts';
import { jsonColumn } from './json-column.ts';

export interface TimeFilter {
  /** RFC 3339; null: open start. */
  start: string | null;
  /** RFC 3339; null: open end. */
  end: string | null;
  /** The end bound itself is excluded (a whole-day filter ends at the next midnight). */
  endExclusive: boolean;
}

export interface ItemsFilter {
  /** One box, or two when the requested bbox crosses the antimeridian; null: no spatial filter. */
  bboxes: Bbox[] | null;
  time: TimeFilter | null;
}

export interface Statement {
  sql: string;
  bindings: unknown[];
}

export interface ItemsPage {
  numberMatched: number;
  /** Each feature as JSON text, in layer order. */
  features: string[];
}

function timeSql(time: TimeFilter | null): Statement {
  if (!time) return { sql: '', bindings: [] };
  const parts: string[] = [];
  const bindings: unknown[] = [];
  if (time.start !== null) {
    parts.push('feature_time >= ?::timestamptz');
    bindings.push(time.start);
  }
  if (time.end !== null) {
    parts.push(`feature_time ${time.endExclusive ? '<' : '<='} ?::timestamptz`);
    bindings.push(time.end);
  }
  return { sql: parts.map((p) => ` and ${p}`).join(''), bindings };
}

function boxesSql(operator: '&&' | '<@', bboxes: Bbox[]): Statement {
  return {
    sql: `(${bboxes.map(() => `bounds ${operator} box(point(?, ?), point(?, ?))`).join(' or ')})`,
    bindings: bboxes.flat(),
  };
}

/** Candidates whose box overlaps a query box without lying inside one: tested exactly in code. */
export function straddlerStatement(layerId: string, bboxes: Bbox[], time: TimeFilter | null): Statement {
  const overlap = boxesSql('&&', bboxes);
  const inside = boxesSql('<@', bboxes);
  const t = timeSql(time);
  return {
    sql: `select ordinal, feature->'geometry' as geometry from map_features
          where layer_id = ? and ${overlap.sql} and not ${inside.sql}${t.sql}`,
    bindings: [layerId, ...overlap.bindings, ...inside.bindings, ...t.bindings],
  };
}

/** How many features lie (by bounding box) inside a query box: all of them match. */
export function insideCountStatement(layerId: string, bboxes: Bbox[], time: TimeFilter | null): Statement {
  const inside = boxesSql('<@', bboxes);
  const t = timeSql(time);
  return {
    sql: `select count(*)::integer as n from map_features where layer_id = ? and ${inside.sql}${t.sql}`,
    bindings: [layerId, ...inside.bindings, ...t.bindings],
  };
}

/**
 * One page of matches: features inside a query box plus the straddlers that passed the exact test.
 * The candidate ordinals are materialised first so the planner takes the GiST index (box
 * selectivity estimates are constants, and with ORDER BY ... LIMIT it would otherwise walk the
 * whole layer in key order); only the page's rows are then fetched.
 */
export function pageStatement(
  layerId: string,
  bboxes: Bbox[],
  time: TimeFilter | null,
  straddlers: number[],
  limit: number,
  offset: number,
): Statement {
  const overlap = boxesSql('&&', bboxes);
  const inside = boxesSql('<@', bboxes);
  const t = timeSql(time);
  const extra = straddlers.length > 0 ? ' or ordinal = any(?::integer[])' : '';
  return {
    sql: `with c as materialized (
            select ordinal from map_features
            where layer_id = ? and ${overlap.sql} and (${inside.sql}${extra})${t.sql}
          ), page as (
            select ordinal from c order by ordinal limit ? offset ?
          )
          select f.feature::text as feature from page join map_features f on f.layer_id = ? and f.ordinal = page.ordinal
          order by page.ordinal`,
    bindings: [
      layerId,
      ...overlap.bindings,
      ...inside.bindings,
      ...(straddlers.length > 0 ? [`{${straddlers.join(',')}}`] : []),
      ...t.bindings,
      limit,
      offset,
      layerId,
    ],
  };
}

/** Without a bbox: the layer in order (primary key), optionally filtered by time. */
export function unfilteredPageStatement(
  layerId: string,
  time: TimeFilter | null,
  limit: number,
  offset: number,
): Statement {
  const t = timeSql(time);
  return {
    sql: `select feature::text as feature from map_features where layer_id = ?${t.sql} order by ordinal limit ? offset ?`,
    bindings: [layerId, ...t.bindings, limit, offset],
  };
}

export function unfilteredCountStatement(layerId: string, time: TimeFilter | null): Statement {
  const t = timeSql(time);
  return {
    sql: `select count(*)::integer as n from map_features where layer_id = ?${t.sql}`,
    bindings: [layerId, ...t.bindings],
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the database driver returns them
const run = async (knex: Knex, s: Statement): Promise<any[]> => (await knex.raw(s.sql, s.bindings as any[])).rows;

export async function queryLayerItems(
  knex: Knex,
  layer: { layer_id: string; feature_count: number },
  filter: ItemsFilter,
  limit: number,
  offset: number,
): Promise<ItemsPage> {
  const { layer_id } = layer;
  if (!filter.bboxes) {
    const [numberMatched, rows] = await Promise.all([
      filter.time
        ? run(knex, unfilteredCountStatement(layer_id, filter.time)).then((r) => Number(r[0].n))
        : layer.feature_count,
      run(knex, unfilteredPageStatement(layer_id, filter.time, limit, offset)),
    ]);
    return { numberMatched, features: rows.map((r) => r.feature) };
  }
  const bboxes = filter.bboxes;
  const [straddlerRows, insideRows] = await Promise.all([
    run(knex, straddlerStatement(layer_id, bboxes, filter.time)),
    run(knex, insideCountStatement(layer_id, bboxes, filter.time)),
  ]);
  const matched = straddlerRows
    .filter((r) => {
      const geometry = jsonColumn<Geometry>(r.geometry);
      return bboxes.some((b) => geometryIntersectsBbox(geometry, b));
    })
    .map((r) => Number(r.ordinal));
  const numberMatched = Number(insideRows[0].n) + matched.length;
  if (numberMatched === 0 || offset >= numberMatched) return { numberMatched, features: [] };
  const rows = await run(knex, pageStatement(layer_id, bboxes, filter.time, matched, limit, offset));
  return { numberMatched, features: rows.map((r) => r.feature) };
}

/** One feature of a layer's current version as JSON text, or null. */
export async function findLayerFeature(knex: Knex, layerId: string, featureId: string): Promise<string | null> {
  const rows = await run(knex, {
    sql: 'select feature::text as feature from map_features where layer_id = ? and feature_id = ?',
    bindings: [layerId, featureId],
  });
  return rows[0]?.feature ?? null;
}
