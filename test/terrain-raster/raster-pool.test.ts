// test:serial (measures event-loop gaps against in-thread work: needs the machine to itself)
import { availableParallelism } from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { slopeDegrees } from '../../domain/terrain/slope-degrees.ts';
import { terrainRuggednessIndex } from '../../domain/terrain/terrain-ruggedness-index.ts';
import type { HaloGrid, TileRaster } from '../../domain/terrain/types.ts';
import { createRasterPool } from '../../workers/terrain/pool/create-raster-pool.ts';
import { deriveSlopeAndRuggedness } from '../../workers/terrain/products/raster/derive-slope-and-ruggedness.ts';
import { encodeElevationPng } from '../../workers/terrain/products/raster/encode-elevation-png.ts';
import { encodeLandCoverPng } from '../../workers/terrain/products/raster/encode-land-cover-png.ts';
import { gridOf, hills, seededRandom } from './support/synthetic-dem.ts';

const pool = createRasterPool();

function bigGrid(size: number): HaloGrid {
  const random = seededRandom(5);
  const data = gridOf(size + 2, size + 2, 600000, 5200000, 10, -10, (x, y) => hills(x, y) + random());
  data[1000] = NaN;
  return { width: size, height: size, data };
}
const spacing = (rows: number) => ({ x: new Float64Array(rows).fill(10), y: new Float64Array(rows).fill(10) });
const same = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

test('the pool uses every core, and worker threads load TypeScript through tsx', async () => {
  assert.is(pool.threads, availableParallelism());
  const grid = bigGrid(8);
  const result = await pool.slopeAndRuggedness(grid, spacing(8));
  assert.ok(same(result.slope, slopeDegrees(grid, spacing(8))));
});

test('a big grid is cut into strips across threads; the result equals the single-thread computation exactly', async () => {
  const grid = bigGrid(1500);
  const before = grid.data.slice(0, 10);
  const result = await pool.slopeAndRuggedness(grid, spacing(1500));
  assert.ok(same(result.slope, slopeDegrees(grid, spacing(1500))), 'slope');
  assert.ok(same(result.ruggedness, terrainRuggednessIndex(grid)), 'ruggedness');
  assert.ok(same(grid.data.slice(0, 10), before), "the caller's buffer is left intact (copied, then transferred)");
});

test('PNG encoding on the pool gives the same bytes as in-thread encoding', async () => {
  const tile = { z: 12, x: 1, y: 1 };
  const elevation: TileRaster = {
    tile,
    size: 256,
    data: Float32Array.from({ length: 65536 }, (_, i) => (i % 5000) * 0.37 - 20),
    nodata: NaN,
  };
  const cover: TileRaster = {
    tile,
    size: 256,
    data: Uint8Array.from({ length: 65536 }, (_, i) => [10, 20, 80, 0][i % 4]),
    nodata: 0,
  };
  assert.equal(Buffer.from(await pool.encodeElevationPng(elevation)), encodeElevationPng(elevation));
  assert.equal(Buffer.from(await pool.encodeLandCoverPng(cover)), encodeLandCoverPng(cover));
  try {
    await pool.encodeElevationPng(cover);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, TypeError);
  }
});

test('work-tile slope and ruggedness are the same on the pool and in-thread', async () => {
  const tile = { z: 12, x: 2169, y: 1446 };
  const raster = (x: number, y: number): TileRaster => ({
    tile: { z: 12, x, y },
    size: 256,
    nodata: NaN,
    data: gridOf(256, 256, x * 9783.94, -y * 9783.94, 38.2, -38.2, hills),
  });
  const center = raster(tile.x, tile.y);
  const neighbours = { n: raster(tile.x, tile.y - 1), e: raster(tile.x + 1, tile.y) };
  const onPool = await deriveSlopeAndRuggedness(center, neighbours, pool);
  const inThread = await deriveSlopeAndRuggedness(center, neighbours, null);
  assert.ok(same(onPool.slope.data as Float32Array, inThread.slope.data as Float32Array));
  assert.ok(same(onPool.ruggedness.data as Float32Array, inThread.ruggedness.data as Float32Array));
  assert.equal(onPool.slope.tile, tile);
  assert.ok(
    Number.isNaN((onPool.slope.data as Float32Array)[256 * 255]),
    'no south or west neighbour: that border is nodata',
  );
});

test('the event loop keeps ticking while a big slope job runs on the pool (and stops during the same job in-thread)', async () => {
  const grid = bigGrid(3000);
  let ticks = 0;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks++;
  }, 2);
  try {
    // In-thread: the timer cannot fire until the computation returns.
    const syncStart = performance.now();
    slopeDegrees(grid, spacing(3000));
    terrainRuggednessIndex(grid);
    const syncDuration = performance.now() - syncStart;
    assert.is(ticks, 0, 'the loop is blocked by in-thread work');
    await new Promise((resolve) => setTimeout(resolve, 10));
    ticks = 0;
    longestGap = 0;
    last = performance.now();
    // A pool that leaves one core to the event loop: when pool threads hold every core, the OS
    // scheduler (not the loop) decides when the timer runs. What is tested is that the loop itself
    // never waits on the computation.
    const spare = createRasterPool({ threads: Math.max(1, availableParallelism() - 1) });
    try {
      await spare.slopeAndRuggedness(bigGrid(8), spacing(8)); // threads started and tsx loaded before timing
      ticks = 0;
      longestGap = 0;
      last = performance.now();
      await spare.slopeAndRuggedness(grid, spacing(3000));
    } finally {
      await spare.destroy();
    }
    assert.ok(ticks >= 3, `${ticks} ticks while the pool worked`);
    // Ratio, not wall time: the loop never stalls for anything like the computation itself.
    assert.ok(
      longestGap < syncDuration / 3,
      `longest gap ${longestGap.toFixed(1)} ms vs ${syncDuration.toFixed(1)} ms of work`,
    );
  } finally {
    clearInterval(timer);
  }
});

test.after(() => pool.destroy());
test.run();
