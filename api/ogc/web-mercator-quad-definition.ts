// The WebMercatorQuad tile matrix set as an OGC Two Dimensional Tile Matrix Set 2.0 JSON document
// (17-083r4, Annex D.1): EPSG:3857, 256 x 256 tiles, one tile at level 0, each level halving the
// cell size. Level ids are the zoom as a string, so tileMatrix = zoom, tileRow = y, tileCol = x of
// the usual XYZ addressing. Values follow the standard's definition (its rounded origin), with the
// cell size and scale denominator computed from it (scale = cell size / 0.28 mm).
import { EPSG_3857, WEB_MERCATOR_QUAD, WEB_MERCATOR_QUAD_URI } from './ogc-tiles-vocabulary.ts';

/** Half the side of the Web Mercator square as the standard writes it, metres. */
export const WEB_MERCATOR_QUAD_ORIGIN = 20037508.3427892;
/** Levels 0..24, as in the standard's definition. */
export const WEB_MERCATOR_QUAD_MAX_LEVEL = 24;
const TILE_PIXELS = 256;
/** The OGC standardized rendering pixel size, metres. */
const STANDARD_PIXEL_M = 0.00028;

export function webMercatorQuadDefinition() {
  const o = WEB_MERCATOR_QUAD_ORIGIN;
  return {
    id: WEB_MERCATOR_QUAD,
    title: 'Google Maps Compatible for the World',
    uri: WEB_MERCATOR_QUAD_URI,
    crs: EPSG_3857,
    orderedAxes: ['E', 'N'],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    boundingBox: { lowerLeft: [-o, -o], upperRight: [o, o], crs: EPSG_3857, orderedAxes: ['E', 'N'] },
    tileMatrices: Array.from({ length: WEB_MERCATOR_QUAD_MAX_LEVEL + 1 }, (_, z) => {
      const cellSize = (2 * o) / TILE_PIXELS / 2 ** z;
      return {
        id: String(z),
        scaleDenominator: cellSize / STANDARD_PIXEL_M,
        cellSize,
        cornerOfOrigin: 'topLeft',
        pointOfOrigin: [-o, o],
        tileWidth: TILE_PIXELS,
        tileHeight: TILE_PIXELS,
        matrixWidth: 2 ** z,
        matrixHeight: 2 ** z,
      };
    }),
  };
}
