// Map-owned OGC tile collections: the raster results of a map's analyses (viewshed; RF coverage to
// come), one collection `layer--<layer id>` each, with data tiles (the value encoding, `/tiles`) and
// map tiles (the colour-ramped display encoding, `/map/tiles`) in WebMercatorQuad at the work zoom.
// Tiles answer like the global collections: 200 with a strong ETag, 304 on If-None-Match, 204
// `X-Tile-Status: empty` inside the matrix but outside the analysis footprint, 404 for an unknown
// collection or a zoom or address outside the tileset, 503 when storage fails.
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { AnalysisRow } from '../../projections/queries/analysis-job-queries.ts';
import { rasterAnalysesOfMap } from '../../projections/queries/analysis-job-queries.ts';
import {
  rasterResultTileKey,
  RESULT_TILE_MIN_ZOOM,
  RF_DBM_OFFSET,
  RF_DBM_STEP,
  RF_DISPLAY_RANGE_DB,
  type RasterTileKind,
} from '../../domain/analysis-job/raster-result-tiles.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import type { Logger } from 'pino';
import { HttpError, notFound } from '../http-error.ts';
import { CRS84, GEOJSON, JSON_TYPE } from '../ogc/ogc-media-types.ts';
import {
  EPSG_3857,
  PNG,
  REL,
  TILE_STATUS_HEADER,
  WEB_MERCATOR_QUAD,
  WEB_MERCATOR_QUAD_URI,
} from '../ogc/ogc-tiles-vocabulary.ts';
import { mapTileCollectionsUrl, tileMatrixSetUrl } from '../ogc/ogc-tiles-urls.ts';
import { collectionIdOf, itemsUrl, layerIdOf } from '../ogc/ogc-urls.ts';
import { contentEtag } from '../ogc/content-etag.ts';
import { ifNoneMatchMatches } from '../ogc/if-none-match-matches.ts';
import { EMPTY_CACHE_CONTROL, READY_CACHE_CONTROL, STORAGE_RETRY_AFTER_S } from '../ogc/tile-responses.ts';

export const REL_TILESETS_COVERAGE = 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-coverage';

const RASTER_ENCODINGS: Record<string, Record<RasterTileKind, string>> = {
  viewshed: {
    value:
      'RGBA PNG: alpha 0 is outside the radius or nodata; otherwise the red channel is 1 visible or 0 hidden, alpha 255.',
    display:
      'RGBA PNG colour ramp: visible green (46, 160, 67, alpha 150), hidden red (200, 40, 40, alpha 110), outside ' +
      'transparent.',
  },
  rf_coverage: {
    value:
      `RGBA PNG: alpha 0 is not computed (outside the radius, nodata); otherwise received dBm = ${RF_DBM_OFFSET} + ` +
      `(R x 65536 + G x 256 + B) x ${RF_DBM_STEP}, alpha 255.`,
    display:
      `RGBA PNG colour ramp: below the receiver sensitivity violet (120, 60, 180, alpha 80); at or above it from yellow ` +
      `(255, 255, 0) at the sensitivity to red (255, 0, 0) ${RF_DISPLAY_RANGE_DB} dB above it, alpha 170; not computed transparent.`,
  },
};

/** Path segment of each kind under the collection: OGC data tiles and map tiles. */
const KIND_PATH: Record<RasterTileKind, string> = { value: 'tiles', display: 'map/tiles' };

const collectionUrlOf = (origin: string, mapId: string, collectionId: string) =>
  `${mapTileCollectionsUrl(origin, mapId)}/${collectionId}`;
export const tilesetsUrlOf = (origin: string, mapId: string, collectionId: string, kind: RasterTileKind) =>
  `${collectionUrlOf(origin, mapId, collectionId)}/${KIND_PATH[kind]}`;
const tilesetUrlOf = (origin: string, mapId: string, collectionId: string, kind: RasterTileKind) =>
  `${tilesetsUrlOf(origin, mapId, collectionId, kind)}/${WEB_MERCATOR_QUAD}`;

/** Zooms the result tiles exist at: RESULT_TILE_MIN_ZOOM to the work zoom. */
const zoomsOf = (workZoom: number) =>
  Array.from({ length: workZoom - RESULT_TILE_MIN_ZOOM + 1 }, (_, i) => RESULT_TILE_MIN_ZOOM + i);

