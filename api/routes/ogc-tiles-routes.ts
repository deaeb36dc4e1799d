// OGC API - Tiles 1.0 at /api/ogc/tiles: landing page, conformance, the WebMercatorQuad tile matrix
// set, the six global collections of terrain products (each with its tilesets list and its
// WebMercatorQuad tileset) and the tiles; plus the map-owned collections of a map at
// /api/maps/{map_id}/ogc/tiles/collections (empty until radio-coverage layers exist).
//
// The global collections gather the products of every terrain job of every account: tiles are
// reusable terrain products, content-addressed by source, so any key sees the tiles of any prepared
// area. The bearer key is still required on every route (GDAL sends it with GDAL_HTTP_HEADERS).
//
// A tile answers (see README "OGC Tiles"):
//   200  the tile (image/png or application/vnd.mapbox-vector-tile), strong ETag from its bytes,
//        Cache-Control: private, max-age=300, X-Tile-Status: ready;
//   304  If-None-Match matched the ETag;
//   204  no body, X-Tile-Status: empty (nothing prepared there, an empty vector tile, or the phase
//        ended without output; Cache-Control: private, max-age=60) or not-ready (a running job is
//        still preparing it; Retry-After: 5, Cache-Control: no-store);
//   404  unknown collection, an extension other than the collection's (png; mvt or pbf), a zoom
//        outside 8..12 or a row/column outside the zoom's matrix;
//   503  the tile storage failed (Retry-After: 30).
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import { Uuid } from '../../domain/shared/schema-types.ts';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { findTileCoverage } from '../../projections/queries/tile-readiness-queries.ts';
import { tileReadiness } from '../../projections/queries/tile-readiness.ts';
import { findPreparedTileExtents } from '../../projections/queries/tile-extent-queries.ts';
import { displayTileKey } from '../../domain/terrain/display-tile-key.ts';
import { defineRoute, type ResponseSpec } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { HttpError, notFound } from '../http-error.ts';
import { authErrors, HTTPError, ownedResourceErrors } from '../common-schemas.ts';
import { accessibleMap } from '../access.ts';
import { JSON_TYPE, OPENAPI_JSON } from '../ogc/ogc-media-types.ts';
import { Conformance } from '../ogc/ogc-schemas.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { MVT, PNG, REL, TILE_STATUS_HEADER, TILES_CONFORMANCE_CLASSES, WEB_MERCATOR_QUAD, WEB_MERCATOR_QUAD_URI, EPSG_3857 } from '../ogc/ogc-tiles-vocabulary.ts';
import { mapTileCollectionsUrl, tileCollectionUrl, tileMatrixSetUrl, tilesetsUrl, tilesetUrl, tilesRootUrl } from '../ogc/ogc-tiles-urls.ts';
import { findTileCollection, TILE_COLLECTIONS, TILE_MAX_ZOOM, TILE_MIN_ZOOM, type TileCollection } from '../ogc/tile-collections.ts';
import { tileCollectionDocument } from '../ogc/tile-collection-document.ts';
import { tilesetDocument } from '../ogc/tileset-document.ts';
import { tileMatrixSetDocument } from '../ogc/tile-matrix-set-document.ts';
import { workTileRangeBounds } from '../ogc/work-tile-range-bounds.ts';
import { contentEtag } from '../ogc/content-etag.ts';
import { ifNoneMatchMatches } from '../ogc/if-none-match-matches.ts';
import {
  MapTileCollections, TileCollection as TileCollectionSchema, TileCollections, TileMatrixSetDefinition, TileMatrixSetList, Tileset,
  TilesetList, TilesLandingPage,
} from '../ogc/ogc-tiles-schemas.ts';

const TAGS = ['ogc-tiles'];

