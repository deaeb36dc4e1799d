import { encodeCategoryRgba } from '../../../../domain/terrain/encode-category-rgba.ts';
import type { TileRaster } from '../../../../domain/terrain/types.ts';
import { writeRgbaPng } from './write-rgba-png.ts';

/** The land-cover tile of svc-native--terrain-landcover: red = raw category, alpha 0 = nodata. */
export function encodeLandCoverPng(raster: TileRaster): Buffer {
  if (!(raster.data instanceof Uint8Array)) throw new TypeError('a land-cover tile holds Uint8 categories');
  return writeRgbaPng(encodeCategoryRgba(raster.data, raster.nodata), raster.size, 'paeth');
}
