import { assertHaloGrid } from './assert-halo-grid.ts';
import type { HaloGrid } from './types.ts';

/**
 * Ground distance between pixel centres for each row of the inner grid, metres: `x` east-west,
 * `y` north-south. A Web Mercator tile uses pixelGroundSizeMeters per row for both (the projection
 * is conformal); a projected raster (UTM) uses its constant resolution.
 */
export interface RowSpacing {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
}

/**
 * Slope in degrees by Horn's method (Horn 1981, "Hill shading and the reflectance map", Proc. IEEE
 * 69(1)) — the 3x3 weighted finite difference that gdaldem slope, ArcGIS and GRASS r.slope.aspect
 * use:
 *
 *   a b c     dz/dx = ((c + 2f + i) - (a + 2d + g)) / (8·Δx)
 *   d e f     dz/dy = ((g + 2h + i) - (a + 2b + c)) / (8·Δy)
 *   g h i     slope = atan(√(dz/dx² + dz/dy²))
 *
 * Δx, Δy are the TRUE ground sizes of the row (see RowSpacing). A 3x3 window holding nodata (NaN)
 * gives NaN, like gdaldem without -compute_edges. Returns width x height Float32 degrees.
 */
export function slopeDegrees(grid: HaloGrid, spacing: RowSpacing): Float32Array {
  assertHaloGrid(grid);
  const { width, height, data } = grid;
  if (spacing.x.length !== height || spacing.y.length !== height) {
    throw new RangeError(
      `row spacing needs ${height} values per axis, got ${spacing.x.length} and ${spacing.y.length}`,
    );
  }
  const out = new Float32Array(width * height);
  const stride = width + 2;
  const toDegrees = 180 / Math.PI;
  for (let row = 0; row < height; row++) {
    const dx8 = 8 * spacing.x[row];
    const dy8 = 8 * spacing.y[row];
    if (!(dx8 > 0) || !(dy8 > 0)) throw new RangeError(`row ${row} spacing must be positive metres`);
    let top = row * stride;
    let mid = top + stride;
    let bot = mid + stride;
    const o = row * width;
    for (let col = 0; col < width; col++, top++, mid++, bot++) {
      const a = data[top],
        b = data[top + 1],
        c = data[top + 2];
      const d = data[mid],
        e = data[mid + 1],
        f = data[mid + 2];
      const g = data[bot],
        h = data[bot + 1],
        i = data[bot + 2];
      // NaN in any of the eight neighbours propagates through gx or gy; the centre needs its own check.
      const gx = (c + 2 * f + i - (a + 2 * d + g)) / dx8;
      const gy = (g + 2 * h + i - (a + 2 * b + c)) / dy8;
      out[o + col] = e === e ? Math.atan(Math.sqrt(gx * gx + gy * gy)) * toDegrees : NaN;
    }
  }
  return out;
}
