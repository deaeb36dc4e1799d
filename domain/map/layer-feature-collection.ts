// The stored (normalised) form of a layer's features, as events carry it and OGC serves it, and
// its JSON schema for event validation. Coordinates are checked by the GeoJSON validator before a
// command runs; the event schema pins down the envelope only, so appending a 100,000-feature layer
// does not re-walk every position through ajv.
import { Type, type Static } from '@sinclair/typebox';
import { GEOMETRY_TYPES, type LayerGeometryType } from './map-layer-vocabulary.ts';
import { StringEnum, Uuid } from '../shared/schema-types.ts';

export const LayerGeometrySchema = Type.Object(
  {
    type: StringEnum(GEOMETRY_TYPES, 'GeoJSON geometry type'),
    coordinates: Type.Array(Type.Unknown(), {
      description: 'RFC 7946 coordinates: [longitude, latitude] positions nested as the type requires',
    }),
  },
  { additionalProperties: false },
);

export const LayerFeatureSchema = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Uuid,
    properties: Type.Object({}, { additionalProperties: true }),
    geometry: LayerGeometrySchema,
  },
  { additionalProperties: false },
);

export const LayerFeatureCollectionSchema = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(LayerFeatureSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export interface LayerFeature {
  type: 'Feature';
  id: string;
  properties: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- coordinate nesting depends on the geometry type
  geometry: { type: LayerGeometryType; coordinates: any };
}

export interface LayerFeatureCollection {
  type: 'FeatureCollection';
  features: LayerFeature[];
}

// Keeps the hand-written interfaces and the schema in step: this fails to compile if they drift.
type Holds<T extends true> = T;
export type SchemaMatchesInterface = Holds<
  LayerFeatureCollection extends Static<typeof LayerFeatureCollectionSchema> ? true : false
>;
