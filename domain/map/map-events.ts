// Events of the map aggregate (stream `map-<uuid>`) and their JSON schemas. A map belongs to one
// operation; its events carry metadata.operation_id = that operation, so they appear in the
// operation's history and replay.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, StringEnum, Uuid } from '../shared/schema-types.ts';
import { LayerFeatureCollectionSchema, type LayerFeatureCollection } from './layer-feature-collection.ts';
import { CLIENT_LAYER_TYPES, MAP_LAYER_TYPES, MAX_LAYER_TITLE_LENGTH } from './map-layer-vocabulary.ts';

export const MapNameSchema = NonEmptyText(200, 'Name of the map');
export const LayerTitleSchema = NonEmptyText(MAX_LAYER_TITLE_LENGTH, 'Title of the layer (the OGC collection title)');
export const LayerTypeSchema = StringEnum(
  MAP_LAYER_TYPES,
  'boundary: the area of operations (one per map); named_area: named polygons; annotation: points, lines and ' +
    'polygons; entity: emitters and receivers (Points with typed properties); line_of_sight, viewshed, route, ' +
    'landing_zone, rf_coverage: results of analyses (README "Terrain analyses")',
);
/** The layer types a client may post (analysis result types are written by analyses only). */
export const ClientLayerTypeSchema = StringEnum(
  CLIENT_LAYER_TYPES,
  'boundary: the area of operations (one per map); named_area: named polygons; annotation: points, lines and ' +
    'polygons; entity: emitters and receivers (Points with typed properties)',
);

export const MapCreatedData = Type.Object(
  {
    map_id: Uuid,
    operation_id: Uuid,
    account_id: Uuid,
    name: MapNameSchema,
  },
  { additionalProperties: false },
);

/** A new layer, at version 1. */
export const MapLayerAddedData = Type.Object(
  {
    map_id: Uuid,
    layer_id: Uuid,
    layer_type: LayerTypeSchema,
    title: LayerTitleSchema,
    version: Type.Literal(1),
    feature_collection: LayerFeatureCollectionSchema,
  },
  { additionalProperties: false },
);

/** A new version of an existing layer: its features are replaced; earlier versions stay in the log. */
export const MapLayerReplacedData = Type.Object(
  {
    map_id: Uuid,
    layer_id: Uuid,
    layer_type: LayerTypeSchema,
    title: LayerTitleSchema,
    version: Type.Integer({ minimum: 2 }),
    feature_collection: LayerFeatureCollectionSchema,
  },
  { additionalProperties: false },
);

type WithCollection<T> = Omit<T, 'feature_collection'> & { feature_collection: LayerFeatureCollection };

export type MapCreated = DomainEvent<'MapCreated', Static<typeof MapCreatedData>>;
export type MapLayerAdded = DomainEvent<'MapLayerAdded', WithCollection<Static<typeof MapLayerAddedData>>>;
export type MapLayerReplaced = DomainEvent<'MapLayerReplaced', WithCollection<Static<typeof MapLayerReplacedData>>>;
export type MapEvent = MapCreated | MapLayerAdded | MapLayerReplaced;

export const mapEventSchemas = {
  MapCreated: { version: 1, schema: MapCreatedData },
  MapLayerAdded: { version: 1, schema: MapLayerAddedData },
  MapLayerReplaced: { version: 1, schema: MapLayerReplacedData },
};

export const mapStream = (mapId: string) => `map-${mapId}`;
