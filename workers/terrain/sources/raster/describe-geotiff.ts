import type { GeoTIFF, GeoTIFFImage } from 'geotiff';
import { SourceError } from '../source-provider.ts';
import { crsFromGeoKeys, type GeoKeys } from './crs-from-geo-keys.ts';
import type { GeoTiffLevel, GeoTiffRaster } from './geotiff-raster.ts';
import { parseGdalNodata } from './parse-gdal-nodata.ts';

const SUBFILE_REDUCED = 1;
const SUBFILE_MASK = 4;
const RASTER_PIXEL_IS_POINT = 2;

/**
 * Reads the georeferencing of an opened GeoTIFF: CRS from the GeoKeys, affine geotransform from
 * ModelPixelScale + ModelTiepoint or ModelTransformation (PixelIsPoint rasters shifted half a
 * pixel, as GDAL does), internal overviews (reduced-resolution subfiles, masks skipped) and the
 * GDAL_NODATA value. Anything it cannot use throws INVALID_SOURCE_DATA naming `where`.
 */
export async function describeGeoTiff(tiff: GeoTIFF, where: string): Promise<GeoTiffRaster> {
  try {
    const count = await tiff.getImageCount();
    const first = await tiff.getImage(0);
    const crs = crsFromGeoKeys(first.getGeoKeys() as GeoKeys | null, where);
    const base = await baseLevel(first, where);
    const levels: GeoTiffLevel[] = [base];
    for (let i = 1; i < count; i++) {
      const image = await tiff.getImage(i);
      const subfile = Number(
        image.fileDirectory.hasTag('NewSubfileType') ? image.fileDirectory.getValue('NewSubfileType') : 0,
      );
      if ((subfile & SUBFILE_REDUCED) === 0 || (subfile & SUBFILE_MASK) !== 0) continue;
      const width = image.getWidth();
      const height = image.getHeight();
      if (width <= 0 || height <= 0 || width > base.width || height > base.height) continue;
      levels.push({
        image,
        width,
        height,
        originX: base.originX,
        originY: base.originY,
        resX: (base.resX * base.width) / width,
        resY: (base.resY * base.height) / height,
      });
    }
    levels.sort((a, b) => b.width - a.width);
    const nodata = parseGdalNodata(
      first.fileDirectory.hasTag('GDAL_NODATA') ? await first.fileDirectory.loadValue('GDAL_NODATA') : null,
    );
    const float32 = first.getSampleFormat(0) === 3 && first.getBitsPerSample(0) === 32;
    return { where, crs, levels, nodata, float32 };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${where}: unreadable GeoTIFF structure (${(error as Error).message})`,
    );
  }
}

async function baseLevel(image: GeoTIFFImage, where: string): Promise<GeoTiffLevel> {
  const width = image.getWidth();
  const height = image.getHeight();
  if (!(width > 0 && height > 0))
    throw new SourceError('INVALID_SOURCE_DATA', `${where}: image has no pixels (${width}x${height})`);
  const dir = image.fileDirectory;
  let originX: number, originY: number, resX: number, resY: number;
  if (dir.hasTag('ModelTransformation')) {
    const m = (await dir.loadValue('ModelTransformation')) as number[];
    if (m[1] !== 0 || m[4] !== 0) {
      throw new SourceError(
        'INVALID_SOURCE_DATA',
        `${where}: rotated or sheared rasters are not supported; warp it north-up with gdalwarp`,
      );
    }
    [resX, originX, resY, originY] = [m[0], m[3], m[5], m[7]];
  } else if (dir.hasTag('ModelPixelScale') && dir.hasTag('ModelTiepoint')) {
    const scale = (await dir.loadValue('ModelPixelScale')) as number[];
    const tie = (await dir.loadValue('ModelTiepoint')) as number[];
    // Tiepoint (I, J, K) -> (X, Y, Z); pixel rows go south, so the y pixel size is -ScaleY.
    resX = scale[0];
    resY = -scale[1];
    originX = tie[3] - tie[0] * resX;
    originY = tie[4] - tie[1] * resY;
  } else {
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${where}: no georeferencing (ModelPixelScale/ModelTiepoint or ModelTransformation)`,
    );
  }
  if (![originX, originY, resX, resY].every(Number.isFinite) || resX === 0 || resY === 0) {
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${where}: invalid geotransform (origin ${originX}, ${originY}; pixel ${resX} x ${resY})`,
    );
  }
  if ((image.getGeoKeys() as GeoKeys | null)?.GTRasterTypeGeoKey === RASTER_PIXEL_IS_POINT) {
    // The tiepoint names the centre of pixel (0, 0); GDAL reads such files with the corner half a pixel out.
    originX -= resX / 2;
    originY -= resY / 2;
  }
  return { image, width, height, originX, originY, resX, resY };
}
