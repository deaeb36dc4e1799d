// A map's own OGC tile collections (raster results of its analyses): one collection, its data
// tilesets and map (display) tilesets and their tiles. The list of the map's collections is
// GET /api/maps/{map_id}/ogc/tiles/collections (ogc-tiles-routes.ts). Serving logic:
// api/analyses/map-tile-collections.ts.
import { Type } from '@sinclair/typebox';
import type { ApiDependencies } from '../api-dependencies.ts';
import { defineRoute } from '../route-spec.ts';
import { accessibleMap } from '../access.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { jsonResponse, tileResponses } from '../ogc/tile-responses.ts';
import { ownedResourceErrors } from '../common-schemas.ts';
import { PNG, WEB_MERCATOR_QUAD } from '../ogc/ogc-tiles-vocabulary.ts';
import { JsonFormat, TileCollection, Tileset, TilesetList } from '../ogc/ogc-tiles-schemas.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { RASTER_TILE_KINDS, type RasterTileKind } from '../../domain/analysis-job/raster-result-tiles.ts';
import {
  rasterCollectionDocument,
  rasterTilesetDocument,
  rasterTilesetList,
  requireRasterLayer,
  serveRasterTile,
} from '../analyses/map-tile-collections.ts';

const TAGS = ['ogc-tiles'];
const CollectionOfMap = Type.Object({
  map_id: Uuid,
  collectionId: Type.String({ description: 'layer--<layer uuid> of a raster analysis result of the map' }),
});
const TileOfMap = Type.Object({
  ...CollectionOfMap.properties,
  tileMatrix: Type.Integer({ description: "Zoom level (the tileset's tileMatrixSetLimits: the work zoom 12)" }),
  tileRow: Type.Integer({ description: 'y (0 at the north)' }),
  tileCol: Type.Integer({ description: 'x (0 at 180°W)' }),
});
const PATH: Record<RasterTileKind, string> = { value: 'tiles', display: 'map/tiles' };
const NAME: Record<RasterTileKind, string> = { value: 'data', display: 'map' };
const base = '/api/maps/{map_id}/ogc/tiles/collections/{collectionId}';

export const mapTileRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: base,
    operationId: 'ogc_tiles_map_collection',
    summary: 'One map-owned tile collection (a raster analysis result)',
    tags: TAGS,
    auth: true,
    params: CollectionOfMap,
    query: JsonFormat,
    responses: { ...jsonResponse('Collection', TileCollection), ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      await accessibleMap(deps.readModels, params.map_id, principal);
      ctx.body = rasterCollectionDocument(
        requestOrigin(ctx),
        await requireRasterLayer(deps.readModels, params.map_id, params.collectionId),
      );
    },
  }),
  ...RASTER_TILE_KINDS.flatMap((kind) => [
    defineRoute({
      method: 'get',
      path: `${base}/${PATH[kind]}`,
      operationId: `ogc_tiles_map_collection_${NAME[kind]}_tilesets`,
      summary: `The ${NAME[kind]} tilesets of a map-owned collection`,
      tags: TAGS,
      auth: true,
      params: CollectionOfMap,
      query: JsonFormat,
      responses: { ...jsonResponse('Tilesets', TilesetList), ...ownedResourceErrors },
      async handler(ctx, { params, principal }) {
        await accessibleMap(deps.readModels, params.map_id, principal);
        ctx.body = rasterTilesetList(
          requestOrigin(ctx),
          await requireRasterLayer(deps.readModels, params.map_id, params.collectionId),
          kind,
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: `${base}/${PATH[kind]}/${WEB_MERCATOR_QUAD}`,
      operationId: `ogc_tiles_map_collection_${NAME[kind]}_tileset`,
      summary: `The ${NAME[kind]} tileset of a map-owned collection: encoding, zoom and tile limits, URL template`,
      tags: TAGS,
      auth: true,
      params: CollectionOfMap,
      query: JsonFormat,
      responses: { ...jsonResponse('Tileset', Tileset), ...ownedResourceErrors },
      async handler(ctx, { params, principal }) {
        await accessibleMap(deps.readModels, params.map_id, principal);
        ctx.body = rasterTilesetDocument(
          requestOrigin(ctx),
          await requireRasterLayer(deps.readModels, params.map_id, params.collectionId),
          kind,
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: `${base}/${PATH[kind]}/${WEB_MERCATOR_QUAD}/{tileMatrix}/{tileRow}/{tileCol}.png`,
      operationId: `ogc_tiles_map_collection_${NAME[kind]}_tile`,
      summary:
        kind === 'value'
          ? 'A data tile (value encoding) of a map-owned collection'
          : 'A map tile (colour-ramped display encoding)',
      description:
        'Send If-None-Match with an earlier ETag to get 304. A 204 (X-Tile-Status: empty) is an address outside the ' +
        'analysis footprint.',
      tags: TAGS,
      auth: true,
      params: TileOfMap,
      responses: { ...tileResponses(PNG), 403: ownedResourceErrors[403]! },
      async handler(ctx, { params, principal }) {
        await accessibleMap(deps.readModels, params.map_id, principal);
        const row = await requireRasterLayer(deps.readModels, params.map_id, params.collectionId);
        await serveRasterTile(deps, ctx, row, kind, params);
      },
    }),
  ]),
];