/** A ready tile may be cached briefly by the client; the key is required, so shared caches are not invited. */
export const READY_CACHE_CONTROL = 'private, max-age=300';
/** An empty tile may fill once a job covers it: cache it briefly. */
export const EMPTY_CACHE_CONTROL = 'private, max-age=60';
export const NOT_READY_CACHE_CONTROL = 'no-store';
export const NOT_READY_RETRY_AFTER_S = 5;
export const STORAGE_RETRY_AFTER_S = 30;

const JsonFormat = Type.Object({
  f: Type.Optional(Type.Unsafe<'json'>({ type: 'string', enum: ['json'], description: 'Response format; JSON is the only one served' })),
});
const CollectionParams = Type.Object({ collectionId: Type.String({ description: 'One of the global collection ids (svc-native--...)' }) });
const TileParams = Type.Object({
  collectionId: CollectionParams.properties.collectionId,
  tileMatrix: Type.Integer({ description: `Zoom level; tiles exist at ${TILE_MIN_ZOOM}..${TILE_MAX_ZOOM}` }),
  tileRow: Type.Integer({ description: 'y (0 at the north), 0..2^zoom-1' }),
  tileCol: Type.Integer({ description: 'x (0 at 180°W), 0..2^zoom-1' }),
});
const MapIdParams = Type.Object({ map_id: Uuid });

const jsonResponse = (description: string, schema: ResponseSpec['schema']): Record<number, ResponseSpec> => ({
  200: { description, schema }, ...authErrors,
});

const notFoundResponse: ResponseSpec = { description: 'Unknown collection', schema: HTTPError };

const tileResponses = (mediaType: string): Record<number, ResponseSpec> => ({
  200: {
    description: 'The tile',
    contentType: mediaType,
    schema: Type.String({ format: 'binary' }),
    headers: {
      ETag: { description: 'Strong ETag from the tile bytes', schema: Type.String() },
      'Cache-Control': { description: READY_CACHE_CONTROL, schema: Type.String() },
      [TILE_STATUS_HEADER]: { description: 'ready', schema: Type.String() },
    },
  },
  204: {
    description: 'No tile: empty (nothing prepared at this address, an empty vector tile, or the phase failed, was blocked or canceled) or not-ready (a running job is preparing it; retry after Retry-After seconds)',
    headers: {
      [TILE_STATUS_HEADER]: { description: 'empty or not-ready', schema: Type.Unsafe<string>({ type: 'string', enum: ['empty', 'not-ready'] }) },
      'Retry-After': { description: `Seconds before retrying a not-ready tile (${NOT_READY_RETRY_AFTER_S})`, schema: Type.Integer() },
      'Cache-Control': { description: `${EMPTY_CACHE_CONTROL} when empty, ${NOT_READY_CACHE_CONTROL} when not ready`, schema: Type.String() },
    },
  },
  304: {
    description: 'If-None-Match matched: the stored tile is unchanged',
    headers: { ETag: { description: 'The current ETag', schema: Type.String() } },
  },
  ...authErrors,
  404: { description: 'Unknown collection, an extension other than the collection\'s, a zoom outside 8..12, or a row/column outside the zoom\'s matrix', schema: HTTPError },
  503: {
    description: 'Tile storage unavailable',
    schema: HTTPError,
    headers: { 'Retry-After': { description: 'Seconds before retrying', schema: Type.Integer() } },
  },
});

function requireCollection(id: string): TileCollection {
  const collection = findTileCollection(id);
  if (!collection) throw notFound(`Collection ${id}`);
  return collection;
}

/** Where each collection's phase has tiles or is preparing them (lon/lat), null where nowhere. */
async function preparedBounds(deps: ApiDependencies, collections: readonly TileCollection[]) {
  const phases = [...new Set(collections.map((c) => c.phase))] as PhaseId[];
  const extents = await findPreparedTileExtents(deps.readModels, phases);
  return (collection: TileCollection) => {
    const range = extents.get(collection.phase);
    return range ? workTileRangeBounds(range) : null;
  };
}