function footprintOf(row: AnalysisRow) {
  const zoom = row.state.work_zoom;
  const xs = row.state.work_tiles.map(([x]) => x),
    ys = row.state.work_tiles.map(([, y]) => y);
  const range = {
    zoom,
    minCol: Math.min(...xs),
    maxCol: Math.max(...xs),
    minRow: Math.min(...ys),
    maxRow: Math.max(...ys),
  };
  const [west, , , north] = tileBounds({ z: zoom, x: range.minCol, y: range.minRow });
  const [, south, east] = tileBounds({ z: zoom, x: range.maxCol, y: range.maxRow });
  return { ...range, bbox: [west, south, east, north] as [number, number, number, number] };
}

/** The raster layer a collection id names on this map, or a 404. */
export async function requireRasterLayer(knex: Knex, mapId: string, collectionId: string): Promise<AnalysisRow> {
  const layerId = layerIdOf(collectionId);
  const row = layerId ? (await rasterAnalysesOfMap(knex, mapId, layerId))[0] : undefined;
  if (!row) throw notFound(`Tile collection ${collectionId} of map ${mapId}`);
  return row;
}

export function rasterCollectionDocument(origin: string, row: AnalysisRow) {
  const id = collectionIdOf(row.layer_id!);
  const { bbox } = footprintOf(row);
  return {
    id,
    title: row.state.title,
    description: `${row.analysis_type} result of analysis ${row.analysis_id}`,
    dataType: 'coverage',
    crs: [EPSG_3857],
    extent: { spatial: { bbox: [bbox], crs: CRS84 } },
    'svc:layer_type': row.analysis_type,
    'svc:analysis_id': row.analysis_id,
    'svc:encoding': RASTER_ENCODINGS[row.analysis_type]!.value,
    'svc:display_encoding': RASTER_ENCODINGS[row.analysis_type]!.display,
    links: [
      { href: collectionUrlOf(origin, row.map_id, id), rel: 'self', type: JSON_TYPE, title: 'This collection' },
      {
        href: tilesetsUrlOf(origin, row.map_id, id, 'value'),
        rel: REL_TILESETS_COVERAGE,
        type: JSON_TYPE,
        title: 'Data tiles (value encoding)',
      },
      {
        href: tilesetsUrlOf(origin, row.map_id, id, 'display'),
        rel: REL.tilesetsMap,
        type: JSON_TYPE,
        title: 'Map tiles (display encoding)',
      },
      {
        href: tileMatrixSetUrl(origin),
        rel: REL.tilingScheme,
        type: JSON_TYPE,
        title: 'WebMercatorQuad tile matrix set',
      },
      {
        href: itemsUrl(origin, row.map_id, row.layer_id!),
        rel: 'related',
        type: GEOJSON,
        title: "The result layer's features (OGC API Features)",
      },
      { href: `${origin}/api/analyses/${row.analysis_id}`, rel: 'describedby', type: JSON_TYPE, title: 'The analysis' },
    ],
  };
}

export function rasterTilesetList(origin: string, row: AnalysisRow, kind: RasterTileKind) {
  const id = collectionIdOf(row.layer_id!);
  return {
    links: [
      { href: tilesetsUrlOf(origin, row.map_id, id, kind), rel: 'self', type: JSON_TYPE, title: 'This document' },
      { href: collectionUrlOf(origin, row.map_id, id), rel: REL.geodata, type: JSON_TYPE, title: 'The collection' },
    ],
    tilesets: [
      {
        title: `${row.state.title} (${WEB_MERCATOR_QUAD}, ${kind})`,
        dataType: kind === 'value' ? 'coverage' : 'map',
        crs: EPSG_3857,
        tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
        links: [
          { href: tilesetUrlOf(origin, row.map_id, id, kind), rel: 'self', type: JSON_TYPE, title: 'The tileset' },
          {
            href: tileMatrixSetUrl(origin),
            rel: REL.tilingScheme,
            type: JSON_TYPE,
            title: 'WebMercatorQuad tile matrix set',
          },
        ],
      },
    ],
  };
}

