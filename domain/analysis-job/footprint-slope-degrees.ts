// Slope of an analysis footprint's elevation (Horn's method, domain/terrain/slope-degrees.ts) with
// the true ground spacing of each row; the outer ring of cells has no full window and is NaN. Pure.
import { slopeDegrees } from '../terrain/slope-degrees.ts';
import type { ElevationGrid } from './elevation-grid.ts';
import { groundCellSizeM, lonLatOfCell } from './footprint-grid.ts';

export function footprintSlopeDegrees(elevation: ElevationGrid): Float32Array {
  const { grid, data } = elevation;
  const { width, height } = grid;
  const rowSizes = Float64Array.from({ length: height }, (_, row) =>
    groundCellSizeM(grid, lonLatOfCell(grid, 0, row)[1]),
  );
  // slopeDegrees reads a one-cell halo around the grid: NaN here, as nodata.
  const halo = new Float32Array((width + 2) * (height + 2)).fill(Number.NaN);
  for (let row = 0; row < height; row++) {
    halo.set(data.subarray(row * width, (row + 1) * width), (row + 1) * (width + 2) + 1);
  }
  return slopeDegrees({ width, height, data: halo }, { x: rowSizes, y: rowSizes });
}
