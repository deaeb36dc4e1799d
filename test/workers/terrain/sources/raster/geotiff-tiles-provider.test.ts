import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pixelCenterLonLat } from '../../../../../domain/terrain/pixel-center-lon-lat.ts';
import { tileBoundsMercator } from '../../../../../domain/terrain/tile-bounds-mercator.ts';
import { createGeoTiffFileProvider } from '../../../../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { createGeoTiffTilesProvider } from '../../../../../workers/terrain/sources/raster/geotiff-tiles-provider.ts';
import { SourceError } from '../../../../../workers/terrain/sources/source-provider.ts';
import { compareRasters } from '../../../../terrain-raster/support/compare-rasters.ts';
import { gdal, gdalwarpTile, tempDir, writeRaster } from '../../../../terrain-raster/support/gdal.ts';
import { startRangeServer } from '../../../../terrain-raster/support/range-server.ts';
import { gridOf, hills } from '../../../../terrain-raster/support/synthetic-dem.ts';

// One 2° x 2° raster (46-48°N, 7-9°E, 3 arc-seconds) cut into four 1° cells named like SRTM.
const work = tempDir('geotiff-tiles');
const cellsDir = join(work.dir, 'cells');
mkdirSync(cellsDir);
const res = 1 / 1200;
const wholePath = join(work.dir, 'whole.tif');
writeRaster(wholePath, {
  width: 2400,
  height: 2400,
  type: 'Float32',
  srs: 'EPSG:4326',
  nodata: -9999,
  data: gridOf(2400, 2400, 7, 48, res, -res, (lon, lat) => hills(lon * 76000, lat * 111000)),
  geoTransform: [7, res, 0, 48, 0, -res],
  creationOptions: ['TILED=YES', 'COMPRESS=DEFLATE'],
});
for (const [lat, lon, xoff, yoff] of [
  [47, 7, 0, 0],
  [47, 8, 1200, 0],
  [46, 7, 0, 1200],
  [46, 8, 1200, 1200],
]) {
  gdal('gdal_translate', [
    '-q',
    '-srcwin',
    String(xoff),
    String(yoff),
    '1200',
    '1200',
    '-co',
    'TILED=YES',
    wholePath,
    join(cellsDir, `N${lat}E00${lon}.tif`),
  ]);
}
const template = join(cellsDir, '{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif');
// Tile 12/2139/1440 spans 7.998-8.086°E and 46.98-47.04°N: it straddles the corner of all four cells.
const CORNER = { z: 12, x: 2139, y: 1440 };

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, SourceError);
    return error as SourceError;
  }
  throw new Error('expected a SourceError');
}

test('a tile across four cells equals the same tile read from the unsplit raster: no seams', async () => {
  const cells = createGeoTiffTilesProvider('elevation', template);
  const mosaic = await cells.readTile(CORNER);
  const whole = await createGeoTiffFileProvider('elevation', wholePath).readTile(CORNER);
  assert.ok(mosaic.data.every((v) => !Number.isNaN(v)));
  assert.equal(Array.from(mosaic.data), Array.from(whole.data));
  const reference = gdalwarpTile(wholePath, tileBoundsMercator(CORNER), 256, 'bilinear', work.dir);
  const c = compareRasters(mosaic.data, reference, 256);
  assert.is(c.compared, 65536);
  assert.ok(c.maxDifference <= 0.01, `${c.maxDifference}`);
  await cells.close();
});

test('a missing cell is nodata (ocean/void), the rest still reads; no cell at all is NO_COVERAGE', async () => {
  const hidden = join(work.dir, 'N47E008.hidden');
  renameSync(join(cellsDir, 'N47E008.tif'), hidden);
  try {
    const cells = createGeoTiffTilesProvider('elevation', template);
    const tile = await cells.readTile(CORNER);
    const whole = await createGeoTiffFileProvider('elevation', wholePath).readTile(CORNER);
    let missing = 0,
      equal = 0;
    for (let row = 0; row < 256; row++) {
      for (let col = 0; col < 256; col++) {
        const [lon, lat] = pixelCenterLonLat(CORNER, col, row, 256);
        const i = row * 256 + col;
        if (lon > 8 && lat > 47) {
          assert.ok(Number.isNaN(tile.data[i]));
          missing++;
        } else if (lon < 7.999 || lat < 46.999) {
          assert.is(tile.data[i], whole.data[i]);
          equal++;
        }
      }
    }
    assert.ok(missing > 1000 && equal > 1000, `${missing} missing, ${equal} equal`);
    const none = await sourceError(cells.readTile({ z: 12, x: 100, y: 100 }));
    assert.is(none.code, 'NO_COVERAGE');
    assert.match(none.message, /no cell exists for tile 12\/100\/100 \(looked for .*N\d\dW\d{3}\.tif/);
    await cells.close();
  } finally {
    renameSync(hidden, join(cellsDir, 'N47E008.tif'));
  }
});

test('a missing directory is <DATASET>_SOURCE_UNREACHABLE', async () => {
  const gone = createGeoTiffTilesProvider(
    'elevation',
    join(work.dir, 'no-such-dir', '{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif'),
  );
  const error = await sourceError(gone.readTile(CORNER));
  assert.is(error.code, 'ELEVATION_SOURCE_UNREACHABLE');
  assert.match(error.message, /no-such-dir/);
});

test('the same cells behind an HTTP URL template, read by range requests; 404 cells are nodata', async () => {
  const server = await startRangeServer(cellsDir);
  try {
    const cells = createGeoTiffTilesProvider('elevation', `${server.url}/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif`);
    const remote = await cells.readTile(CORNER);
    const local = await createGeoTiffTilesProvider('elevation', template).readTile(CORNER);
    assert.equal(Array.from(remote.data), Array.from(local.data));
    assert.ok(server.requests.every((r) => r.status === 206 || r.status === 404));
    const none = await sourceError(cells.readTile({ z: 12, x: 2200, y: 1440 }));
    assert.is(none.code, 'NO_COVERAGE');
    assert.match(cells.fingerprint, /^geotiff-tiles\|http:\/\/127\.0\.0\.1:\d+\/\{lat_prefix\}.*\|reader=1$/);
    await cells.close();
  } finally {
    await server.close();
  }
  const down = createGeoTiffTilesProvider('land_cover', `${server.url}/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif`);
  const error = await sourceError(down.readTile(CORNER));
  assert.is(error.code, 'LAND_COVER_SOURCE_UNREACHABLE');
});

test('fingerprint hashes the cell files and changes when one changes', async () => {
  const cells = createGeoTiffTilesProvider('elevation', template);
  const first = cells.fingerprint;
  assert.match(
    first,
    /^geotiff-tiles\|.*\{lat_prefix\}\{lat:02\}\{lon_prefix\}\{lon:03\}\.tif\|files=[0-9a-f]{16}\|reader=1$/,
  );
  assert.is(cells.fingerprint, first, 'stable while nothing changes');
  gdal('gdal_translate', [
    '-q',
    '-srcwin',
    '0',
    '0',
    '1200',
    '1200',
    '-scale',
    '0',
    '1',
    '0',
    '2',
    wholePath,
    join(cellsDir, 'N47E007.tif'),
  ]);
  assert.is.not(await cells.refreshFingerprint(), first);
});

test.after(() => work.remove());
test.run();
