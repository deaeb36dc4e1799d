// /api/maps/: list and create maps of an operation, read one, and add layers (boundary, named
// areas, annotations) as validated, normalised GeoJSON. Access follows the operation: another
// account's operation or map answers 403; a missing one, or one whose operation is deleted, 404.
import { Type } from '@sinclair/typebox';
import { addMapLayer, createMap, recordedLayerVersion } from '../../commands/map-commands.ts';
import type { LayerFeatureCollection } from '../../domain/map/layer-feature-collection.ts';
import { InvalidFeatureCollectionError } from '../../domain/map/invalid-feature-collection-error.ts';
import {
  ClientLayerTypeSchema,
  LayerTitleSchema,
  LayerTypeSchema,
  MapNameSchema,
} from '../../domain/map/map-events.ts';
import { GEOMETRY_TYPES, MAX_POSITIONS_PER_LAYER_REQUEST } from '../../domain/map/map-layer-vocabulary.ts';
import { GEOMETRY_LIMITS_SUMMARY } from '../../domain/map/geojson/geometry-limits.ts';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import {
  findMapLayer,
  findMapRow,
  listLayersOfMaps,
  listMapsOfOperation,
  type MapLayerRow,
  type MapRow,
} from '../../projections/queries/map-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { validationError } from '../http-error.ts';
import { authErrors, HTTPError, ownedResourceErrors } from '../common-schemas.ts';
import { accessibleMap, accessibleOperation } from '../access.ts';
import { GEOJSON, JSON_TYPE } from '../ogc/ogc-media-types.ts';
import { collectionIdOf, collectionUrl, featuresRootUrl, itemsUrl } from '../ogc/ogc-urls.ts';
import { ogcLink, selfLink } from '../ogc/ogc-links.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { GeoJsonFeature, OgcLink } from '../ogc/ogc-schemas.ts';

const MapLayerSummary = Type.Object(
  {
    id: Uuid,
    collection_id: Type.String({ description: 'OGC API Features collection id: layer--<id>' }),
    type: LayerTypeSchema,
    title: Type.String(),
    version: Type.Integer({
      minimum: 1,
      description: 'Version of the layer (a boundary posted again becomes a new version)',
    }),
    feature_count: Type.Integer({ minimum: 0 }),
    bbox: Type.Union([Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), Type.Null()], {
      description: '[minLon, minLat, maxLon, maxLat]',
    }),
    created_at: DateTime,
    updated_at: DateTime,
    links: Type.Array(OgcLink, {
      description: 'collection (OGC collection document) and items (application/geo+json)',
    }),
  },
  { title: 'MapLayer' },
);

const MapResponse = Type.Object(
  {
    id: Uuid,
    operation_id: Uuid,
    name: Type.String(),
    version: Type.Integer({ description: 'Revision of the map (each layer change adds one)' }),
    created_at: DateTime,
    updated_at: DateTime,
    layers: Type.Array(MapLayerSummary, { description: 'Layers, oldest first' }),
    links: Type.Array(OgcLink, { description: 'self, and data: the OGC API Features collections of the map' }),
  },
  { title: 'MapResponse' },
);

const MapRequest = Type.Object(
  {
    operation_id: Uuid,
    name: MapNameSchema,
  },
  { additionalProperties: false, title: 'MapRequest' },
);

// The shape is checked here (pydantic-style errors); coordinates, ranges, closure, crossings and
// the layer's allowed geometry types by validateLayerFeatureCollection in the command.
const FeatureCollectionInput = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object(
        {
          type: Type.Literal('Feature'),
          properties: Type.Unsafe<Record<string, unknown> | null>({
            type: ['object', 'null'],
            description:
              'Free properties; a "datetime" property (RFC 3339) is the feature\'s time for OGC datetime filters',
          }),
          geometry: Type.Object(
            {
              type: StringEnum(
                GEOMETRY_TYPES,
                'boundary and named_area: Polygon or MultiPolygon; annotation: any of these',
              ),
              coordinates: Type.Array(Type.Unknown(), {
                description: '[longitude, latitude] positions (WGS 84), rings closed',
              }),
            },
            { additionalProperties: true },
          ),
        },
        { additionalProperties: true, description: 'A client "id" is replaced by a server-assigned UUID' },
      ),
      { minItems: 1 },
    ),
  },
  {
    additionalProperties: true,
    description:
      'RFC 7946 FeatureCollection. Positions are [longitude, latitude]; longitude in [-180, 180], latitude in [-90, 90]; ' +
      'linear rings have at least 4 positions, are closed and do not self-intersect. ' +
      `At most ${MAX_POSITIONS_PER_LAYER_REQUEST} positions per request and ${GEOMETRY_LIMITS_SUMMARY} (422 at the list ` +
      'that is too long); request bodies up to 16 MB.',
  },
);

