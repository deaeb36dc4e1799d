// Benchmark: elevation work tiles read per second from a local COG in UTM (reprojection, overview
// choice, bilinear resampling), against gdalwarp producing the same tiles in the same run.
// Run: npx tsx bench/terrain-raster/work-tiles-read-per-second.ts
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tileBoundsMercator } from '../../domain/terrain/tile-bounds-mercator.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { createGeoTiffFileProvider } from '../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { tempDir, writeRaster } from '../../test/terrain-raster/support/gdal.ts';
import { gridOf, hills } from '../../test/terrain-raster/support/synthetic-dem.ts';

const work = tempDir('bench-read');
const path = join(work.dir, 'dem.tif');
// 4096 x 4096 at 30 m in UTM 32N (123 km square), DEFLATE COG with overviews.
writeRaster(path, {
  width: 4096,
  height: 4096,
  type: 'Float32',
  srs: 'EPSG:32632',
  nodata: -9999,
  format: 'COG',
  data: gridOf(4096, 4096, 560000, 5250000, 30, -30, hills),
  geoTransform: [560000, 30, 0, 5250000, 0, -30],
  creationOptions: ['BLOCKSIZE=256', 'COMPRESS=DEFLATE'],
});
// 8 x 8 work tiles well inside the raster (around 10.6°E, 46.7°N).
const tiles: TileAddress[] = [];
for (let x = 2163; x < 2171; x++) for (let y = 1441; y < 1449; y++) tiles.push({ z: 12, x, y });

const provider = createGeoTiffFileProvider('elevation', path);
await provider.readTile(tiles[0]); // open the file, warm up
let start = performance.now();
for (const tile of tiles) await provider.readTile(tile);
const sequential = tiles.length / ((performance.now() - start) / 1000);
start = performance.now();
await Promise.all(tiles.map((tile) => provider.readTile(tile)));
const concurrent = tiles.length / ((performance.now() - start) / 1000);
await provider.close();

const sample = tiles.slice(0, 16);
start = performance.now();
for (const tile of sample) {
  execFileSync('gdalwarp', [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:3857',
    '-te',
    ...tileBoundsMercator(tile).map(String),
    '-ts',
    '256',
    '256',
    '-r',
    'bilinear',
    '-of',
    'MEM',
    path,
    'out',
  ]);
}
const gdal = sample.length / ((performance.now() - start) / 1000);
console.log(`elevation work tiles (256², UTM COG -> Web Mercator, bilinear), ${tiles.length} tiles`);
console.log(`ours, sequential       ${sequential.toFixed(1).padStart(7)} tiles/s`);
console.log(`ours, concurrent       ${concurrent.toFixed(1).padStart(7)} tiles/s`);
console.log(`gdalwarp, one process per tile ${gdal.toFixed(1).padStart(7)} tiles/s (includes process start-up)`);
console.log(`ratio ours sequential / gdalwarp: ${(sequential / gdal).toFixed(2)}`);
work.remove();
