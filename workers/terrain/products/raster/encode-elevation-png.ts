import { encodeElevationRgba } from '../../../../domain/terrain/encode-elevation-rgba.ts';
import type { TileRaster } from '../../../../domain/terrain/types.ts';
import { writeRgbaPng } from './write-rgba-png.ts';

/**
 * The elevation tile of collection svc-native--terrain-elevation: RGBA PNG with
 * meters = -10000 + (R·65536 + G·256 + B)·0.1 rounded to the nearest 0.1 m, alpha 0 = nodata.
 */
export function encodeElevationPng(raster: TileRaster): Buffer {
  if (!(raster.data instanceof Float32Array)) throw new TypeError('an elevation tile holds Float32 metres');
  return writeRgbaPng(encodeElevationRgba(raster.data), raster.size, 'up');
}
