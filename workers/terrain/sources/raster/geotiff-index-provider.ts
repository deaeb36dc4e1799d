// A raster dataset stored as many GeoTIFFs listed in a JSON index (import-source --rasters writes
// it: each file's lon/lat box): a work tile opens only the files whose box, widened by two of their
// pixels for sampling across borders, meets the tile, and mosaics them as the cell source does.
// No file meets the tile: NO_COVERAGE. An unreadable index: <DATASET>_SOURCE_UNREACHABLE.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fromFile, type GeoTIFF } from 'geotiff';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { rasterDatasetProfile } from '../../../../domain/terrain/raster-dataset-profile.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import type { DatasetName, TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import type { RasterIndex, RasterIndexEntry } from '../import/index-raster-directory.ts';
import { SourceError, unreachableCode, type RasterSourceProvider } from '../source-provider.ts';
import { classifyReadError } from './classify-read-error.ts';
import { describeGeoTiff } from './describe-geotiff.ts';
import type { GeoTiffRaster } from './geotiff-raster.ts';
import { RASTER_READER_VERSION } from './raster-reader-version.ts';
import { readTileFromRasters } from './read-tile-from-rasters.ts';

/** Files kept open: the blocks of files around a job sweeping its rows. */
const MAX_OPEN_FILES = 32;

interface LoadedIndex {
  files: Array<RasterIndexEntry & { absolute: string }>;
  fingerprint: string;
}
interface OpenFile {
  tiff: GeoTIFF;
  raster: GeoTiffRaster;
  users: number;
  stale: boolean;
}

export function createGeoTiffIndexProvider(
  dataset: DatasetName,
  indexPath: string,
): RasterSourceProvider & { refreshFingerprint(): Promise<string> } {
  const where = `GeoTIFF index ${indexPath}`;
  let index: Promise<LoadedIndex> | null = null;
  const fingerprintOf = (text: string | null) =>
    `geotiff-index|${resolve(indexPath)}|${text === null ? 'unreadable' : createHash('sha256').update(text).digest('hex').slice(0, 16)}|reader=${RASTER_READER_VERSION}`;
  // The index lists every file with its size and time: its hash is the content address.
  let fingerprint: string | null = null;
  const currentFingerprint = () => {
    let text: string | null = null;
    try {
      text = readFileSync(indexPath, 'utf8');
    } catch {
      /* reported by readTile */
    }
    return fingerprintOf(text);
  };
  const open = new Map<string, Promise<OpenFile>>();

  const loadIndex = (): Promise<LoadedIndex> => {
    index ??= readFile(indexPath, 'utf8').then(
      (text) => {
        const parsed = JSON.parse(text) as RasterIndex;
        if (!Array.isArray(parsed.files))
          throw new SourceError('INVALID_SOURCE_DATA', `${where}: no "files" list`, dataset);
        const base = dirname(resolve(indexPath));
        return {
          files: parsed.files.map((f) => ({ ...f, absolute: resolve(base, f.path) })),
          fingerprint: fingerprintOf(text),
        };
      },
      (error: unknown) => {
        index = null;
        if (error instanceof SyntaxError)
          throw new SourceError('INVALID_SOURCE_DATA', `${where} is not JSON: ${error.message}`, dataset);
        throw new SourceError(unreachableCode(dataset), `cannot read ${where}: ${(error as Error).message}`, dataset);
      },
    );
    return index;
  };

  const release = (file: OpenFile) => {
    if (file.stale && file.users === 0) void file.tiff.close();
  };
  const acquire = (path: string): Promise<OpenFile> => {
    let entry = open.get(path);
    if (entry)
      open.delete(path); // re-inserted below: Map order is the LRU order
    else {
      entry = fromFile(path).then(async (tiff) => ({
        tiff,
        raster: await describeGeoTiff(tiff, path),
        users: 0,
        stale: false,
      }));
      const opening = entry;
      opening.catch(() => {
        if (open.get(path) === opening) open.delete(path);
      });
    }
    open.set(path, entry);
    while (open.size > MAX_OPEN_FILES) {
      const [oldest, evicted] = open.entries().next().value as [string, Promise<OpenFile>];
      open.delete(oldest);
      evicted.then(
        (f) => {
          f.stale = true;
          release(f);
        },
        () => undefined,
      );
    }
    return entry;
  };

  return {
    kind: 'raster',
    dataset,
    sampling: rasterDatasetProfile(dataset).sampling,
    description: `${dataset} from ${where}`,
    get fingerprint() {
      fingerprint ??= currentFingerprint();
      return fingerprint;
    },
    async refreshFingerprint() {
      index = null;
      fingerprint = currentFingerprint();
      return fingerprint;
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      assertTileAddress(tile);
      const { files } = await loadIndex();
      const [west, south, east, north] = tileBounds(tile);
      const meeting = files.filter(
        ({ bbox, pixel_deg: m }) =>
          bbox[0] - 2 * m < east && bbox[2] + 2 * m > west && bbox[1] - 2 * m < north && bbox[3] + 2 * m > south,
      );
      if (meeting.length === 0) {
        throw new SourceError('NO_COVERAGE', `${where}: no file meets tile ${tile.z}/${tile.x}/${tile.y}`, dataset);
      }
      let opened: OpenFile[] = [];
      try {
        opened = await Promise.all(meeting.map((f) => acquire(f.absolute)));
        opened.forEach((f) => f.users++);
        return await readTileFromRasters(
          opened.map((f) => f.raster),
          dataset,
          tile,
          where,
          signal,
        );
      } catch (error) {
        throw classifyReadError(error, dataset, where, `read tile ${tile.z}/${tile.x}/${tile.y}`);
      } finally {
        opened.forEach((f) => {
          f.users--;
          release(f);
        });
      }
    },
    async close() {
      const all = [...open.values()];
      open.clear();
      for (const entry of all) {
        const f = await entry.catch(() => null);
        if (f) {
          f.stale = true;
          release(f);
        }
      }
    },
  };
}