export function rasterTilesetDocument(origin: string, row: AnalysisRow, kind: RasterTileKind) {
  const id = collectionIdOf(row.layer_id!);
  const f = footprintOf(row);
  const [west, south, east, north] = f.bbox;
  return {
    title: `${row.state.title} (${WEB_MERCATOR_QUAD}, ${kind})`,
    description: `${row.analysis_type} result of analysis ${row.analysis_id}`,
    dataType: kind === 'value' ? 'coverage' : 'map',
    crs: EPSG_3857,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    mediaTypes: [PNG],
    boundingBox: { lowerLeft: [west, south], upperRight: [east, north], crs: CRS84 },
    tileMatrixSetLimits: zoomsOf(f.zoom).map((z) => {
      const s = 2 ** (f.zoom - z);
      return {
        tileMatrix: String(z),
        minTileRow: Math.floor(f.minRow / s),
        maxTileRow: Math.floor(f.maxRow / s),
        minTileCol: Math.floor(f.minCol / s),
        maxTileCol: Math.floor(f.maxCol / s),
      };
    }),
    'svc:encoding': RASTER_ENCODINGS[row.analysis_type]![kind],
    links: [
      { href: tilesetUrlOf(origin, row.map_id, id, kind), rel: 'self', type: JSON_TYPE, title: 'This tileset' },
      {
        href: tileMatrixSetUrl(origin),
        rel: REL.tilingScheme,
        type: JSON_TYPE,
        title: 'WebMercatorQuad tile matrix set',
      },
      { href: collectionUrlOf(origin, row.map_id, id), rel: REL.geodata, type: JSON_TYPE, title: 'The collection' },
      {
        href: `${tilesetUrlOf(origin, row.map_id, id, kind)}/{tileMatrix}/{tileRow}/{tileCol}.png`,
        rel: 'item',
        type: PNG,
        templated: true,
        title: 'Tiles: {tileMatrix} = zoom, {tileRow} = y, {tileCol} = x',
      },
    ],
  };
}

/** Answers one tile of a raster layer (see the head of this file). */
export async function serveRasterTile(
  deps: { blobStore: BlobStore; logger: Logger },
  ctx: Koa.Context,
  row: AnalysisRow,
  kind: RasterTileKind,
  params: { tileMatrix: number; tileRow: number; tileCol: number },
): Promise<void> {
  const f = footprintOf(row);
  const tile: TileAddress = { z: params.tileMatrix, x: params.tileCol, y: params.tileRow };
  if (tile.z < RESULT_TILE_MIN_ZOOM || tile.z > f.zoom) {
    throw notFound(`Tile matrix ${tile.z}: this collection has tiles at zooms ${RESULT_TILE_MIN_ZOOM} to ${f.zoom}`);
  }
  const last = 2 ** tile.z - 1;
  if (tile.x < 0 || tile.y < 0 || tile.x > last || tile.y > last) {
    throw notFound(
      `Tile ${tile.z}/${tile.y}/${tile.x} (matrix/row/col) is outside the zoom-${tile.z} matrix (rows and columns 0 to ${last})`,
    );
  }
  const s = 2 ** (f.zoom - tile.z);
  const inside = row.state.work_tiles.some(([x, y]) => Math.floor(x / s) === tile.x && Math.floor(y / s) === tile.y);
  let bytes: Uint8Array | null = null;
  if (inside) {
    try {
      bytes = await deps.blobStore.get(rasterResultTileKey(row.layer_id!, kind, tile));
    } catch (error) {
      deps.logger.error({ err: error, layer_id: row.layer_id, tile }, 'tile storage read failed');
      throw new HttpError(503, 'Tile storage is unavailable; retry later', {
        'Retry-After': String(STORAGE_RETRY_AFTER_S),
      });
    }
  }
  if (!bytes) {
    ctx.set({ [TILE_STATUS_HEADER]: 'empty', 'Cache-Control': EMPTY_CACHE_CONTROL });
    ctx.status = 204;
    return;
  }
  const etag = contentEtag(bytes);
  ctx.set({ ETag: etag, 'Cache-Control': READY_CACHE_CONTROL, [TILE_STATUS_HEADER]: 'ready' });
  if (ifNoneMatchMatches(ctx.get('if-none-match') || undefined, etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = PNG;
  ctx.body = Buffer.from(bytes);
}

/** The map's raster collections for the collections list. */
export async function mapRasterCollections(knex: Knex, origin: string, mapId: string) {
  return (await rasterAnalysesOfMap(knex, mapId)).map((row) => rasterCollectionDocument(origin, row));
}
