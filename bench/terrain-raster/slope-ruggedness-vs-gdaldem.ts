// Benchmark: slope (Horn) + TRI (Riley) throughput of the terrain library against gdaldem on the
// same raster in the same run. Run: npx tsx bench/terrain-raster/slope-ruggedness-vs-gdaldem.ts [size]
// Prints megapixels per second and the ratio ours / gdaldem (> 1 means faster than GDAL).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fromFile } from 'geotiff';
import { slopeDegrees } from '../../domain/terrain/slope-degrees.ts';
import { terrainRuggednessIndex } from '../../domain/terrain/terrain-ruggedness-index.ts';
import type { HaloGrid } from '../../domain/terrain/types.ts';
import { createRasterPool } from '../../workers/terrain/pool/create-raster-pool.ts';
import { tempDir, writeRaster } from '../../test/terrain-raster/support/gdal.ts';
import { gridOf, hills, seededRandom } from '../../test/terrain-raster/support/synthetic-dem.ts';

const size = Number(process.argv[2] ?? 4096);
const megapixels = (size * size) / 1e6;
const runs = 5;
const work = tempDir('bench-slope');
const random = seededRandom(1);
const dem = gridOf(size, size, 600000, 5200000, 10, -10, (x, y) => hills(x, y) + random());
const demPath = join(work.dir, 'dem.tif');
writeRaster(demPath, {
  width: size,
  height: size,
  data: dem,
  type: 'Float32',
  srs: 'EPSG:32632',
  nodata: -9999,
  geoTransform: [600000, 10, 0, 5200000, 0, -10],
  creationOptions: ['TILED=YES'],
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(label: string, fn: () => unknown | Promise<unknown>): Promise<number> {
  await fn(); // warm-up (JIT, page cache, thread start)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  const ms = median(samples);
  console.log(
    `${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms  ${(megapixels / (ms / 1000)).toFixed(1).padStart(7)} MP/s`,
  );
  return ms;
}

function haloOf(values: Float32Array): HaloGrid {
  const data = new Float32Array((size + 2) * (size + 2)).fill(NaN);
  for (let r = 0; r < size; r++) data.set(values.subarray(r * size, (r + 1) * size), (r + 1) * (size + 2) + 1);
  return { width: size, height: size, data };
}

const spacing = { x: new Float64Array(size).fill(10), y: new Float64Array(size).fill(10) };
const grid = haloOf(dem);
const pool = createRasterPool();
console.log(
  `slope + TRI of a ${size} x ${size} Float32 DEM (${megapixels.toFixed(1)} MP), median of ${runs} runs, ${pool.threads} worker threads`,
);

const gdalFile = await time('gdaldem slope + TRI (read GeoTIFF, write GeoTIFF)', () => {
  execFileSync('gdaldem', ['slope', '-q', demPath, join(work.dir, 'slope.tif')]);
  execFileSync('gdaldem', ['TRI', '-q', '-alg', 'Riley', demPath, join(work.dir, 'tri.tif')]);
});
const gdalMem = await time('gdaldem slope + TRI (read GeoTIFF, output in memory: -of MEM)', () => {
  execFileSync('gdaldem', ['slope', '-q', '-of', 'MEM', demPath, 'slope']);
  execFileSync('gdaldem', ['TRI', '-q', '-alg', 'Riley', '-of', 'MEM', demPath, 'tri']);
});
const single = await time('ours, one thread, in memory', () => {
  slopeDegrees(grid, spacing);
  terrainRuggednessIndex(grid);
});
const pooled = await time('ours, raster pool, in memory', () => pool.slopeAndRuggedness(grid, spacing));
const endToEnd = await time('ours, raster pool, incl. reading the GeoTIFF (geotiff.js)', async () => {
  const tiff = await fromFile(demPath);
  const image = await tiff.getImage();
  const values = (await image.readRasters({ samples: [0], interleave: true })) as unknown as Float32Array;
  await pool.slopeAndRuggedness(haloOf(values), spacing);
  await tiff.close();
});
const baseline = Math.min(gdalFile, gdalMem);
console.log(`\nratio vs fastest gdaldem run (${baseline.toFixed(0)} ms; > 1 = faster than GDAL):`);
console.log(`  one thread, in memory              ${(baseline / single).toFixed(2)}`);
console.log(`  raster pool, in memory             ${(baseline / pooled).toFixed(2)}`);
console.log(`  raster pool, incl. GeoTIFF reading ${(baseline / endToEnd).toFixed(2)}`);
await pool.destroy();
work.remove();
