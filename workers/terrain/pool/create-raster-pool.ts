import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { assertHaloGrid } from '../../../domain/terrain/assert-halo-grid.ts';
import { haloGridRows } from '../../../domain/terrain/halo-grid-rows.ts';
import type { RowSpacing } from '../../../domain/terrain/slope-degrees.ts';
import type { HaloGrid, TileRaster } from '../../../domain/terrain/types.ts';
import type { PngResult, RasterTask, SlopeRuggednessResult } from './raster-task.ts';

export interface RasterPool {
  readonly threads: number;
  /** Slope (degrees, Horn) and ruggedness (TRI, Riley) of a halo grid; large grids run as parallel strips. */
  slopeAndRuggedness(grid: HaloGrid, spacing: RowSpacing, signal?: AbortSignal): Promise<SlopeRuggednessResult>;
  encodeElevationPng(raster: TileRaster, signal?: AbortSignal): Promise<Uint8Array>;
  encodeLandCoverPng(raster: TileRaster, signal?: AbortSignal): Promise<Uint8Array>;
  destroy(): Promise<void>;
}

export interface RasterPoolOptions {
  /** Worker threads; all cores by default (os.availableParallelism()). */
  threads?: number;
}

/** Grids up to this many pixels go to one worker whole; bigger ones are cut into strips. */
const STRIP_THRESHOLD = 512 * 512;

/**
 * A piscina pool of worker threads for CPU-heavy raster work, so the API's event loop keeps
 * serving requests while slopes are computed and tiles encoded. Inputs are copied once into
 * buffers that are transferred (not cloned) to the worker; results are transferred back.
 *
 * Worker files are TypeScript: each worker thread starts with `--import tsx` in its execArgv, the
 * same loader `npm start` and the test runner use, so piscina's dynamic import of
 * raster-task-worker.ts is compiled on the fly (no build step, no .mjs shim).
 */
export function createRasterPool(options: RasterPoolOptions = {}): RasterPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const piscina = new Piscina<RasterTask, SlopeRuggednessResult | PngResult>({
    filename: new URL('./raster-task-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    execArgv: ['--import', 'tsx'],
  });

  /** Runs one slope task on `data`, which the pool takes over (it is transferred, then unusable here). */
  const runSlope = async (
    width: number,
    height: number,
    data: Float32Array,
    spacing: RowSpacing,
    signal?: AbortSignal,
  ): Promise<SlopeRuggednessResult> => {
    const spacingX = Float64Array.from(spacing.x);
    const spacingY = Float64Array.from(spacing.y);
    const task: RasterTask = { kind: 'slope-ruggedness', width, height, data, spacingX, spacingY };
    return (await piscina.run(task, {
      transferList: [data.buffer as ArrayBuffer, spacingX.buffer, spacingY.buffer],
      signal,
    })) as SlopeRuggednessResult;
  };

  const runPng = async (task: RasterTask, transfer: ArrayBufferLike, signal?: AbortSignal): Promise<Uint8Array> => {
    const result = (await piscina.run(task, { transferList: [transfer as ArrayBuffer], signal })) as PngResult;
    return result.png;
  };

  return {
    threads,
    async slopeAndRuggedness(grid, spacing, signal) {
      assertHaloGrid(grid);
      const pixels = grid.width * grid.height;
      if (pixels <= STRIP_THRESHOLD || threads === 1)
        return runSlope(grid.width, grid.height, grid.data.slice(), spacing, signal);
      // Two strips per thread keeps both cores busy when strips finish unevenly. Each strip is
      // copied (with its halo rows) and sent before the next is cut, yielding in between, so the
      // event loop never holds for the copy of the whole grid.
      const strips = Math.min(grid.height, threads * 2);
      const bounds = Array.from({ length: strips + 1 }, (_, i) => Math.round((i * grid.height) / strips));
      const slope = new Float32Array(pixels);
      const ruggedness = new Float32Array(pixels);
      const parts: Promise<void>[] = [];
      for (let i = 0; i < strips; i++) {
        const [row0, row1] = [bounds[i], bounds[i + 1]];
        const strip = haloGridRows(grid, row0, row1);
        const part = runSlope(
          strip.width,
          strip.height,
          strip.data,
          {
            x: Array.prototype.slice.call(spacing.x, row0, row1),
            y: Array.prototype.slice.call(spacing.y, row0, row1),
          },
          signal,
        );
        // Each strip's result is put in place as it arrives, not all at the end.
        const placed = part.then((result) => {
          slope.set(result.slope, row0 * grid.width);
          ruggedness.set(result.ruggedness, row0 * grid.width);
        });
        placed.catch(() => undefined); // a failure surfaces from Promise.all below, not as unhandled
        parts.push(placed);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(parts);
      return { slope, ruggedness };
    },
    async encodeElevationPng(raster, signal) {
      if (!(raster.data instanceof Float32Array)) throw new TypeError('an elevation tile holds Float32 metres');
      const data = raster.data.slice();
      return runPng({ kind: 'elevation-png', raster: { ...raster, data } }, data.buffer, signal);
    },
    async encodeLandCoverPng(raster, signal) {
      if (!(raster.data instanceof Uint8Array)) throw new TypeError('a land-cover tile holds Uint8 categories');
      const data = raster.data.slice();
      return runPng({ kind: 'land-cover-png', raster: { ...raster, data } }, data.buffer, signal);
    },
    destroy: () => piscina.destroy(),
  };
}
