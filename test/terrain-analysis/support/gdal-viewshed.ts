// gdal_viewshed (GDAL's command-line tool, Wang et al. 2000) on a DEM written as a GeoTIFF: the
// external reference and speed baseline for viewshed.
import { join } from 'node:path';
import { gdal, readRasterAsFloat32, writeRaster } from '../../terrain-raster/support/gdal.ts';

export interface ProjectedDem {
  width: number;
  height: number;
  data: Float32Array;
  /** Cell size in metres (square cells), origin at the north-west corner, UTM 32N. */
  cellSize: number;
  originX: number;
  originY: number;
}

export const DEM_SRS = 'EPSG:32632';

/** Writes the DEM as a tiled Float32 GeoTIFF in `dir`; returns its path. */
export function writeDem(dem: ProjectedDem, dir: string): string {
  const path = join(dir, `dem-${Math.random().toString(36).slice(2)}.tif`);
  writeRaster(path, {
    width: dem.width,
    height: dem.height,
    data: dem.data,
    type: 'Float32',
    srs: DEM_SRS,
    nodata: -9999,
    geoTransform: [dem.originX, dem.cellSize, 0, dem.originY, 0, -dem.cellSize],
    creationOptions: ['TILED=YES'],
  });
  return path;
}

/**
 * Runs gdal_viewshed from the centre of cell (col, row) with curvature coefficient 1/k; returns the
 * output path (visible 1, hidden 0, beyond max distance 255).
 */
export function runGdalViewshed(
  demPath: string,
  dem: ProjectedDem,
  observer: { col: number; row: number },
  options: { observerHeight: number; targetHeight: number; radius: number; refraction: number },
  dir: string,
): string {
  const out = join(dir, `viewshed-${Math.random().toString(36).slice(2)}.tif`);
  gdal('gdal_viewshed', [
    '-q',
    '-ox',
    String(dem.originX + (observer.col + 0.5) * dem.cellSize),
    '-oy',
    String(dem.originY - (observer.row + 0.5) * dem.cellSize),
    '-oz',
    String(options.observerHeight),
    '-tz',
    String(options.targetHeight),
    '-md',
    String(options.radius),
    '-cc',
    String(1 / options.refraction),
    '-vv',
    '1',
    '-iv',
    '0',
    '-ov',
    '255',
    demPath,
    out,
  ]);
  return out;
}

/**
 * gdal_viewshed's output placed on the DEM's grid (see runGdalViewshed for values; 255 outside
 * the output, which GDAL clips to the window of the maximum distance).
 */
export function readViewshed(path: string, dem: ProjectedDem): Uint8Array {
  const { width, height, data } = readRasterAsFloat32(path);
  const info = JSON.parse(gdal('gdalinfo', ['-json', path])) as { geoTransform: number[] };
  const colOffset = Math.round((info.geoTransform[0] - dem.originX) / dem.cellSize);
  const rowOffset = Math.round((dem.originY - info.geoTransform[3]) / dem.cellSize);
  const out = new Uint8Array(dem.width * dem.height).fill(255);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) out[(r + rowOffset) * dem.width + c + colOffset] = data[r * width + c];
  }
  return out;
}
