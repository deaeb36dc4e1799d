// Indexes a directory of GeoTIFFs (a DEM or land-cover mosaic of any tiling, any CRS proj4 knows)
// as JSON: each file's lon/lat bounding box, pixel size and identity. The `geotiff-index:` source
// opens only the files whose box meets a work tile, so a job reads what its area needs however
// many files the mosaic has.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fromFile } from 'geotiff';
import proj4 from 'proj4';
import { describeGeoTiff } from '../raster/describe-geotiff.ts';

export const RASTER_INDEX_VERSION = 1;

export interface RasterIndexEntry {
  /** Relative to the index file. */
  path: string;
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number];
  /** Largest pixel size in degrees (the margin a tile needs for sampling across file borders). */
  pixel_deg: number;
  size: number;
  mtime_ms: number;
}

export interface RasterIndex {
  version: number;
  files: RasterIndexEntry[];
}

const isGeoTiff = (name: string) => /\.(tif|tiff)$/i.test(name);

function listGeoTiffs(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      const stats = statSync(path);
      if (stats.isDirectory()) walk(path);
      else if (isGeoTiff(name)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** Lon/lat box of a raster from its edges sampled every 1/8 (a projected grid's edges curve). */
async function entryOf(path: string, indexDir: string): Promise<RasterIndexEntry> {
  const tiff = await fromFile(path);
  try {
    const raster = await describeGeoTiff(tiff, path);
    const level = raster.levels[0]!;
    const toLonLat =
      raster.crs.kind === 'geographic'
        ? (x: number, y: number) => [x, y]
        : (x: number, y: number) => proj4(raster.crs.proj4, '+proj=longlat +datum=WGS84 +no_defs', [x, y]);
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i <= 8; i++) {
      for (let j = 0; j <= 8; j++) {
        if (i !== 0 && i !== 8 && j !== 0 && j !== 8) continue;
        const [lon, lat] = toLonLat(
          level.originX + ((level.width * i) / 8) * level.resX,
          level.originY + ((level.height * j) / 8) * level.resY,
        );
        west = Math.min(west, lon!);
        east = Math.max(east, lon!);
        south = Math.min(south, lat!);
        north = Math.max(north, lat!);
      }
    }
    const stats = statSync(path);
    return {
      path: relative(indexDir, path),
      bbox: [west, south, east, north],
      pixel_deg: Math.max((east - west) / level.width, (north - south) / level.height),
      size: stats.size,
      mtime_ms: Math.round(stats.mtimeMs),
    };
  } finally {
    await tiff.close();
  }
}

/** Writes the index of every .tif/.tiff under `dir` to `indexPath`; answers it. */
export async function indexRasterDirectory(dir: string, indexPath: string): Promise<RasterIndex> {
  const indexDir = dirname(resolve(indexPath));
  const files: RasterIndexEntry[] = [];
  for (const path of listGeoTiffs(resolve(dir))) files.push(await entryOf(path, indexDir));
  if (files.length === 0) throw new Error(`no GeoTIFF (.tif, .tiff) under ${dir}`);
  const index = { version: RASTER_INDEX_VERSION, files };
  writeFileSync(indexPath, `${JSON.stringify(index, null, 1)}\n`);
  return index;
}
