import type { RasterWindow } from '../../../../domain/terrain/raster-window.ts';
import type { GeoTiffLevel, GeoTiffRaster } from './geotiff-raster.ts';

/** A block of pixels [x0, x1) x [y0, y1) of one level, in that level's pixel indices. */
export interface PixelWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Reads band 1 of `level` over `window` as Float32 with nodata turned into NaN (the GDAL_NODATA
 * value; for float32 bands compared after rounding to float32, so "-3.4e+38" matches the stored
 * -3.3999999521e+38). Only the internal tiles or strips touching the window are fetched.
 */
export async function readRasterWindow(
  raster: GeoTiffRaster,
  level: GeoTiffLevel,
  window: PixelWindow,
  signal?: AbortSignal,
): Promise<RasterWindow> {
  const { x0, y0, x1, y1 } = window;
  const values = await level.image.readRasters({ window: [x0, y0, x1, y1], samples: [0], interleave: true, signal });
  const width = x1 - x0;
  const height = y1 - y0;
  const source = values as unknown as ArrayLike<number>;
  if (source.length !== width * height) {
    throw new RangeError(`read ${source.length} values for a ${width}x${height} window`);
  }
  const data = Float32Array.from(source);
  const nodata = raster.nodata === null ? null : raster.float32 ? Math.fround(raster.nodata) : raster.nodata;
  if (nodata !== null && !Number.isNaN(nodata)) {
    for (let i = 0; i < source.length; i++) if (source[i] === nodata) data[i] = NaN;
  }
  return { width, height, data };
}
