import { fromCustomClient, type BlockedSourceOptions, type GeoTIFF, type RemoteSourceOptions } from 'geotiff';
import { assertTileAddress } from '../../../../domain/terrain/assert-tile-address.ts';
import { rasterDatasetProfile } from '../../../../domain/terrain/raster-dataset-profile.ts';
import type { DatasetName, TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import type { RasterSourceProvider } from '../source-provider.ts';
import { classifyReadError } from './classify-read-error.ts';
import { describeGeoTiff } from './describe-geotiff.ts';
import type { GeoTiffRaster } from './geotiff-raster.ts';
import { HttpRangeClient, type RemoteFileVersion } from './http-range-client.ts';
import { RASTER_READER_VERSION } from './raster-reader-version.ts';
import { readTileFromRasters } from './read-tile-from-rasters.ts';

export interface CogUrlProvider extends RasterSourceProvider {
  readonly url: string;
  refreshFingerprint(signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

/**
 * Bytes per HTTP range request. geotiff.js rounds reads up to blocks of this size and caches them,
 * so the header, the IFDs (at the start of a COG) and neighbouring internal tiles come in a few
 * requests instead of hundreds of tiny ones.
 */
const BLOCK_SIZE = 64 * 1024;
const CACHED_BLOCKS = 256;

interface OpenRemote {
  client: HttpRangeClient;
  tiff: GeoTIFF;
  raster: GeoTiffRaster;
}

function versionText(v: RemoteFileVersion): string {
  if (v.etag) return `etag=${v.etag}`;
  if (v.lastModified) return `last-modified=${v.lastModified}|size=${v.size ?? '?'}`;
  return `size=${v.size ?? '?'}`;
}

/**
 * A raster dataset served from a Cloud Optimized GeoTIFF over HTTP(S) with range requests: a work
 * tile costs the header once plus the few internal tiles of the overview level it needs, never the
 * whole file. The fingerprint carries the ETag (or Last-Modified and size) of the file as last
 * seen; refreshFingerprint() re-checks it with a HEAD request and drops the open file if the
 * remote one changed.
 */
export function createCogUrlProvider(dataset: DatasetName, url: string): CogUrlProvider {
  const where = `COG ${url}`;
  let open: Promise<OpenRemote> | null = null;
  let seen: RemoteFileVersion = { etag: null, lastModified: null, size: null };

  // Opening is shared by concurrent reads, so it takes no caller's abort signal.
  const acquire = (): Promise<OpenRemote> => {
    if (!open) {
      const attempt = (async () => {
        const client = new HttpRangeClient(url);
        try {
          const options: RemoteSourceOptions & BlockedSourceOptions = {
            blockSize: BLOCK_SIZE,
            cacheSize: CACHED_BLOCKS,
          };
          const tiff = await fromCustomClient(client, options);
          const raster = await describeGeoTiff(tiff, where);
          seen = client.version;
          return { client, tiff, raster };
        } catch (error) {
          throw classifyReadError(error, dataset, where, 'open the file', client.lastError);
        }
      })();
      open = attempt;
      attempt.catch(() => {
        if (open === attempt) open = null;
      });
    }
    return open;
  };

  return {
    kind: 'raster',
    dataset,
    url,
    sampling: rasterDatasetProfile(dataset).sampling,
    description: `${dataset} from ${where}`,
    get fingerprint(): string {
      return `cog|${url}|${versionText(seen)}|reader=${RASTER_READER_VERSION}`;
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      assertTileAddress(tile);
      const remote = await acquire();
      try {
        return await readTileFromRasters([remote.raster], dataset, tile, where, signal);
      } catch (error) {
        throw classifyReadError(
          error,
          dataset,
          where,
          `read tile ${tile.z}/${tile.x}/${tile.y}`,
          remote.client.lastError,
        );
      }
    },
    async refreshFingerprint(signal?: AbortSignal): Promise<string> {
      const probe = new HttpRangeClient(url);
      let latest: RemoteFileVersion;
      try {
        latest = await probe.head(signal);
      } catch (error) {
        throw classifyReadError(error, dataset, where, 'check the file version');
      }
      if (versionText(latest) !== versionText(seen)) open = null; // the next read reopens the new file
      seen = latest;
      return this.fingerprint;
    },
    async close(): Promise<void> {
      open = null;
    },
  };
}
