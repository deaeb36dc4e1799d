// Messages between the raster pool and its worker threads. Pixel arrays travel as transferable
// typed arrays (moved, not copied, across the thread boundary).
import type { TileRaster } from '../../../domain/terrain/types.ts';

export interface SlopeRuggednessTask {
  kind: 'slope-ruggedness';
  width: number;
  height: number;
  /** (width + 2) x (height + 2) elevations with halo, NaN = nodata. */
  data: Float32Array;
  /** Ground spacing per inner row, metres. */
  spacingX: Float64Array;
  spacingY: Float64Array;
}

export interface SlopeRuggednessResult {
  slope: Float32Array;
  ruggedness: Float32Array;
}

export interface ElevationPngTask {
  kind: 'elevation-png';
  raster: TileRaster;
}

export interface LandCoverPngTask {
  kind: 'land-cover-png';
  raster: TileRaster;
}

export interface PngResult {
  png: Uint8Array;
}

export type RasterTask = SlopeRuggednessTask | ElevationPngTask | LandCoverPngTask;
