// A category raster completed by a second source: the primary's value wherever it has one, the
// fallback's where the primary is nodata or does not cover the tile at all (land cover: a WorldCover
// file first, OpenStreetMap areas for what it lacks). The fallback is read only for tiles that need it.
import type { TileAddress, TileRaster } from '../../../domain/terrain/types.ts';
import { SourceError, type RasterSourceProvider } from './source-provider.ts';

const isNodata = (value: number, nodata: number) => value === nodata || (value !== value && nodata !== nodata);

export function createFilledRasterProvider(
  primary: RasterSourceProvider,
  fallback: RasterSourceProvider,
): RasterSourceProvider {
  if (primary.dataset !== fallback.dataset)
    throw new RangeError(`cannot fill ${primary.dataset} from ${fallback.dataset}`);
  const combine = (a: string, b: string) => `filled(${a}|${b})`;
  let fingerprint = combine(primary.fingerprint, fallback.fingerprint);
  return {
    kind: 'raster',
    dataset: primary.dataset,
    sampling: primary.sampling,
    get fingerprint() {
      return fingerprint;
    },
    description: `${primary.description}; where it has no data: ${fallback.description}`,
    async refreshFingerprint(signal?: AbortSignal): Promise<string> {
      const a = primary.refreshFingerprint ? await primary.refreshFingerprint(signal) : primary.fingerprint;
      const b = fallback.refreshFingerprint ? await fallback.refreshFingerprint(signal) : fallback.fingerprint;
      fingerprint = combine(a, b);
      return fingerprint;
    },
    async close(): Promise<void> {
      await Promise.all([primary.close?.(), fallback.close?.()]);
    },
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      let main: TileRaster;
      try {
        main = await primary.readTile(tile, signal);
      } catch (error) {
        if (error instanceof SourceError && error.code === 'NO_COVERAGE') return fallback.readTile(tile, signal);
        throw error;
      }
      const missing: number[] = [];
      for (let i = 0; i < main.data.length; i++) if (isNodata(main.data[i], main.nodata)) missing.push(i);
      if (missing.length === 0) return main;
      const fill = await fallback.readTile(tile, signal);
      if (fill.size !== main.size) throw new RangeError(`fallback tile is ${fill.size} px, primary ${main.size} px`);
      const data = main.data.slice();
      for (const i of missing) if (!isNodata(fill.data[i], fill.nodata)) data[i] = fill.data[i];
      return { ...main, data };
    },
  };
}
