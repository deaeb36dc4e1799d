// The working grid of the terrain pipeline: Web Mercator (EPSG:3857, XYZ addressing) tiles at one
// working zoom. Every raw raster source is resampled onto this grid once; every product (slope,
// ruggedness, mobility, display tiles) is computed tile by tile on it.
//
// Why zoom 12 with 256 px tiles:
// - pixel size is 2πR / (256 * 2^12) = 38.22 m of Web Mercator, which is 38.2 m on the ground at the
//   equator, 32 m at 33°, 26.5 m at 46° and 19 m at 60° (ground = mercator size x cos(latitude)).
//   That matches the 30 m global DEMs (Copernicus GLO-30, SRTM 1", ALOS AW3D30) without inventing
//   detail, and ESA WorldCover (10 m) downsampled about 3-4x; zoom 13 (19 m) would quadruple the
//   tiles and storage with no new information, zoom 11 (76 m) would throw away half the DEM.
// - a tile is 9.8 km of mercator (6.8 km of ground at 46°); a 100 km x 100 km area of operations is
//   about 100-220 work tiles: fine-grained progress counts, small units of retry and caching.
// - 256 x 256 = 65,536 pixels: a slope or ruggedness tile is about a millisecond of CPU.

/** Zoom level of the work tiles. */
export const WORK_ZOOM = 12;

/** Pixels along each side of a work tile and of every display tile. */
export const TILE_SIZE = 256;

/**
 * Lowest zoom of the display pyramid. A zoom-8 tile is 156 km of mercator across, so an area of
 * operations needs only a handful of them; lower zooms would mostly show empty space and clients
 * can underzoom a zoom-8 tile. Display tiles from DISPLAY_MIN_ZOOM to WORK_ZOOM are built bottom-up.
 */
export const DISPLAY_MIN_ZOOM = 8;

/** Radius of the Web Mercator sphere (the WGS 84 semi-major axis), metres. */
export const EARTH_RADIUS_M = 6378137;

/** Half the width of the Web Mercator square, metres: x and y run from -this to +this. */
export const MERCATOR_HALF_WORLD_M = Math.PI * EARTH_RADIUS_M;

/** Latitude of the north edge of the Web Mercator square (tile 0/0/0), degrees. */
export const MAX_MERCATOR_LATITUDE = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;
