import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fromCustomClient, fromFile, type BlockedSourceOptions, type GeoTIFF, type RemoteSourceOptions } from 'geotiff';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { rasterDatasetProfile } from '../../../../domain/terrain/raster-dataset-profile.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import type { DatasetName, TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { SourceError, unreachableCode, type RasterSourceProvider } from '../source-provider.ts';
import { classifyReadError } from './classify-read-error.ts';
import { parseDegreeCellTemplate } from './degree-cell-template.ts';
import { describeGeoTiff } from './describe-geotiff.ts';
import type { GeoTiffRaster } from './geotiff-raster.ts';
import { HttpRangeClient, HttpStatusError } from './http-range-client.ts';
import { RASTER_READER_VERSION } from './raster-reader-version.ts';
import { readTileFromRasters } from './read-tile-from-rasters.ts';
import { rootCause } from './root-cause.ts';

export interface GeoTiffTilesProvider extends RasterSourceProvider {
  readonly template: string;
  refreshFingerprint(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Margin, in degrees, around a work tile when picking cells: bilinear sampling at a tile edge needs
 * the first pixels of the next cell (0.01° is more than a pixel of any 1°-cell DEM).
 */
const CELL_MARGIN_DEG = 0.01;
/** Open cells kept; a 3x3 block around any tile plus room for a job sweeping across cells. */
const MAX_OPEN_CELLS = 32;

interface OpenCell {
  tiff: GeoTIFF;
  raster: GeoTiffRaster;
  client: HttpRangeClient | null;
  users: number;
  stale: boolean;
}

/**
 * A raster dataset stored as 1°x1° GeoTIFF cells in a directory or behind a URL template (see
 * degree-cell-template.ts for the placeholders), mosaicked across cell borders: a work tile
 * straddling two or four cells reads all of them and samples across the border seamlessly. A cell
 * that does not exist (no file, HTTP 404) is ocean or void as in SRTM, and its area is nodata; a
 * tile with no existing cell at all is NO_COVERAGE; a missing directory or an unreachable server
 * is `<DATASET>_SOURCE_UNREACHABLE`.
 */
export function createGeoTiffTilesProvider(dataset: DatasetName, template: string): GeoTiffTilesProvider {
  const remote = /^https?:\/\//i.test(template);
  const cellTemplate = parseDegreeCellTemplate(remote ? template : resolve(template));
  const where = `GeoTIFF cells ${cellTemplate.template}`;
  const cells = new Map<string, Promise<OpenCell | null>>();
  let fingerprint: string | null = null;

  const release = (cell: OpenCell): void => {
    if (cell.stale && cell.users === 0) void cell.tiff.close();
  };

  const openCell = async (location: string): Promise<OpenCell | null> => {
    let tiff: GeoTIFF | null = null;
    const client = remote ? new HttpRangeClient(location) : null;
    try {
      if (client) {
        const options: RemoteSourceOptions & BlockedSourceOptions = { blockSize: 64 * 1024, cacheSize: 64 };
        tiff = await fromCustomClient(client, options);
      } else {
        tiff = await fromFile(location);
      }
      return { tiff, raster: await describeGeoTiff(tiff, location), users: 0, stale: false, client };
    } catch (error) {
      await tiff?.close();
      const cause = rootCause(error, client?.lastError);
      const code = (cause as { code?: string }).code;
      if (code === 'ENOENT' || (cause instanceof HttpStatusError && (cause.status === 404 || cause.status === 410)))
        return null;
      throw classifyReadError(error, dataset, location, 'open the cell', client?.lastError);
    }
  };

  const acquire = (location: string): Promise<OpenCell | null> => {
    let entry = cells.get(location);
    if (entry) {
      cells.delete(location); // re-insert: the Map order is the LRU order
    } else {
      const opening = openCell(location);
      opening.catch(() => {
        if (cells.get(location) === opening) cells.delete(location);
      });
      entry = opening;
    }
    cells.set(location, entry);
    while (cells.size > MAX_OPEN_CELLS) {
      const [oldest, evicted] = cells.entries().next().value as [string, Promise<OpenCell | null>];
      cells.delete(oldest);
      evicted.then(
        (cell) => {
          if (cell) {
            cell.stale = true;
            release(cell);
          }
        },
        () => undefined,
      );
    }
    return entry;
  };

  const computeFingerprint = (): string => {
    if (remote) return `geotiff-tiles|${cellTemplate.template}|reader=${RASTER_READER_VERSION}`;
    const hash = createHash('sha256');
    for (const file of listMatchingFiles(cellTemplate.fixedPrefix || '.', cellTemplate.pattern)) {
      hash.update(`${file.path}\t${file.size}\t${Math.round(file.mtimeMs)}\n`);
    }
    return `geotiff-tiles|${cellTemplate.template}|files=${hash.digest('hex').slice(0, 16)}|reader=${RASTER_READER_VERSION}`;
  };

  return {
    kind: 'raster',
    dataset,
    template: cellTemplate.template,
    sampling: rasterDatasetProfile(dataset).sampling,
    description: `${dataset} from ${where}`,
    get fingerprint(): string {
      fingerprint ??= computeFingerprint();
      return fingerprint;
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      assertTileAddress(tile);
      if (!remote && cellTemplate.fixedPrefix) {
        try {
          await stat(cellTemplate.fixedPrefix);
        } catch (error) {
          throw new SourceError(
            unreachableCode(dataset),
            `${where}: directory ${cellTemplate.fixedPrefix} is not readable (${(error as { code?: string }).code ?? error})`,
            dataset,
          );
        }
      }
      const locations = cellsAround(tile).map(({ lat, lon }) => cellTemplate.expand(lat, lon));
      const opened = await Promise.all(locations.map(acquire));
      const present = opened.filter((c): c is OpenCell => c !== null);
      if (present.length === 0) {
        throw new SourceError(
          'NO_COVERAGE',
          `${where}: no cell exists for tile ${tile.z}/${tile.x}/${tile.y} (looked for ${locations.join(', ')})`,
          dataset,
        );
      }
      present.forEach((c) => c.users++);
      try {
        return await readTileFromRasters(
          present.map((c) => c.raster),
          dataset,
          tile,
          where,
          signal,
        );
      } catch (error) {
        const lastKnown = present.map((c) => c.client?.lastError).find((e) => e);
        throw classifyReadError(error, dataset, where, `read tile ${tile.z}/${tile.x}/${tile.y}`, lastKnown);
      } finally {
        present.forEach((c) => {
          c.users--;
          release(c);
        });
      }
    },
    async refreshFingerprint(): Promise<string> {
      fingerprint = computeFingerprint();
      return fingerprint;
    },
    async close(): Promise<void> {
      const open = [...cells.values()];
      cells.clear();
      for (const entry of open) {
        const cell = await entry.catch(() => null);
        if (cell) {
          cell.stale = true;
          release(cell);
        }
      }
    },
  };
}

/** South-west corners of the 1° cells a tile (plus margin) touches, north-west first. */
function cellsAround(tile: TileAddress): { lat: number; lon: number }[] {
  const [west, south, east, north] = tileBounds(tile);
  const lat0 = Math.max(-90, Math.floor(south - CELL_MARGIN_DEG));
  const lat1 = Math.min(89, Math.floor(north + CELL_MARGIN_DEG));
  const lon0 = Math.max(-180, Math.floor(west - CELL_MARGIN_DEG));
  const lon1 = Math.min(179, Math.floor(east + CELL_MARGIN_DEG));
  const out: { lat: number; lon: number }[] = [];
  for (let lat = lat1; lat >= lat0; lat--) for (let lon = lon0; lon <= lon1; lon++) out.push({ lat, lon });
  return out;
}

/** Files under `dir` (recursively) whose full path matches `pattern`, sorted by path. */
function listMatchingFiles(dir: string, pattern: RegExp): { path: string; size: number; mtimeMs: number }[] {
  const found: { path: string; size: number; mtimeMs: number }[] = [];
  const walk = (current: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(current);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(current, name);
      let stats;
      try {
        stats = statSync(path);
      } catch {
        continue;
      }
      if (stats.isDirectory() && depth < 4) walk(path, depth + 1);
      else if (stats.isFile() && pattern.test(path)) found.push({ path, size: stats.size, mtimeMs: stats.mtimeMs });
    }
  };
  walk(dir, 0);
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
