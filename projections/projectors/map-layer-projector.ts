// Layers and their features. A layer row holds the current version's summary (feature count,
// bbox, time extent); map_features holds one row per feature of that version with its bounding box
// as a native PostgreSQL box (GiST-indexed) and its time (feature_time, see featureTime). A new
// version replaces the layer's feature rows; a version at or below the stored one changes nothing,
// so applying an event twice is harmless.
import type { Knex } from 'knex';
import type { Projector } from '../projector.ts';
import type { MapEvent, MapLayerAdded, MapLayerReplaced } from '../../domain/map/map-events.ts';
import { isEventOf } from '../is-event-of.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { geometryBounds, type Bbox } from '../../domain/map/geojson/geometry-bounds.ts';
import { featureTime } from '../../domain/map/geojson/feature-time.ts';

/** Feature rows per INSERT: one JSON parameter each, well below PostgreSQL's 1 GB value limit. */
const ROWS_PER_INSERT = 5000;

/**
 * A version with at least this many features refreshes the planner's statistics of map_features.
 * Without them (PGlite has no autovacuum; PostgreSQL's comes up to a minute later) the planner
 * guesses the layer is small and ANDs the GiST bitmap with a scan of the layer's whole key range,
 * which made a bbox query over a 100,000-feature layer 50 times slower.
 */
const ANALYZE_FROM_FEATURES = 1000;

interface FeatureRow {
  layer_id: string;
  ordinal: number;
  feature_id: string;
  layer_version: number;
  bounds: string;
  feature_time: string;
  feature: unknown;
}

async function insertFeatures(trx: Knex.Transaction, rows: FeatureRow[]): Promise<void> {
  // json_to_recordset turns one JSON array into rows: one round trip per chunk instead of a
  // statement with 7 bindings per feature, which matters at 100,000 features (json, not jsonb, for
  // the carrier: it is parsed once, only each feature becomes jsonb).
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx.raw(
      `insert into map_features (layer_id, ordinal, feature_id, layer_version, bounds, feature_time, feature)
       select layer_id, ordinal, feature_id, layer_version, bounds, feature_time, feature
       from json_to_recordset(?::json) as r(layer_id uuid, ordinal integer, feature_id uuid, layer_version integer,
                                              bounds box, feature_time timestamptz, feature jsonb)`,
      [JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT))],
    );
  }
}

async function storeVersion(
  trx: Knex.Transaction,
  event: RecordedEvent,
  e: MapLayerAdded | MapLayerReplaced,
): Promise<void> {
  const at = event.metadata.occurred_at;
  const { layer_id, version } = e.data;
  const existing: { version: number } | undefined = await trx('map_layers').where({ layer_id }).first('version');
  if (existing && existing.version >= version) return;

  const extent: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  const rows: FeatureRow[] = e.data.feature_collection.features.map((feature, ordinal) => {
    const b = geometryBounds(feature.geometry);
    extent[0] = Math.min(extent[0], b[0]);
    extent[1] = Math.min(extent[1], b[1]);
    extent[2] = Math.max(extent[2], b[2]);
    extent[3] = Math.max(extent[3], b[3]);
    return {
      layer_id,
      ordinal,
      feature_id: feature.id,
      layer_version: version,
      bounds: `(${b[0]},${b[1]}),(${b[2]},${b[3]})`,
      feature_time: featureTime(feature.properties, at),
      feature,
    };
  });

  await trx('map_features').where({ layer_id }).delete();
  await insertFeatures(trx, rows);
  if (rows.length >= ANALYZE_FROM_FEATURES) await trx.raw('analyze map_features');
  const times = await trx('map_features')
    .where({ layer_id })
    .min({ time_min: 'feature_time' })
    .max({ time_max: 'feature_time' })
    .first();
  const summary = {
    title: e.data.title,
    version,
    feature_count: rows.length,
    min_lon: extent[0],
    min_lat: extent[1],
    max_lon: extent[2],
    max_lat: extent[3],
    time_min: times?.time_min ?? null,
    time_max: times?.time_max ?? null,
    updated_at: at,
  };
  if (existing) {
    await trx('map_layers').where({ layer_id }).update(summary);
  } else {
    await trx('map_layers').insert({
      layer_id,
      map_id: e.data.map_id,
      layer_type: e.data.layer_type,
      created_position: event.position,
      created_at: at,
      ...summary,
    });
  }
}

const LAYER_EVENTS = new Set<MapEvent['type']>(['MapLayerAdded', 'MapLayerReplaced']);

/** Each layer version replaces the layer's feature rows, so versions are stored one after another. */
async function storeVersions(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
  for (const event of events) {
    if (isEventOf<MapLayerAdded | MapLayerReplaced>(event, LAYER_EVENTS)) await storeVersion(trx, event, event);
  }
}

export const mapLayerProjector: Projector = {
  name: 'map_layers',
  apply: (trx, event) => storeVersions(trx, [event]),
  applyBatch: storeVersions,
};
