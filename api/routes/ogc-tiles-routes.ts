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
import type { ApiDependencies } from '../api-dependencies.ts';
import { defineRoute } from '../route-spec.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { accessibleMap } from '../access.ts';
import { JSON_TYPE } from '../ogc/ogc-media-types.ts';
import { Conformance } from '../ogc/ogc-schemas.ts';
import { landingPageLinks, ogcLink, selfLink } from '../ogc/ogc-links.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import {
  MVT,
  PNG,
  REL,
  TILES_CONFORMANCE_CLASSES,
  WEB_MERCATOR_QUAD,
  WEB_MERCATOR_QUAD_URI,
  EPSG_3857,
} from '../ogc/ogc-tiles-vocabulary.ts';
import {
  mapTileCollectionsUrl,
  tileCollectionUrl,
  tileMatrixSetUrl,
  tilesetsUrl,
  tilesetUrl,
  tilesRootUrl,
} from '../ogc/ogc-tiles-urls.ts';
import { TILE_COLLECTIONS } from '../ogc/tile-collections.ts';
import { tileCollectionDocument } from '../ogc/tile-collection-document.ts';
import { tilesetDocument } from '../ogc/tileset-document.ts';
import { tileMatrixSetDocument } from '../ogc/tile-matrix-set-document.ts';
import { mapRasterCollections } from '../analyses/map-tile-collections.ts';
import { preparedBounds } from '../ogc/prepared-bounds.ts';
import { requireTileCollection, serveTile } from '../ogc/serve-tile.ts';
import { jsonResponse, tileResponses, unknownCollectionResponse } from '../ogc/tile-responses.ts';
import {
  CollectionParams,
  JsonFormat,
  MapIdParams,
  MapTileCollections,
  TileCollection as TileCollectionSchema,
  TileCollections,
  TileMatrixSetDefinition,
  TileMatrixSetList,
  Tileset,
  TilesetList,
  TilesLandingPage,
  TileParams,
} from '../ogc/ogc-tiles-schemas.ts';

const TAGS = ['ogc-tiles'];

const tileRoute = (deps: ApiDependencies, extension: string, mediaType: string, note: string) =>
  defineRoute({
    method: 'get',
    path: `/api/ogc/tiles/collections/{collectionId}/tiles/${WEB_MERCATOR_QUAD}/{tileMatrix}/{tileRow}/{tileCol}.${extension}`,
    operationId: `ogc_tiles_tile_${extension}`,
    summary: `A tile (.${extension}: ${note})`,
    description:
      'tileMatrix = zoom, tileRow = y, tileCol = x. Tiles of every prepared area, whichever account prepared it. ' +
      'Send If-None-Match with an earlier ETag to get 304 when the tile is unchanged. ' +
      'A 204 carries X-Tile-Status: empty or not-ready (with Retry-After).',
    tags: TAGS,
    auth: true,
    params: TileParams,
    responses: tileResponses(mediaType),
    async handler(ctx, { params }) {
      await serveTile(deps, ctx, extension, params);
    },
  });

