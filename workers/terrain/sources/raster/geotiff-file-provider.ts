import { statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fromFile, type GeoTIFF } from 'geotiff';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { rasterDatasetProfile } from '../../../../domain/terrain/raster-dataset-profile.ts';
import type { DatasetName, TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import type { RasterSourceProvider } from '../source-provider.ts';
import { classifyReadError } from './classify-read-error.ts';
import { describeGeoTiff } from './describe-geotiff.ts';
import type { GeoTiffRaster } from './geotiff-raster.ts';
import { RASTER_READER_VERSION } from './raster-reader-version.ts';
import { readTileFromRasters } from './read-tile-from-rasters.ts';

export interface GeoTiffFileProvider extends RasterSourceProvider {
  readonly path: string;
  close(): Promise<void>;
}

interface OpenFile {
  version: string;
  tiff: GeoTIFF;
  raster: GeoTiffRaster;
}

function fileVersion(stats: Pick<Stats, 'size' | 'mtimeMs'>): string {
  return `size=${stats.size}|mtime=${Math.round(stats.mtimeMs)}`;
}

/**
 * A raster dataset served from one local GeoTIFF or Cloud Optimized GeoTIFF, in any CRS the
 * reader knows. Only the internal tiles/strips (and the overview level) a work tile needs are
 * read. The file is opened on first use and reopened when its size or mtime changes; the
 * fingerprint carries both, so a replaced file yields new products instead of stale cached ones.
 */
export function createGeoTiffFileProvider(dataset: DatasetName, path: string): GeoTiffFileProvider {
  const absolute = resolve(path);
  const where = `GeoTIFF ${absolute}`;
  let open: Promise<OpenFile> | null = null;

  const openFile = async (version: string): Promise<OpenFile> => {
    let tiff: GeoTIFF | null = null;
    try {
      tiff = await fromFile(absolute);
      return { version, tiff, raster: await describeGeoTiff(tiff, where) };
    } catch (error) {
      await tiff?.close();
      throw classifyReadError(error, dataset, where, 'open the file');
    }
  };

  const current = async (): Promise<OpenFile> => {
    let version: string;
    try {
      version = fileVersion(await stat(absolute));
    } catch (error) {
      throw classifyReadError(error, dataset, where, 'open the file');
    }
    if (open) {
      const previous = await open.catch(() => null);
      if (previous?.version === version) return previous;
      await previous?.tiff.close();
    }
    open = openFile(version);
    open.catch(() => { open = null; });
    return open;
  };

  return {
    kind: 'raster',
    dataset,
    path: absolute,
    sampling: rasterDatasetProfile(dataset).sampling,
    description: `${dataset} from ${where}`,
    get fingerprint(): string {
      let version = 'missing';
      try { version = fileVersion(statSync(absolute)); } catch { /* reported by readTile */ }
      return `geotiff|${absolute}|${version}|reader=${RASTER_READER_VERSION}`;
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      assertTileAddress(tile);
      const file = await current();
      try {
        return await readTileFromRasters([file.raster], dataset, tile, where, signal);
      } catch (error) {
        throw classifyReadError(error, dataset, where, `read tile ${tile.z}/${tile.x}/${tile.y}`);
      }
    },
    async refreshFingerprint(): Promise<string> {
      return this.fingerprint;
    },
    async close(): Promise<void> {
      const previous = open ? await open.catch(() => null) : null;
      open = null;
      await previous?.tiff.close();
    },
  };
}
