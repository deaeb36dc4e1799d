// Shared vocabulary of the terrain library: work tiles, rasters, vector features and datasets.
// Pure types only; the algorithms live in their own one-function modules beside this file.
import type { Feature, FeatureCollection, Geometry, Polygon, MultiPolygon } from 'geojson';

/** A Web Mercator (XYZ, y down from the north) tile address. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** [west, south, east, north] in degrees (CRS84). */
export type LonLatBounds = [number, number, number, number];

/** The six datasets of the interface's dataset-to-phase map. */
export type DatasetName = 'elevation' | 'land_cover' | 'roads' | 'soil' | 'population' | 'buildings';

export const DATASET_NAMES: readonly DatasetName[] = [
  'elevation',
  'land_cover',
  'roads',
  'soil',
  'population',
  'buildings',
];

/**
 * A single-band raster on a work tile (or any tile of the Web Mercator grid), row-major from the
 * north-west corner. `size` pixels square; pixel (col,row) centre is at the tile's pixel centre.
 * nodata pixels hold `nodata` (NaN for Float32 rasters is allowed and preferred for elevation).
 */
export interface TileRaster {
  tile: TileAddress;
  size: number;
  data: Float32Array | Uint8Array | Uint16Array;
  nodata: number;
}

export type AreaPolygon = Polygon | MultiPolygon;

/** Features clipped to a work tile, in lon/lat; properties are dataset-specific (see README). */
export type TileFeatures = FeatureCollection<Geometry, Record<string, unknown>>;
export type TileFeature = Feature<Geometry, Record<string, unknown>>;

/** [minX, minY, maxX, maxY] in metres of Web Mercator (EPSG:3857). */
export type MercatorBounds = [number, number, number, number];

/**
 * A `width` x `height` grid of values surrounded by a one-pixel halo: `data` holds
 * (width + 2) x (height + 2) values, row-major from the north-west halo corner. 3x3 neighbourhood
 * products (slope, ruggedness) read the halo so that every pixel of the inner grid, including its
 * edges, is computed exactly as it would be inside a larger raster. NaN is nodata.
 */
export interface HaloGrid {
  width: number;
  height: number;
  data: Float32Array;
}
