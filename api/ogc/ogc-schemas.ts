// JSON schemas of the OGC API Features documents, for the OpenAPI description (responses are
// built by the handlers; these describe them).
import { Type } from '@sinclair/typebox';
import { GEOMETRY_TYPES, MAP_LAYER_TYPES } from '../../domain/map/map-layer-vocabulary.ts';
import { StringEnum, Uuid } from '../../domain/shared/schema-types.ts';

export const OgcLink = Type.Object(
  {
    href: Type.String({ description: 'Absolute URL' }),
    rel: Type.String(),
    type: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
  },
  { title: 'Link' },
);

export const LandingPage = Type.Object(
  {
    title: Type.String(),
    description: Type.String(),
    links: Type.Array(OgcLink, {
      description: 'self, service-desc (the OpenAPI document), conformance, data (the collections)',
    }),
  },
  { title: 'OgcLandingPage' },
);

export const Conformance = Type.Object(
  {
    conformsTo: Type.Array(Type.String()),
  },
  { title: 'OgcConformance' },
);

export const OgcCollection = Type.Object(
  {
    id: Type.String({ description: 'layer--<layer uuid>' }),
    title: Type.String(),
    'svc:map_layer_id': Uuid,
    'svc:layer_type': StringEnum(MAP_LAYER_TYPES, 'boundary is the area of operations'),
    'svc:layer_version': Type.Integer({ description: 'Version of the layer whose features are served' }),
    itemType: Type.Literal('feature'),
    crs: Type.Array(Type.String()),
    extent: Type.Object({
      spatial: Type.Object({
        bbox: Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 })),
        crs: Type.String(),
      }),
      temporal: Type.Object({
        interval: Type.Array(
          Type.Array(Type.Union([Type.String({ format: 'date-time' }), Type.Null()]), { minItems: 2, maxItems: 2 }),
        ),
        trs: Type.String(),
      }),
    }),
    links: Type.Array(OgcLink, { description: 'self, and items (application/geo+json)' }),
  },
  { title: 'OgcCollection' },
);

export const OgcCollections = Type.Object(
  {
    links: Type.Array(OgcLink),
    collections: Type.Array(OgcCollection),
  },
  { title: 'OgcCollections' },
);

export const GeoJsonGeometry = Type.Object(
  {
    type: StringEnum(GEOMETRY_TYPES),
    coordinates: Type.Array(Type.Unknown(), {
      description: '[longitude, latitude] positions nested as the type requires',
    }),
  },
  { title: 'GeoJsonGeometry' },
);

export const GeoJsonFeature = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Type.String({ format: 'uuid' }),
    properties: Type.Object({}, { additionalProperties: true }),
    geometry: GeoJsonGeometry,
    links: Type.Optional(Type.Array(OgcLink)),
  },
  { title: 'GeoJsonFeature' },
);

export const OgcFeatureCollection = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(GeoJsonFeature),
    numberMatched: Type.Integer({ minimum: 0 }),
    numberReturned: Type.Integer({ minimum: 0 }),
    timeStamp: Type.String({ format: 'date-time' }),
    links: Type.Array(OgcLink, {
      description: 'self, next (more matches), prev (offset > 0), collection; each keeps every filter',
    }),
  },
  { title: 'OgcFeatureCollection' },
);
