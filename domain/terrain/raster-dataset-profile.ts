import type { DatasetName } from './types.ts';

/** How a raster dataset is resampled onto the work grid and stored there. */
export interface RasterDatasetProfile {
  /** Continuous values are interpolated; categories and counts take the nearest source pixel. */
  sampling: 'bilinear' | 'nearest';
  /**
   * float32: metres or counts, nodata NaN. uint8: categories 0..255, nodata = the source's nodata
   * when it is an integer 0..255, else 255 (ESA WorldCover uses 0, which is kept).
   */
  valueType: 'float32' | 'uint8';
}

const PROFILES: Record<DatasetName, RasterDatasetProfile> = {
  elevation: { sampling: 'bilinear', valueType: 'float32' },
  land_cover: { sampling: 'nearest', valueType: 'uint8' },
  // Soil from a raster is a class map (e.g. SoilGrids WRB classes).
  soil: { sampling: 'nearest', valueType: 'uint8' },
  // Population rasters (WorldPop, GHS-POP) hold people per pixel: nearest keeps them unblended.
  population: { sampling: 'nearest', valueType: 'float32' },
  // Rasterised roads or buildings masks.
  roads: { sampling: 'nearest', valueType: 'uint8' },
  buildings: { sampling: 'nearest', valueType: 'uint8' },
};

/** The resampling and storage profile of a dataset served from a raster source. */
export function rasterDatasetProfile(dataset: DatasetName): RasterDatasetProfile {
  const profile = PROFILES[dataset];
  if (!profile) throw new RangeError(`unknown dataset ${JSON.stringify(dataset)}`);
  return profile;
}

/** Default uint8 nodata when the source declares none usable. */
export const CATEGORY_NODATA_DEFAULT = 255;
