import type { RasterWindow } from './raster-window.ts';

/**
 * Bilinear resampling of `window` at the points (cols[k], rows[k]) given in window pixel-corner
 * coordinates; one Float32 per point, NaN = nodata. Follows gdalwarp -r bilinear: a point outside
 * the window, or inside a nodata pixel, is nodata; otherwise the four pixel centres around the
 * point are weighted bilinearly and nodata or out-of-window neighbours are dropped with their
 * weights renormalised, so valid data reaches right up to nodata and raster edges without being
 * pulled towards a fill value. The caller makes the window one pixel larger than the points'
 * footprint (clamped to the raster), so "outside the window" means "outside the raster".
 */
export function sampleBilinear(window: RasterWindow, cols: Float64Array, rows: Float64Array): Float32Array {
  const { width, height, data } = window;
  if (cols.length !== rows.length) throw new RangeError(`${cols.length} columns but ${rows.length} rows`);
  const out = new Float32Array(cols.length);
  for (let k = 0; k < cols.length; k++) {
    const sx = cols[k];
    const sy = rows[k];
    // Negated comparisons so that NaN coordinates (unprojectable points) are rejected too.
    if (!(sx >= 0 && sy >= 0 && sx < width && sy < height)) {
      out[k] = NaN;
      continue;
    }
    const containing = data[Math.floor(sy) * width + Math.floor(sx)];
    if (containing !== containing) {
      out[k] = NaN;
      continue;
    }
    const x = sx - 0.5;
    const y = sy - 0.5;
    const i0 = Math.floor(x);
    const j0 = Math.floor(y);
    const fx = x - i0;
    const fy = y - j0;
    let sum = 0;
    let weight = 0;
    for (let dj = 0; dj < 2; dj++) {
      const j = j0 + dj;
      if (j < 0 || j >= height) continue;
      const wy = dj === 0 ? 1 - fy : fy;
      if (wy === 0) continue;
      for (let di = 0; di < 2; di++) {
        const i = i0 + di;
        if (i < 0 || i >= width) continue;
        const w = wy * (di === 0 ? 1 - fx : fx);
        const v = data[j * width + i];
        if (w === 0 || v !== v) continue;
        sum += w * v;
        weight += w;
      }
    }
    out[k] = weight > 0 ? sum / weight : NaN;
  }
  return out;
}
