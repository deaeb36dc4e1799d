/**
 * A block of source pixels in memory, row-major, NaN = nodata. Sampling functions address it in
 * pixel-corner coordinates: pixel (i, j) covers [i, i+1) x [j, j+1), its centre is (i+0.5, j+0.5)
 * (the GDAL convention).
 */
export interface RasterWindow {
  width: number;
  height: number;
  data: Float32Array;
}