export const ogcTilesRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles',
    operationId: 'ogc_tiles_landing_page',
    summary: 'OGC API Tiles landing page (global terrain products)',
    tags: TAGS,
    auth: true,
    query: JsonFormat,
    responses: jsonResponse('Landing page', TilesLandingPage),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      const root = tilesRootUrl(origin);
      ctx.body = {
        title: 'Terrain products',
        description:
          'Elevation, land cover, roads, soil, population and buildings of every prepared area, ' +
          'as OGC API Tiles in WebMercatorQuad (zooms 8 to 12).',
        links: [
          ...landingPageLinks(origin, root, 'The tile collections'),
          ogcLink(`${root}/tileMatrixSets`, REL.tilingSchemes, JSON_TYPE, 'Tile matrix sets'),
        ],
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles/conformance',
    operationId: 'ogc_tiles_conformance',
    summary: 'Conformance classes (Tiles core, tileset, tilesets list, geodata tilesets, PNG, MVT; TMS 2.0 JSON)',
    tags: TAGS,
    auth: true,
    query: JsonFormat,
    responses: jsonResponse('Conformance', Conformance),
    async handler(ctx) {
      ctx.body = { conformsTo: TILES_CONFORMANCE_CLASSES };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles/tileMatrixSets',
    operationId: 'ogc_tiles_tile_matrix_sets',
    summary: 'Tile matrix sets (WebMercatorQuad only)',
    tags: TAGS,
    auth: true,
    query: JsonFormat,
    responses: jsonResponse('Tile matrix sets', TileMatrixSetList),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      ctx.body = {
        tileMatrixSets: [
          {
            id: WEB_MERCATOR_QUAD,
            title: 'Google Maps Compatible for the World',
            uri: WEB_MERCATOR_QUAD_URI,
            crs: EPSG_3857,
            links: [ogcLink(tileMatrixSetUrl(origin), REL.tilingScheme, JSON_TYPE, 'The definition')],
          },
        ],
        links: [selfLink(`${tilesRootUrl(origin)}/tileMatrixSets`)],
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `/api/ogc/tiles/tileMatrixSets/${WEB_MERCATOR_QUAD}`,
    operationId: 'ogc_tiles_web_mercator_quad',
    summary: 'The WebMercatorQuad tile matrix set (OGC TMS 2.0 JSON)',
    tags: TAGS,
    auth: true,
    query: JsonFormat,
    responses: jsonResponse('Tile matrix set definition', TileMatrixSetDefinition),
    async handler(ctx) {
      ctx.body = tileMatrixSetDocument([selfLink(tileMatrixSetUrl(requestOrigin(ctx)))]);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles/collections',
    operationId: 'ogc_tiles_collections',
    summary: 'The global tile collections (terrain products of every prepared area)',
    tags: TAGS,
    auth: true,
    query: JsonFormat,
    responses: jsonResponse('Collections', TileCollections),
    async handler(ctx) {
      const origin = requestOrigin(ctx);
      const bounds = await preparedBounds(deps.readModels, TILE_COLLECTIONS);
      ctx.body = {
        links: [selfLink(`${tilesRootUrl(origin)}/collections`)],
        collections: TILE_COLLECTIONS.map((c) => tileCollectionDocument(origin, c, bounds(c))),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles/collections/{collectionId}',
    operationId: 'ogc_tiles_collection',
    summary: 'One global tile collection',
    tags: TAGS,
    auth: true,
    params: CollectionParams,
    query: JsonFormat,
    responses: { ...jsonResponse('Collection', TileCollectionSchema), 404: unknownCollectionResponse },
    async handler(ctx, { params }) {
      const collection = requireTileCollection(params.collectionId);
      const bounds = await preparedBounds(deps.readModels, [collection]);
      ctx.body = tileCollectionDocument(requestOrigin(ctx), collection, bounds(collection));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/ogc/tiles/collections/{collectionId}/tiles',
    operationId: 'ogc_tiles_collection_tilesets',
    summary: 'The tilesets of a collection (WebMercatorQuad)',
    tags: TAGS,
    auth: true,
    params: CollectionParams,
    query: JsonFormat,
    responses: { ...jsonResponse('Tilesets', TilesetList), 404: unknownCollectionResponse },
    async handler(ctx, { params }) {
      const collection = requireTileCollection(params.collectionId);
      const origin = requestOrigin(ctx);
      ctx.body = {
        links: [
          selfLink(tilesetsUrl(origin, collection.id)),
          ogcLink(tileCollectionUrl(origin, collection.id), REL.geodata, JSON_TYPE, 'The collection'),
        ],
        tilesets: [
          {
            title: `${collection.title} (${WEB_MERCATOR_QUAD})`,
            dataType: collection.dataType,
            crs: EPSG_3857,
            tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
            links: [
              selfLink(tilesetUrl(origin, collection.id), 'The tileset'),
              ogcLink(tileMatrixSetUrl(origin), REL.tilingScheme, JSON_TYPE, 'WebMercatorQuad tile matrix set'),
            ],
          },
        ],
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: `/api/ogc/tiles/collections/{collectionId}/tiles/${WEB_MERCATOR_QUAD}`,
    operationId: 'ogc_tiles_collection_tileset',
    summary: 'Tileset metadata: data type, format, zoom limits, bounds, tile URL template',
    tags: TAGS,
    auth: true,
    params: CollectionParams,
    query: JsonFormat,
    responses: { ...jsonResponse('Tileset', Tileset), 404: unknownCollectionResponse },
    async handler(ctx, { params }) {
      const collection = requireTileCollection(params.collectionId);
      const bounds = await preparedBounds(deps.readModels, [collection]);
      ctx.body = tilesetDocument(requestOrigin(ctx), collection, bounds(collection));
    },
  }),
  tileRoute(deps, 'png', PNG, 'the PNG collections svc-native--terrain-elevation and svc-native--terrain-landcover'),
  tileRoute(deps, 'mvt', MVT, 'the Mapbox Vector Tile collections: roads, soil, population, buildings'),
  tileRoute(deps, 'pbf', MVT, 'the same vector tiles as .mvt, for clients that expect .pbf'),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/ogc/tiles/collections',
    operationId: 'ogc_tiles_map_collections',
    summary:
      "The map's own tile collections (raster analysis results: viewsheds, later RF coverage; empty until the map has some)",
    tags: TAGS,
    auth: true,
    params: MapIdParams,
    query: JsonFormat,
    responses: { 200: { description: 'Collections', schema: MapTileCollections }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const map = await accessibleMap(deps.readModels, params.map_id, principal);
      const origin = requestOrigin(ctx);
      ctx.body = {
        links: [
          selfLink(mapTileCollectionsUrl(origin, map.map_id)),
          ogcLink(`${tilesRootUrl(origin)}/collections`, 'related', JSON_TYPE, 'The global terrain tile collections'),
        ],
        collections: await mapRasterCollections(deps.readModels, origin, map.map_id),
      };
    },
  }),
];
