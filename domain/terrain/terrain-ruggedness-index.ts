import { assertHaloGrid } from './assert-halo-grid.ts';
import type { HaloGrid } from './types.ts';

/**
 * Terrain Ruggedness Index of Riley, DeGloria & Elliot (1999, "A terrain ruggedness index that
 * quantifies topographic heterogeneity", Intermountain Journal of Sciences 5:23-27): the square
 * root of the summed squared elevation differences between a cell and its eight neighbours,
 * metres. Same definition as `gdaldem TRI -alg Riley` (GDAL's default since 3.3). Not
 * distance-based, so it needs no pixel size. A 3x3 window holding nodata (NaN) gives NaN.
 */
export function terrainRuggednessIndex(grid: HaloGrid): Float32Array {
  assertHaloGrid(grid);
  const { width, height, data } = grid;
  const out = new Float32Array(width * height);
  const stride = width + 2;
  for (let row = 0; row < height; row++) {
    let top = row * stride;
    let mid = top + stride;
    let bot = mid + stride;
    const o = row * width;
    for (let col = 0; col < width; col++, top++, mid++, bot++) {
      const e = data[mid + 1];
      const d1 = data[top] - e,
        d2 = data[top + 1] - e,
        d3 = data[top + 2] - e;
      const d4 = data[mid] - e,
        d6 = data[mid + 2] - e;
      const d7 = data[bot] - e,
        d8 = data[bot + 1] - e,
        d9 = data[bot + 2] - e;
      // Any NaN (including the centre) propagates into the sum.
      out[o + col] = Math.sqrt(d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4 + d6 * d6 + d7 * d7 + d8 * d8 + d9 * d9);
    }
  }
  return out;
}
