// OGC API Features Part 1 (Core), read-only, per map: /api/maps/{map_id}/ogc/features with the
// landing page, conformance, collections (one per map layer) and items. Bearer auth and the map's
// 403/404 rule apply to every route; links are absolute URLs built from the request; unknown query
// parameters are ignored; bad parameter values answer 422 with loc ['query', name].
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import { StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { findMapWithLayer, listLayersOfMaps } from '../../projections/queries/map-queries.ts';
import type { Principal } from '../../commands/command-context.ts';
import { findLayerFeature, queryLayerItems, type ItemsFilter } from '../../projections/queries/ogc-features-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { notFound } from '../http-error.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { accessibleMap, requireMapAccess } from '../access.ts';
import { collectionDocument } from '../ogc/collection-document.ts';
import {
  CONFORMANCE_CLASSES,
  CRS84,
  DEFAULT_ITEMS_LIMIT,
  GEOJSON,
  JSON_TYPE,
  MAX_ITEMS_LIMIT,
  MAX_ITEMS_OFFSET,
} from '../ogc/ogc-media-types.ts';
import { collectionUrl, featuresRootUrl, isUuid, itemsUrl, layerIdOf, withQuery } from '../ogc/ogc-urls.ts';
import { landingPageLinks, ogcLink, selfLink } from '../ogc/ogc-links.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { parseBboxParameter } from '../ogc/parse-bbox-parameter.ts';
import { parseDatetimeParameter } from '../ogc/parse-datetime-parameter.ts';
import {
  Conformance,
  GeoJsonFeature,
  LandingPage,
  OgcCollection,
  OgcCollections,
  OgcFeatureCollection,
} from '../ogc/ogc-schemas.ts';

const TAGS = ['ogc-features'];
const MapIdParams = Type.Object({ map_id: Uuid });
const CollectionParams = Type.Object({
  map_id: Uuid,
  collectionId: Type.String({ description: 'layer--<layer uuid>' }),
});
const FeatureParams = Type.Object({
  ...CollectionParams.properties,
  featureId: Type.String({ description: 'Feature id (UUID)' }),
});

const JsonFormat = Type.Object({
  f: Type.Optional(StringEnum(['json'], 'Response format; JSON is the only one served')),
});

const GeoJsonFormat = {
  f: Type.Optional(StringEnum(['json', 'geojson'], 'Response format; GeoJSON is the only one served')),
};

const ItemsQuery = Type.Object({
  bbox: Type.Optional(
    Type.String({
      description:
        'minLon,minLat,maxLon,maxLat in CRS84 (6 numbers with elevations also accepted; elevations ignored). minLon > ' +
        'maxLon crosses the antimeridian. Features whose geometry intersects the box (boundary included).',
    }),
  ),
  datetime: Type.Optional(
    Type.String({
      description:
        'Instant (RFC 3339 date-time, or a date = that UTC day) or interval start/end, either end open with "..". ' +
        'Matched against each feature\'s time: its "datetime" property when present, else when its layer version was ' +
        'recorded. Bounds inclusive.',
    }),
  ),
  limit: Type.Integer({
    minimum: 1,
    default: DEFAULT_ITEMS_LIMIT,
    description: `Features per page (default ${DEFAULT_ITEMS_LIMIT}); a limit above ${MAX_ITEMS_LIMIT} is served as ${MAX_ITEMS_LIMIT}`,
  }),
  offset: Type.Integer({
    minimum: 0,
    maximum: MAX_ITEMS_OFFSET,
    default: 0,
    description: `Matches to skip, 0 to ${MAX_ITEMS_OFFSET} (the next/prev links carry it)`,
  }),
  // Part 2 (CRS by reference) is not implemented: these are accepted only with the one CRS served,
  // so a client asking for another gets a 422 rather than coordinates it would misread.
  'bbox-crs': Type.Optional(StringEnum([CRS84], 'Only CRS84 (longitude, latitude) is supported')),
  crs: Type.Optional(StringEnum([CRS84], 'Only CRS84 (longitude, latitude) is served')),
  ...GeoJsonFormat,
});

const geoJson = (ctx: Koa.ParameterizedContext, body: string) => {
  ctx.body = body;
  ctx.type = GEOJSON;
};

/** The layer behind a collection id of a map the caller owns: map 404/403 first, then 404 for the collection. */
async function ownedLayer(deps: ApiDependencies, mapId: string, collectionId: string, principal: Principal) {
  const found = await findMapWithLayer(deps.readModels, mapId, layerIdOf(collectionId));
  requireMapAccess(found?.map ?? null, mapId, principal);
  if (!found!.layer) throw notFound(`Collection ${collectionId}`);
  return found!.layer;
}

export const ogcFeaturesRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features',
    operationId: 'ogc_features_landing_page',
    summary: 'OGC API Features landing page of a map',
    tags: TAGS,
    auth: true,
    params: MapIdParams,
    query: JsonFormat,
    responses: { 200: { description: 'Landing page', schema: LandingPage }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const map = await accessibleMap(deps.readModels, params.map_id, principal);
      const origin = requestOrigin(ctx);
      const root = featuresRootUrl(origin, map.map_id);
      ctx.body = {
        title: `${map.name}: map layers`,
        description:
          'Layers of the map (area of operations, named areas, annotations) as OGC API Features collections.',
        links: landingPageLinks(origin, root, 'The collections (one per map layer)'),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features/conformance',
    operationId: 'ogc_features_conformance',
    summary:
      'Conformance classes (Part 1 Core and GeoJSON; the API definition is OpenAPI 3.1, so OAS 3.0 is not claimed)',
    tags: TAGS,
    auth: true,
    params: MapIdParams,
    query: JsonFormat,
    responses: { 200: { description: 'Conformance', schema: Conformance }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      await accessibleMap(deps.readModels, params.map_id, principal);
      ctx.body = { conformsTo: CONFORMANCE_CLASSES };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features/collections',
    operationId: 'ogc_features_collections',
    summary: "The map's layers as collections",
    tags: TAGS,
    auth: true,
    params: MapIdParams,
    query: JsonFormat,
    responses: {
      200: { description: 'Collections, oldest layer first', schema: OgcCollections },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const map = await accessibleMap(deps.readModels, params.map_id, principal);
      const layers = await listLayersOfMaps(deps.readModels, [map.map_id]);
      const origin = requestOrigin(ctx);
      ctx.body = {
        links: [selfLink(`${featuresRootUrl(origin, map.map_id)}/collections`)],
        collections: layers.map((layer) => collectionDocument(origin, layer)),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features/collections/{collectionId}',
    operationId: 'ogc_features_collection',
    summary: 'One layer as a collection',
    tags: TAGS,
    auth: true,
    params: CollectionParams,
    query: JsonFormat,
    responses: { 200: { description: 'Collection', schema: OgcCollection }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      ctx.body = collectionDocument(
        requestOrigin(ctx),
        await ownedLayer(deps, params.map_id, params.collectionId, principal),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features/collections/{collectionId}/items',
    operationId: 'ogc_features_items',
    summary: "A page of a layer's features, filtered by bbox and datetime",
    description: "The boundary layer's items are exactly its stored boundary_shape (the current version).",
    tags: TAGS,
    auth: true,
    params: CollectionParams,
    query: ItemsQuery,
    responses: {
      200: { description: 'GeoJSON FeatureCollection', contentType: GEOJSON, schema: OgcFeatureCollection },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      // Parameter values first (a bad value is a 422 whatever the map), then access, then the layer.
      const filter: ItemsFilter = {
        bboxes: query.bbox === undefined ? null : parseBboxParameter(query.bbox),
        time: query.datetime === undefined ? null : parseDatetimeParameter(query.datetime),
      };
      const limit = Math.min(query.limit, MAX_ITEMS_LIMIT);
      const offset = query.offset;
      const layer = await ownedLayer(deps, params.map_id, params.collectionId, principal);
      const page = await queryLayerItems(deps.readModels, layer, filter, limit, offset);

      const origin = requestOrigin(ctx);
      const base = itemsUrl(origin, layer.map_id, layer.layer_id);
      const keep = { bbox: query.bbox, datetime: query.datetime, limit, f: query.f };
      const links = [selfLink(withQuery(base, { ...keep, offset }), 'This page', GEOJSON)];
      if (offset + page.features.length < page.numberMatched) {
        links.push(ogcLink(withQuery(base, { ...keep, offset: offset + limit }), 'next', GEOJSON, 'Next page'));
      }
      if (offset > 0) {
        links.push(
          ogcLink(withQuery(base, { ...keep, offset: Math.max(0, offset - limit) }), 'prev', GEOJSON, 'Previous page'),
        );
      }
      links.push(
        ogcLink(collectionUrl(origin, layer.map_id, layer.layer_id), 'collection', JSON_TYPE, 'The collection'),
      );
      const head = JSON.stringify({
        type: 'FeatureCollection',
        numberMatched: page.numberMatched,
        numberReturned: page.features.length,
        timeStamp: new Date().toISOString(),
        links,
      });
      // The stored features are already JSON text: splice them in rather than parse and re-encode.
      geoJson(ctx, `${head.slice(0, -1)},"features":[${page.features.join(',')}]}`);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/features/collections/{collectionId}/items/{featureId}',
    operationId: 'ogc_features_item',
    summary: 'One feature',
    tags: TAGS,
    auth: true,
    params: FeatureParams,
    query: Type.Object(GeoJsonFormat),
    responses: {
      200: { description: 'GeoJSON Feature', contentType: GEOJSON, schema: GeoJsonFeature },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const layer = await ownedLayer(deps, params.map_id, params.collectionId, principal);
      const text = isUuid(params.featureId)
        ? await findLayerFeature(deps.readModels, layer.layer_id, params.featureId.toLowerCase())
        : null;
      if (text === null) throw notFound(`Feature ${params.featureId} in collection ${params.collectionId}`);
      const origin = requestOrigin(ctx);
      const base = itemsUrl(origin, layer.map_id, layer.layer_id);
      const feature = JSON.parse(text);
      feature.links = [
        selfLink(`${base}/${feature.id}`, 'This feature', GEOJSON),
        ogcLink(collectionUrl(origin, layer.map_id, layer.layer_id), 'collection', JSON_TYPE, 'The collection'),
      ];
      geoJson(ctx, JSON.stringify(feature));
    },
  }),
];
