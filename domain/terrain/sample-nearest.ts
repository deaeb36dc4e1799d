import type { RasterWindow } from './raster-window.ts';

/**
 * Nearest-neighbour resampling of `window` at the points (cols[k], rows[k]) given in window
 * pixel-corner coordinates: the value of the pixel containing the point (gdalwarp -r near), NaN
 * outside the window. Used for categories (land cover) and counts, which must not be blended.
 */
export function sampleNearest(window: RasterWindow, cols: Float64Array, rows: Float64Array): Float32Array {
  const { width, height, data } = window;
  if (cols.length !== rows.length) throw new RangeError(`${cols.length} columns but ${rows.length} rows`);
  const out = new Float32Array(cols.length);
  for (let k = 0; k < cols.length; k++) {
    const sx = cols[k];
    const sy = rows[k];
    out[k] = sx >= 0 && sy >= 0 && sx < width && sy < height ? data[Math.floor(sy) * width + Math.floor(sx)] : NaN;
  }
  return out;
}