const MapLayerRequest = Type.Object(
  {
    type: ClientLayerTypeSchema,
    title: LayerTitleSchema,
    feature_collection: FeatureCollectionInput,
  },
  { additionalProperties: false, title: 'MapLayerRequest' },
);

const MapLayerResponse = Type.Object(
  {
    layer_id: Uuid,
    map_id: Uuid,
    id: Uuid,
    collection_id: Type.String(),
    type: LayerTypeSchema,
    title: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    replaced: Type.Boolean({ description: 'true: the map already had a boundary and this is its new version' }),
    feature_count: Type.Integer({ minimum: 1 }),
    bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
    created_at: DateTime,
    updated_at: DateTime,
    feature_collection: Type.Object(
      {
        type: Type.Literal('FeatureCollection'),
        features: Type.Array(GeoJsonFeature),
      },
      { description: 'As stored and served by OGC: server ids, exterior rings counter-clockwise, holes clockwise' },
    ),
    links: Type.Array(OgcLink),
  },
  { title: 'MapLayerResponse' },
);

const MapIdParams = Type.Object({ map_id: Uuid });

/** Extra read-your-writes wait per posted feature (see the layer POST handler). */
const PROJECTION_MS_PER_FEATURE = 0.25;

function layerView(origin: string, layer: MapLayerRow) {
  return {
    id: layer.layer_id,
    collection_id: collectionIdOf(layer.layer_id),
    type: layer.layer_type,
    title: layer.title,
    version: layer.version,
    feature_count: layer.feature_count,
    bbox: layer.bbox,
    created_at: layer.created_at,
    updated_at: layer.updated_at,
    links: [
      ogcLink(
        collectionUrl(origin, layer.map_id, layer.layer_id),
        'collection',
        JSON_TYPE,
        'OGC API Features collection',
      ),
      ogcLink(itemsUrl(origin, layer.map_id, layer.layer_id), 'items', GEOJSON, 'Features'),
    ],
  };
}

function mapView(origin: string, map: MapRow, layers: MapLayerRow[]) {
  return {
    id: map.map_id,
    operation_id: map.operation_id,
    name: map.name,
    version: map.revision,
    created_at: map.created_at,
    updated_at: map.updated_at,
    layers: layers.filter((l) => l.map_id === map.map_id).map((l) => layerView(origin, l)),
    links: [
      selfLink(`${origin}/api/maps/${map.map_id}`, 'This map'),
      ogcLink(
        `${featuresRootUrl(origin, map.map_id)}/collections`,
        'data',
        JSON_TYPE,
        'OGC API Features collections of this map',
      ),
    ],
  };
}