function noTile(ctx: Koa.ParameterizedContext, status: 'empty' | 'not-ready') {
  ctx.set(TILE_STATUS_HEADER, status);
  if (status === 'not-ready') {
    ctx.set('Retry-After', String(NOT_READY_RETRY_AFTER_S));
    ctx.set('Cache-Control', NOT_READY_CACHE_CONTROL);
  } else {
    ctx.set('Cache-Control', EMPTY_CACHE_CONTROL);
  }
  ctx.status = 204;
}

async function serveTile(
  deps: ApiDependencies, ctx: Koa.ParameterizedContext, extension: string,
  params: { collectionId: string; tileMatrix: number; tileRow: number; tileCol: number },
) {
  const collection = requireCollection(params.collectionId);
  if (!collection.extensions.includes(extension)) {
    throw notFound(`Collection ${collection.id} has ${collection.extensions.map((e) => `.${e}`).join(' or ')} tiles, not .${extension}`);
  }
  const tile: TileAddress = { z: params.tileMatrix, x: params.tileCol, y: params.tileRow };
  if (tile.z < TILE_MIN_ZOOM || tile.z > TILE_MAX_ZOOM) {
    throw notFound(`Tile matrix ${tile.z}: ${collection.id} has tiles at zooms ${TILE_MIN_ZOOM} to ${TILE_MAX_ZOOM}`);
  }
  const size = 2 ** tile.z;
  if (tile.x < 0 || tile.x >= size || tile.y < 0 || tile.y >= size) {
    throw notFound(`Tile ${tile.z}/${tile.y}/${tile.x} (matrix/row/col) is outside the zoom-${tile.z} matrix (rows and columns 0 to ${size - 1})`);
  }
  const readiness = tileReadiness(await findTileCoverage(deps.readModels, { tile, phase: collection.phase, dataset: collection.dataset }));
  if (readiness.status !== 'ready') {
    noTile(ctx, readiness.status);
    return;
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await deps.blobStore.get(displayTileKey(collection.id, readiness.fingerprint, tile));
  } catch (error) {
    deps.logger.error({ err: error, collection: collection.id, tile }, 'tile storage read failed');
    throw new HttpError(503, 'Tile storage is unavailable; retry later', { 'Retry-After': String(STORAGE_RETRY_AFTER_S) });
  }
  // A 0-byte tile is an empty vector tile stored as a fact; a missing one was never built
  // (a partial phase, or a zoom the pyramid did not reach): both are empty.
  if (!bytes || bytes.length === 0) {
    noTile(ctx, 'empty');
    return;
  }
  const etag = contentEtag(bytes);
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', READY_CACHE_CONTROL);
  ctx.set(TILE_STATUS_HEADER, 'ready');
  if (ifNoneMatchMatches(ctx.get('if-none-match') || undefined, etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  ctx.type = collection.mediaType;
}

const tileRoute = (deps: ApiDependencies, extension: string, mediaType: string, note: string) => defineRoute({
  method: 'get',
  path: `/api/ogc/tiles/collections/{collectionId}/tiles/${WEB_MERCATOR_QUAD}/{tileMatrix}/{tileRow}/{tileCol}.${extension}`,
  operationId: `ogc_tiles_tile_${extension}`,
  summary: `A tile (.${extension}: ${note})`,
  description: 'tileMatrix = zoom, tileRow = y, tileCol = x. Tiles of every prepared area, whichever account prepared it. '
    + 'Send If-None-Match with an earlier ETag to get 304 when the tile is unchanged. A 204 carries X-Tile-Status: empty or not-ready (with Retry-After).',
  tags: TAGS, auth: true, params: TileParams,
  responses: tileResponses(mediaType),
  async handler(ctx, { params }) {
    await serveTile(deps, ctx, extension, params);
  },
});

export const ogcTilesRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get', path: '/api/ogc/tiles', operationId: 'ogc_tiles_landing_page',
    summary: 'OGC API Tiles landing page (global terrain products)', tags: TAGS, auth: true, query: JsonFormat,
    responses: jsonResponse('Landing page', TilesLandingPage),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      const root = tilesRootUrl(origin);
      ctx.body = {
        title: 'Terrain products',
        description: 'Elevation, land cover, roads, soil, population and buildings of every prepared area, as OGC API Tiles in WebMercatorQuad (zooms 8 to 12).',
        links: [
          { href: root, rel: 'self', type: JSON_TYPE, title: 'This document' },
          { href: `${origin}/api/openapi.json`, rel: 'service-desc', type: OPENAPI_JSON, title: 'The API definition (OpenAPI 3.1)' },
          { href: `${root}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
          { href: `${root}/collections`, rel: 'data', type: JSON_TYPE, title: 'The tile collections' },
          { href: `${root}/tileMatrixSets`, rel: REL.tilingSchemes, type: JSON_TYPE, title: 'Tile matrix sets' },
        ],
      };
    },
  }),
  defineRoute({
    method: 'get', path: '/api/ogc/tiles/conformance', operationId: 'ogc_tiles_conformance',
    summary: 'Conformance classes (Tiles core, tileset, tilesets list, geodata tilesets, PNG, MVT; TMS 2.0 JSON)', tags: TAGS, auth: true, query: JsonFormat,
    responses: jsonResponse('Conformance', Conformance),
    async handler(ctx) {
      ctx.body = { conformsTo: TILES_CONFORMANCE_CLASSES };
    },
  }),
  defineRoute({
    method: 'get', path: '/api/ogc/tiles/tileMatrixSets', operationId: 'ogc_tiles_tile_matrix_sets',
    summary: 'Tile matrix sets (WebMercatorQuad only)', tags: TAGS, auth: true, query: JsonFormat,
    responses: jsonResponse('Tile matrix sets', TileMatrixSetList),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      ctx.body = {
        tileMatrixSets: [{
          id: WEB_MERCATOR_QUAD, title: 'Google Maps Compatible for the World', uri: WEB_MERCATOR_QUAD_URI, crs: EPSG_3857,
          links: [{ href: tileMatrixSetUrl(origin), rel: REL.tilingScheme, type: JSON_TYPE, title: 'The definition' }],
        }],
        links: [{ href: `${tilesRootUrl(origin)}/tileMatrixSets`, rel: 'self', type: JSON_TYPE, title: 'This document' }],
      };
    },
  }),
  defineRoute({
    method: 'get', path: `/api/ogc/tiles/tileMatrixSets/${WEB_MERCATOR_QUAD}`, operationId: 'ogc_tiles_web_mercator_quad',
    summary: 'The WebMercatorQuad tile matrix set (OGC TMS 2.0 JSON)', tags: TAGS, auth: true, query: JsonFormat,
    responses: jsonResponse('Tile matrix set definition', TileMatrixSetDefinition),
    async handler(ctx) {
      ctx.body = tileMatrixSetDocument([{ href: tileMatrixSetUrl(requestOrigin(ctx)), rel: 'self', type: JSON_TYPE, title: 'This document' }]);
    },
  }),
  defineRoute({
    method: 'get', path: '/api/ogc/tiles/collections', operationId: 'ogc_tiles_collections',
    summary: 'The global tile collections (terrain products of every prepared area)', tags: TAGS, auth: true, query: JsonFormat,
    responses: jsonResponse('Collections', TileCollections),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      const bounds = await preparedBounds(deps, TILE_COLLECTIONS);
      ctx.body = {
        links: [{ href: `${tilesRootUrl(origin)}/collections`, rel: 'self', type: JSON_TYPE, title: 'This document' }],
        collections: TILE_COLLECTIONS.map((c) => tileCollectionDocument(origin, c, bounds(c))),
      };
    },
  }),
  defineRoute({
    method: 'get', path: '/api/ogc/tiles/collections/{collectionId}', operationId: 'ogc_tiles_collection',
    summary: 'One global tile collection', tags: TAGS, auth: true, params: CollectionParams, query: JsonFormat,
    responses: { ...jsonResponse('Collection', TileCollectionSchema), 404: notFoundResponse },
    async handler(ctx, { params }) {
      const collection = requireCollection(params.collectionId);
      const bounds = await preparedBounds(deps, [collection]);
      ctx.body = tileCollectionDocument(requestOrigin(ctx), collection, bounds(collection));
    },
  }),
  defineRoute({
    method: 'get', path: '/api/ogc/tiles/collections/{collectionId}/tiles', operationId: 'ogc_tiles_collection_tilesets',
    summary: 'The tilesets of a collection (WebMercatorQuad)', tags: TAGS, auth: true, params: CollectionParams, query: JsonFormat,
    responses: { ...jsonResponse('Tilesets', TilesetList), 404: notFoundResponse },
    async handler(ctx, { params }) {
      const collection = requireCollection(params.collectionId);
      const origin = requestOrigin(ctx);
      ctx.body = {
        links: [
          { href: tilesetsUrl(origin, collection.id), rel: 'self', type: JSON_TYPE, title: 'This document' },
          { href: tileCollectionUrl(origin, collection.id), rel: REL.geodata, type: JSON_TYPE, title: 'The collection' },
        ],
        tilesets: [{
          title: `${collection.title} (${WEB_MERCATOR_QUAD})`,
          dataType: collection.dataType,
          crs: EPSG_3857,
          tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
          links: [
            { href: tilesetUrl(origin, collection.id), rel: 'self', type: JSON_TYPE, title: 'The tileset' },
            { href: tileMatrixSetUrl(origin), rel: REL.tilingScheme, type: JSON_TYPE, title: 'WebMercatorQuad tile matrix set' },
          ],
        }],
      };
    },
  }),
  defineRoute({
    method: 'get', path: `/api/ogc/tiles/collections/{collectionId}/tiles/${WEB_MERCATOR_QUAD}`, operationId: 'ogc_tiles_collection_tileset',
    summary: 'Tileset metadata: data type, format, zoom limits, bounds, tile URL template', tags: TAGS, auth: true, params: CollectionParams, query: JsonFormat,
    responses: { ...jsonResponse('Tileset', Tileset), 404: notFoundResponse },
    async handler(ctx, { params }) {
      const collection = requireCollection(params.collectionId);
      const bounds = await preparedBounds(deps, [collection]);
      ctx.body = tilesetDocument(requestOrigin(ctx), collection, bounds(collection));
    },
  }),
  tileRoute(deps, 'png', PNG, 'the PNG collections svc-native--terrain-elevation and svc-native--terrain-landcover'),
  tileRoute(deps, 'mvt', MVT, 'the Mapbox Vector Tile collections: roads, soil, population, buildings'),
  tileRoute(deps, 'pbf', MVT, 'the same vector tiles as .mvt, for clients that expect .pbf'),
  defineRoute({
    method: 'get', path: '/api/maps/{map_id}/ogc/tiles/collections', operationId: 'ogc_tiles_map_collections',
    summary: "The map's own tile collections (RF propagation layers; empty until the map has some)",
    tags: TAGS, auth: true, params: MapIdParams, query: JsonFormat,
    responses: { 200: { description: 'Collections', schema: MapTileCollections }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const map = await accessibleMap(deps.readModels, params.map_id, principal);
      const origin = requestOrigin(ctx);
      ctx.body = {
        links: [
          { href: mapTileCollectionsUrl(origin, map.map_id), rel: 'self', type: JSON_TYPE, title: 'This document' },
          { href: `${tilesRootUrl(origin)}/collections`, rel: 'related', type: JSON_TYPE, title: 'The global terrain tile collections' },
        ],
        collections: [],
      };
    },
  }),
];
