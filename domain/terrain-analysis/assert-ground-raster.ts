import type { GroundRaster } from './types.ts';

/** Throws a RangeError naming the first inconsistency of `raster` (shape or cell size). */
export function assertGroundRaster(raster: GroundRaster): void {
  const { width, height, data, cellWidth, cellHeight } = raster;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`raster size must be positive integers, got ${width} x ${height}`);
  }
  if (data.length !== width * height) {
    throw new RangeError(`raster holds ${data.length} values, expected ${width * height}`);
  }
  if (!(cellWidth > 0 && cellHeight > 0 && Number.isFinite(cellWidth) && Number.isFinite(cellHeight))) {
    throw new RangeError(`cell size must be positive ground metres, got ${cellWidth} x ${cellHeight}`);
  }
}