export const mapRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/maps/',
    operationId: 'list_maps',
    summary: 'Maps of an operation (an empty list for a new operation)',
    tags: ['maps'],
    auth: true,
    query: Type.Object({ operation_id: Uuid }),
    responses: {
      200: {
        description: 'Maps of the operation, oldest first, each with its layers',
        schema: Type.Array(MapResponse),
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      await accessibleOperation(deps.readModels, query.operation_id, principal);
      const maps = await listMapsOfOperation(deps.readModels, query.operation_id);
      const layers = await listLayersOfMaps(
        deps.readModels,
        maps.map((m) => m.map_id),
      );
      ctx.body = maps.map((m) => mapView(requestOrigin(ctx), m, layers));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/maps/',
    operationId: 'create_map',
    summary: 'Create a map for an operation',
    description:
      "The operation must belong to the caller's account (403 otherwise); a missing or deleted operation answers 404.",
    tags: ['maps'],
    auth: true,
    body: MapRequest,
    idempotent: true,
    responses: {
      200: { description: 'The new map (no layers yet); Location names it', schema: MapResponse },
      ...authErrors,
      403: { description: 'The operation belongs to another account', schema: HTTPError },
      404: { description: 'No such operation (or it is deleted)', schema: HTTPError },
    },
    async handler(ctx, { body, principal }) {
      await accessibleOperation(deps.readModels, body.operation_id, principal);
      const created = await writeOnce(ctx, deps, async () => {
        const input = { operation_id: body.operation_id, name: body.name };
        const { map_id, position } = await createMap(deps.store, commandContextOf(ctx), input);
        return { map_id, position };
      });
      const location = `/api/maps/${created.map_id}`;
      await awaitReadModels(deps, created.position, { id: created.map_id, location });
      const map = await findMapRow(deps.readModels, created.map_id);
      ctx.set('Location', location);
      ctx.body = mapView(requestOrigin(ctx), map!, []);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}',
    operationId: 'get_map',
    summary: 'Read a map with its layers',
    tags: ['maps'],
    auth: true,
    params: MapIdParams,
    responses: { 200: { description: 'The map', schema: MapResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const map = await accessibleMap(deps.readModels, params.map_id, principal);
      ctx.body = mapView(requestOrigin(ctx), map, await listLayersOfMaps(deps.readModels, [map.map_id]));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/maps/{map_id}/features',
    operationId: 'add_map_layer',
    summary: 'Add a layer (boundary, named_area, annotation) of GeoJSON features to a map',
    description: [
      'Validates the FeatureCollection (RFC 7946) and answers 422 with the exact loc of each problem.',
      'boundary and named_area take Polygon/MultiPolygon, annotation also Point, MultiPoint, LineString, MultiLineString.',
      'Geometry is normalised (exterior rings counter-clockwise, holes clockwise) and each feature gets an id.',
      'A map has one boundary layer: posting another boundary makes it the next version of that layer (same layer id and',
      'collection; the earlier version stays in the operation history), and its OGC items become the new features.',
      `Limits: ${MAX_POSITIONS_PER_LAYER_REQUEST} positions per request and ${GEOMETRY_LIMITS_SUMMARY} (422),`,
      '16 MB request body (413).',
    ].join(' '),
    tags: ['maps'],
    auth: true,
    params: MapIdParams,
    body: MapLayerRequest,
    idempotent: true,
    authorize: async ({ params, principal }) => {
      await accessibleMap(deps.readModels, params.map_id, principal);
    },
    responses: {
      201: {
        description: 'The stored layer with its normalised feature_collection and OGC links',
        schema: MapLayerResponse,
        headers: {
          Location: { description: "Absolute URL of the layer's OGC API Features collection", schema: Type.String() },
        },
      },
      413: { description: 'Request body above 16 MB', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      // The normalised features as this request stored them; a retry with its Idempotency-Key reads them back.
      let stored: LayerFeatureCollection | undefined;
      const added = await writeOnce(ctx, deps, async () => {
        try {
          const input = { type: body.type, title: body.title, feature_collection: body.feature_collection };
          const { feature_collection, ...recorded } = await addMapLayer(
            deps.store,
            commandContextOf(ctx),
            params.map_id,
            input,
          );
          stored = feature_collection;
          return { ...recorded, features: feature_collection.features.length };
        } catch (error) {
          if (error instanceof InvalidFeatureCollectionError) {
            throw validationError(error.issues.map((i) => ({ ...i, loc: ['body', 'feature_collection', ...i.loc] })));
          }
          throw error;
        }
      });
      // Projecting a large layer takes time (about 0.1 ms a feature on the embedded PGlite), so the
      // read-your-writes wait grows with the layer rather than answering 503 for a recorded write.
      const allowance = added.features * PROJECTION_MS_PER_FEATURE;
      const location = collectionUrl(requestOrigin(ctx), params.map_id, added.layer_id);
      const timeout = deps.readYourWritesTimeoutMs + allowance;
      const recorded = { id: added.layer_id, location };
      await awaitReadModels({ ...deps, readYourWritesTimeoutMs: timeout }, added.position, recorded);
      const layer = await findMapLayer(deps.readModels, params.map_id, added.layer_id);
      const view = layerView(requestOrigin(ctx), layer!);
      ctx.status = 201;
      ctx.set('Location', location);
      ctx.body = {
        layer_id: added.layer_id,
        map_id: params.map_id,
        ...view,
        version: added.version,
        replaced: added.replaced,
        feature_collection:
          stored ?? (await recordedLayerVersion(deps.store, params.map_id, added.layer_id, added.version)),
      };
    },
  }),
];
