// Reads for the operation exports (api/exports/): every map layer of an operation with its
// features in layer order, ready to be laid out as export tables.
import type { Knex } from 'knex';
import type { LayerFeature } from '../../domain/map/layer-feature-collection.ts';
import type { ExportLayerInput } from '../../domain/exports/export-layer-tables.ts';
import { jsonColumn } from './json-column.ts';
import { listLayersOfMaps, listMapsOfOperation } from './map-queries.ts';

/** The operation's maps (oldest first) and each map's layers (oldest first) with their current features. */
export async function operationLayersForExport(knex: Knex, operationId: string): Promise<ExportLayerInput[]> {
  const maps = await listMapsOfOperation(knex, operationId);
  const layers = await listLayersOfMaps(
    knex,
    maps.map((m) => m.map_id),
  );
  if (layers.length === 0) return [];
  const rows: Array<{ layer_id: string; feature: unknown }> = await knex('map_features')
    .whereIn(
      'layer_id',
      layers.map((l) => l.layer_id),
    )
    .orderBy([
      { column: 'layer_id', order: 'asc' },
      { column: 'ordinal', order: 'asc' },
    ])
    .select('layer_id', 'feature');
  const featuresOf = new Map<string, LayerFeature[]>();
  for (const row of rows) {
    const list = featuresOf.get(row.layer_id) ?? [];
    list.push(jsonColumn<LayerFeature>(row.feature));
    featuresOf.set(row.layer_id, list);
  }
  const mapName = new Map(maps.map((m) => [m.map_id, m.name]));
  return layers.map((layer) => ({
    map_id: layer.map_id,
    map_name: mapName.get(layer.map_id)!,
    layer_id: layer.layer_id,
    layer_type: layer.layer_type,
    title: layer.title,
    version: layer.version,
    features: featuresOf.get(layer.layer_id) ?? [],
  }));
}
