import type { GroundRaster } from '../terrain-analysis/types.ts';
import type { LonLat } from './analysis-parameters.ts';
import { groundCellSizeM, type FootprintGrid } from './footprint-grid.ts';

/** Elevation over a footprint grid, metres, row-major from the north-west corner, NaN = nodata. */
export interface ElevationGrid {
  grid: FootprintGrid;
  data: Float32Array;
}

/** The grid as the terrain-analysis algorithms take it: square cells of ground metres at `at`'s latitude. */
export function groundRasterOf(elevation: ElevationGrid, at: LonLat): GroundRaster {
  const size = groundCellSizeM(elevation.grid, at[1]);
  return {
    width: elevation.grid.width,
    height: elevation.grid.height,
    data: elevation.data,
    cellWidth: size,
    cellHeight: size,
  };
}
