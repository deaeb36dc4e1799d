import type { GeoTIFFImage } from 'geotiff';
import type { RasterCrs } from './raster-crs.ts';

/** One resolution level of a GeoTIFF: the full-resolution image or one of its overviews. */
export interface GeoTiffLevel {
  image: GeoTIFFImage;
  width: number;
  height: number;
  /** CRS coordinates of the outer north-west corner of pixel (0, 0). */
  originX: number;
  originY: number;
  /** Pixel size in CRS units; resY is negative for north-up rasters. */
  resX: number;
  resY: number;
}

/** What the reader knows about one opened GeoTIFF. */
export interface GeoTiffRaster {
  /** File path or URL, for messages. */
  where: string;
  crs: RasterCrs;
  /** Full resolution first, then internal overviews from finest to coarsest. */
  levels: GeoTiffLevel[];
  /** GDAL_NODATA of the band, null when the file declares none. */
  nodata: number | null;
  /** True when band 1 holds 32-bit floats (nodata then compares after rounding to float32). */
  float32: boolean;
}
