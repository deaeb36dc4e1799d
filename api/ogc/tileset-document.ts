// OGC API Tiles tileset metadata (TMS 2.0 tileset JSON) of a global collection in WebMercatorQuad:
// data type, CRS, tile matrix set, the zooms tiles exist at (tileMatrixSetLimits: the whole matrix
// of each zoom DISPLAY_MIN_ZOOM..WORK_ZOOM; other zooms and addresses answer 404), the prepared
// bounds, the media type, a templated `item` link and, for vector tiles, the one layer each tile
// holds (id = collection id).
import type { LonLatBounds } from '../../domain/terrain/types.ts';
import { CRS84, JSON_TYPE } from './ogc-media-types.ts';
import { EPSG_3857, REL, WEB_MERCATOR_QUAD, WEB_MERCATOR_QUAD_URI } from './ogc-tiles-vocabulary.ts';
import { tileCollectionUrl, tileMatrixSetUrl, tileUrlTemplate, tilesetUrl } from './ogc-tiles-urls.ts';
import { TILE_MAX_ZOOM, TILE_MIN_ZOOM, type TileCollection } from './tile-collections.ts';
import { WEB_MERCATOR_WORLD } from './tile-collection-document.ts';

export function tilesetDocument(origin: string, collection: TileCollection, prepared: LonLatBounds | null) {
  const [west, south, east, north] = prepared ?? WEB_MERCATOR_WORLD;
  const boundingBox = { lowerLeft: [west, south], upperRight: [east, north], crs: CRS84 };
  const zooms = Array.from({ length: TILE_MAX_ZOOM - TILE_MIN_ZOOM + 1 }, (_, i) => TILE_MIN_ZOOM + i);
  return {
    title: `${collection.title} (${WEB_MERCATOR_QUAD})`,
    description: collection.description,
    dataType: collection.dataType,
    crs: EPSG_3857,
    tileMatrixSetURI: WEB_MERCATOR_QUAD_URI,
    mediaTypes: [collection.mediaType],
    boundingBox,
    tileMatrixSetLimits: zooms.map((z) => ({
      tileMatrix: String(z),
      minTileRow: 0,
      maxTileRow: 2 ** z - 1,
      minTileCol: 0,
      maxTileCol: 2 ** z - 1,
    })),
    ...(collection.dataType === 'vector'
      ? {
          layers: [
            {
              id: collection.id,
              title: collection.title,
              dataType: 'vector',
              geometryDimension: collection.geometryDimension,
              minTileMatrix: String(TILE_MIN_ZOOM),
              maxTileMatrix: String(TILE_MAX_ZOOM),
              boundingBox,
            },
          ],
        }
      : {}),
    'svc:encoding': collection.encoding,
    'svc:readiness_phase': collection.phase,
    links: [
      { href: tilesetUrl(origin, collection.id), rel: 'self', type: JSON_TYPE, title: 'This tileset' },
      {
        href: tileMatrixSetUrl(origin),
        rel: REL.tilingScheme,
        type: JSON_TYPE,
        title: 'WebMercatorQuad tile matrix set',
      },
      { href: tileCollectionUrl(origin, collection.id), rel: REL.geodata, type: JSON_TYPE, title: 'The collection' },
      {
        href: tileUrlTemplate(origin, collection.id, collection.extensions[0]!),
        rel: 'item',
        type: collection.mediaType,
        templated: true,
        title: 'Tiles: {tileMatrix} = zoom, {tileRow} = y, {tileCol} = x',
      },
    ],
  };
}
