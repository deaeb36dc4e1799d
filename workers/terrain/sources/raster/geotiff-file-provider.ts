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
  /** Reads in flight; a replaced file is closed when its last read ends. */
  users: number;
  stale: boolean;
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
  let cached: { version: string; file: Promise<OpenFile> } | null = null;

  const openFile = async (version: string): Promise<OpenFile> => {
    let tiff: GeoTIFF | null = null;
    try {
      tiff = await fromFile(absolute);
      return { version, tiff, raster: await describeGeoTiff(tiff, where), users: 0, stale: false };
    } catch (error) {
      await tiff?.close();
      throw classifyReadError(error, dataset, where, 'open the file');
    }
  };

  const release = (file: OpenFile): void => {
    if (file.stale && file.users === 0) void file.tiff.close();
  };

  /** The open file for the file's current size and mtime, reopening after a replacement. */
  const acquire = async (): Promise<OpenFile> => {
    let version: string;
    try {
      version = fileVersion(await stat(absolute));
    } catch (error) {
      throw classifyReadError(error, dataset, where, 'open the file');
    }
    if (cached?.version !== version) {
      const replaced = cached;
      const entry = { version, file: openFile(version) };
      cached = entry;
      entry.file.catch(() => {
        if (cached === entry) cached = null;
      });
      replaced?.file.then(
        (old) => {
          old.stale = true;
          release(old);
        },
        () => undefined,
      );
    }
    const file = await cached.file;
    file.users++;
    return file;
  };

  return {
    kind: 'raster',
    dataset,
    path: absolute,
    sampling: rasterDatasetProfile(dataset).sampling,
    description: `${dataset} from ${where}`,
    get fingerprint(): string {
      let version = 'missing';
      try {
        version = fileVersion(statSync(absolute));
      } catch {
        /* reported by readTile */
      }
      return `geotiff|${absolute}|${version}|reader=${RASTER_READER_VERSION}`;
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      assertTileAddress(tile);
      const file = await acquire();
      try {
        return await readTileFromRasters([file.raster], dataset, tile, where, signal);
      } catch (error) {
        throw classifyReadError(error, dataset, where, `read tile ${tile.z}/${tile.x}/${tile.y}`);
      } finally {
        file.users--;
        release(file);
      }
    },
    async refreshFingerprint(): Promise<string> {
      return this.fingerprint;
    },
    async close(): Promise<void> {
      const entry = cached;
      cached = null;
      const file = entry ? await entry.file.catch(() => null) : null;
      if (file) {
        file.stale = true;
        release(file);
      }
    },
  };
}
