// Benchmark: display tiles encoded per second (elevation PNG and land-cover PNG, 256 x 256),
// in-thread and on the raster pool. Run: npx tsx bench/terrain-raster/png-tiles-per-second.ts [tiles]
import { createRasterPool } from '../../workers/terrain/pool/create-raster-pool.ts';
import { encodeElevationPng } from '../../workers/terrain/products/raster/encode-elevation-png.ts';
import { encodeLandCoverPng } from '../../workers/terrain/products/raster/encode-land-cover-png.ts';
import type { TileRaster } from '../../domain/terrain/types.ts';
import { gridOf, hills, seededRandom } from '../../test/terrain-raster/support/synthetic-dem.ts';

const count = Number(process.argv[2] ?? 200);
const random = seededRandom(9);
const codes = [10, 20, 30, 40, 50, 60, 80, 90];
// Realistic content: hills with 1 m noise (elevation), 5 x 5 pixel patches of land cover.
const elevationTiles: TileRaster[] = Array.from({ length: 16 }, (_, k) => ({
  tile: { z: 12, x: k, y: 0 },
  size: 256,
  nodata: NaN,
  data: gridOf(256, 256, k * 9784, 0, 38.2, -38.2, (x, y) => hills(x, y) + random()),
}));
const patches = Array.from({ length: 52 * 52 }, () => codes[Math.floor(random() * codes.length)]);
const coverTiles: TileRaster[] = Array.from({ length: 16 }, (_, k) => ({
  tile: { z: 12, x: k, y: 0 },
  size: 256,
  nodata: 0,
  data: Uint8Array.from(
    { length: 65536 },
    (_, i) => patches[(Math.floor(((i >> 8) + k) / 5) * 52 + Math.floor((i & 255) / 5)) % patches.length],
  ),
}));

async function rate(label: string, encode: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < 8; i++) await encode(i); // warm-up
  const start = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => encode(i)));
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(40)} ${(count / seconds).toFixed(0).padStart(6)} tiles/s`);
}

const pool = createRasterPool();
console.log(`${count} tiles of 256 x 256 per measurement, ${pool.threads} worker threads`);
const elevationBytes = encodeElevationPng(elevationTiles[0]).length;
const coverBytes = encodeLandCoverPng(coverTiles[0]).length;
await rate('elevation PNG, in-thread', (i) => encodeElevationPng(elevationTiles[i % 16]));
await rate('elevation PNG, raster pool', (i) => pool.encodeElevationPng(elevationTiles[i % 16]));
await rate('land-cover PNG, in-thread', (i) => encodeLandCoverPng(coverTiles[i % 16]));
await rate('land-cover PNG, raster pool', (i) => pool.encodeLandCoverPng(coverTiles[i % 16]));
console.log(`tile sizes: elevation ${elevationBytes} bytes, land cover ${coverBytes} bytes`);
await pool.destroy();
