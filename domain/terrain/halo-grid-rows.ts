import { assertHaloGrid } from './assert-halo-grid.ts';
import type { HaloGrid } from './types.ts';

/**
 * Rows [row0, row1) of a halo grid as a halo grid of their own (a copy, with the rows above and
 * below as its halo), so a large raster can be cut into strips computed in parallel whose results,
 * stacked, equal the whole computation exactly.
 */
export function haloGridRows(grid: HaloGrid, row0: number, row1: number): HaloGrid {
  assertHaloGrid(grid);
  if (!Number.isInteger(row0) || !Number.isInteger(row1) || row0 < 0 || row1 > grid.height || row1 <= row0) {
    throw new RangeError(`rows ${row0}..${row1} are not a strip of a ${grid.height}-row grid`);
  }
  const stride = grid.width + 2;
  // Inner row r sits at halo row r + 1; the strip needs halo rows row0 .. row1 + 1 inclusive.
  return { width: grid.width, height: row1 - row0, data: grid.data.slice(row0 * stride, (row1 + 2) * stride) };
}
