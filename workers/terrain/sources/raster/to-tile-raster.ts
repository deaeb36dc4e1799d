import {
  CATEGORY_NODATA_DEFAULT,
  type RasterDatasetProfile,
} from '../../../../domain/terrain/raster-dataset-profile.ts';
import type { TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { SourceError } from '../source-provider.ts';

/**
 * Stores resampled values (NaN = nodata) in the dataset's value type. float32 keeps NaN as nodata.
 * uint8 takes the source nodata when it is an integer 0..255 (ESA WorldCover's 0), else 255, and
 * rejects values that are not whole numbers 0..255 with INVALID_SOURCE_DATA: a category map that
 * does not fit one byte cannot be shown or analysed as one, and silently wrapping it would lie.
 */
export function toTileRaster(
  values: Float32Array,
  tile: TileAddress,
  size: number,
  profile: RasterDatasetProfile,
  sourceNodata: number | null,
  where: string,
): TileRaster {
  if (profile.valueType === 'float32') return { tile, size, data: values, nodata: NaN };
  const nodata =
    sourceNodata !== null && Number.isInteger(sourceNodata) && sourceNodata >= 0 && sourceNodata <= 255
      ? sourceNodata
      : CATEGORY_NODATA_DEFAULT;
  const data = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) {
      data[i] = nodata;
      continue;
    }
    if (!Number.isInteger(v) || v < 0 || v > 255) {
      throw new SourceError('INVALID_SOURCE_DATA', `${where}: category value ${v} is not a whole number from 0 to 255`);
    }
    data[i] = v;
  }
  return { tile, size, data, nodata };
}
