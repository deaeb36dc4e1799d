// Reads of the map read models: maps (with whether their operation still exists), their layers,
// and a map's current boundary as a FeatureCollection.
import type { Knex } from 'knex';
import type { LayerFeatureCollection, LayerFeature } from '../../domain/map/layer-feature-collection.ts';
import type { MapLayerType } from '../../domain/map/map-layer-vocabulary.ts';
import { iso } from './iso.ts';
import { jsonColumn } from './json-column.ts';

export interface MapRow {
  map_id: string;
  operation_id: string;
  account_id: string;
  name: string;
  revision: number;
  created_at: string;
  updated_at: string;
}

export interface MapLayerRow {
  layer_id: string;
  map_id: string;
  layer_type: MapLayerType;
  title: string;
  version: number;
  feature_count: number;
  /** [minLon, minLat, maxLon, maxLat] of the current version. */
  bbox: [number, number, number, number] | null;
  /** Earliest and latest feature time of the current version. */
  time_min: string | null;
  time_max: string | null;
  created_at: string;
  updated_at: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the database driver returns them
const mapRow = (r: any): MapRow => ({
  map_id: r.map_id,
  operation_id: r.operation_id,
  account_id: r.account_id,
  name: r.name,
  revision: Number(r.revision),
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the database driver returns them
const layerRow = (r: any): MapLayerRow => ({
  layer_id: r.layer_id,
  map_id: r.map_id,
  layer_type: r.layer_type,
  title: r.title,
  version: Number(r.version),
  feature_count: Number(r.feature_count),
  bbox: r.min_lon === null ? null : [Number(r.min_lon), Number(r.min_lat), Number(r.max_lon), Number(r.max_lat)],
  time_min: iso(r.time_min),
  time_max: iso(r.time_max),
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

/** The map and whether its operation is deleted (deleted operations take their maps with them). */
export async function findMapRow(knex: Knex, mapId: string): Promise<(MapRow & { operation_deleted: boolean }) | null> {
  const row = await knex('maps as m')
    .leftJoin('operations as o', 'o.operation_id', 'm.operation_id')
    .where('m.map_id', mapId)
    .first('m.*', knex.raw('(o.operation_id is null or o.deleted_at is not null) as operation_deleted'));
  return row ? { ...mapRow(row), operation_deleted: Boolean(row.operation_deleted) } : null;
}

/**
 * The map (with whether its operation is deleted) and one of its layers, in one round trip: the
 * OGC routes check access and find the collection with it. layer is null when the map has no such
 * layer (or layerId is null).
 */
export async function findMapWithLayer(knex: Knex, mapId: string, layerId: string | null) {
  const row = await knex('maps as m')
    .leftJoin('operations as o', 'o.operation_id', 'm.operation_id')
    .leftJoin('map_layers as l', (on) => on.on('l.map_id', 'm.map_id').andOnVal('l.layer_id', layerId ?? NO_LAYER))
    .where('m.map_id', mapId)
    .first(
      'm.*',
      knex.raw('(o.operation_id is null or o.deleted_at is not null) as operation_deleted'),
      knex.raw('to_jsonb(l) as layer'),
    );
  if (!row) return null;
  const layer = jsonColumn<Record<string, unknown> | null>(row.layer);
  return {
    map: { ...mapRow(row), operation_deleted: Boolean(row.operation_deleted) },
    layer: layer ? layerRow(layer) : null,
  };
}

const NO_LAYER = '00000000-0000-0000-0000-000000000000';

/** Maps of an operation, oldest first. */
export async function listMapsOfOperation(knex: Knex, operationId: string): Promise<MapRow[]> {
  const rows = await knex('maps').where({ operation_id: operationId }).orderBy('created_position');
  return rows.map(mapRow);
}

/** Layers of the given maps, oldest first. */
export async function listLayersOfMaps(knex: Knex, mapIds: string[]): Promise<MapLayerRow[]> {
  if (mapIds.length === 0) return [];
  const rows = await knex('map_layers').whereIn('map_id', mapIds).orderBy('created_position');
  return rows.map(layerRow);
}

export async function findMapLayer(knex: Knex, mapId: string, layerId: string): Promise<MapLayerRow | null> {
  const row = await knex('map_layers').where({ map_id: mapId, layer_id: layerId }).first();
  return row ? layerRow(row) : null;
}

/** The map's current boundary (area of operations) as stored, or null when it has none. */
export async function findMapBoundary(
  knex: Knex,
  mapId: string,
): Promise<{ layer: MapLayerRow; feature_collection: LayerFeatureCollection } | null> {
  const row = await knex('map_layers').where({ map_id: mapId, layer_type: 'boundary' }).first();
  if (!row) return null;
  const features = await knex('map_features').where({ layer_id: row.layer_id }).orderBy('ordinal').select('feature');
  return {
    layer: layerRow(row),
    feature_collection: {
      type: 'FeatureCollection',
      features: features.map((f: { feature: LayerFeature }) => f.feature),
    },
  };
}

/** The current features of a layer, in order. */
export async function layerFeatures(knex: Knex, layerId: string): Promise<LayerFeature[]> {
  const rows = await knex('map_features').where({ layer_id: layerId }).orderBy('ordinal').select('feature');
  return rows.map((f: { feature: unknown }) => jsonColumn<LayerFeature>(f.feature));
}

/** An operation's maps in the order they were created. */
export function mapsOfOperation(
  knex: Knex,
  operationId: string,
): Promise<Array<{ map_id: string; name: string; revision: number }>> {
  return knex('maps')
    .where({ operation_id: operationId })
    .orderBy('created_position')
    .select('map_id', 'name', 'revision');
}

/** A map's name, or null before the read model has it. */
export async function mapNameOf(knex: Knex, mapId: string): Promise<string | null> {
  const row: { name: string } | undefined = await knex('maps').where({ map_id: mapId }).first('name');
  return row?.name ?? null;
}
