// import-source --rasters: a directory of GeoTIFFs of any tiling becomes a JSON index; the
// geotiff-index: source opens only the files around a tile and mosaics them exactly as one file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexRasterDirectory } from '../../workers/terrain/sources/import/index-raster-directory.ts';
import { createGeoTiffFileProvider } from '../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { createSourceProvider } from '../../workers/terrain/sources/create-source-provider.ts';
import { SourceError, type RasterSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { gdal, tempDir, writeRaster } from '../terrain-raster/support/gdal.ts';
import { gridOf, hills } from '../terrain-raster/support/synthetic-dem.ts';

// One 1° × 1° raster (47-48°N, 8-9°E, 6 arc-seconds) cut into three uneven files (not 1° cells).
const work = tempDir('k-geotiff-index');
const mosaic = join(work.dir, 'mosaic', 'nested');
mkdirSync(mosaic, { recursive: true });
const res = 1 / 600;
const whole = join(work.dir, 'whole.tif');
writeRaster(whole, {
  width: 600,
  height: 600,
  type: 'Float32',
  srs: 'EPSG:4326',
  nodata: -9999,
  data: gridOf(600, 600, 8, 48, res, -res, (lon, lat) => hills(lon * 76000, lat * 111000)),
  geoTransform: [8, res, 0, 48, 0, -res],
});
for (const [name, xoff, yoff, w, h] of [
  ['a', 0, 0, 350, 600],
  ['b', 350, 0, 250, 280],
  ['c', 350, 280, 250, 320],
] as const) {
  gdal('gdal_translate', [
    '-q',
    '-srcwin',
    String(xoff),
    String(yoff),
    String(w),
    String(h),
    whole,
    join(mosaic, `${name}.tif`),
  ]);
}
const indexPath = join(work.dir, 'elevation-index.json');

test('the index lists each file with its lon/lat box, relative to the index', async () => {
  const index = await indexRasterDirectory(join(work.dir, 'mosaic'), indexPath);
  assert.equal(
    index.files.map((f) => f.path),
    ['mosaic/nested/a.tif', 'mosaic/nested/b.tif', 'mosaic/nested/c.tif'],
  );
  const a = index.files[0]!;
  const [w, s, e, n] = a.bbox;
  assert.ok(
    Math.abs(w - 8) < 1e-9 &&
      Math.abs(s - 47) < 1e-9 &&
      Math.abs(e - (8 + 350 * res)) < 1e-9 &&
      Math.abs(n - 48) < 1e-9,
    `${a.bbox}`,
  );
  assert.ok(Math.abs(a.pixel_deg - res) < 1e-12);
  assert.equal(JSON.parse(readFileSync(indexPath, 'utf8')), index);
});

test('a tile on the corner of three files reads as from the whole raster; outside is NO_COVERAGE', async () => {
  const indexed = createSourceProvider('elevation', `geotiff-index:${indexPath}`) as RasterSourceProvider;
  const file = createGeoTiffFileProvider('elevation', whole);
  // 8 + 350/600 = 8.5833°E, 48 - 280/600 = 47.5333°N: tile 13/4291/2863 holds that corner.
  for (const tile of [
    { z: 13, x: 4291, y: 2863 },
    { z: 12, x: 2144, y: 1432 },
  ]) {
    const [a, b] = [await indexed.readTile(tile), await file.readTile(tile)];
    assert.equal(Array.from(a.data), Array.from(b.data), `${tile.z}/${tile.x}/${tile.y}`);
  }
  try {
    await indexed.readTile({ z: 12, x: 2167, y: 1432 });
    assert.unreachable('a tile east of the mosaic');
  } catch (error) {
    assert.instance(error, SourceError);
    assert.is((error as SourceError).code, 'NO_COVERAGE');
  }
  assert.match(indexed.fingerprint, /^geotiff-index\|.*elevation-index\.json\|[0-9a-f]{16}\|/);
});

test('an unreadable index is ELEVATION_SOURCE_UNREACHABLE', async () => {
  const missing = createSourceProvider(
    'elevation',
    `geotiff-index:${join(work.dir, 'none.json')}`,
  ) as RasterSourceProvider;
  try {
    await missing.readTile({ z: 12, x: 2144, y: 1432 });
    assert.unreachable();
  } catch (error) {
    assert.is((error as SourceError).code, 'ELEVATION_SOURCE_UNREACHABLE');
  }
});

test.after(() => work.remove());
test.run();
