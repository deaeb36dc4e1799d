import { copyFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tileBoundsMercator } from '../../../../../domain/terrain/tile-bounds-mercator.ts';
import { createCogUrlProvider } from '../../../../../workers/terrain/sources/raster/cog-url-provider.ts';
import { createGeoTiffFileProvider } from '../../../../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { SourceError } from '../../../../../workers/terrain/sources/source-provider.ts';
import { compareRasters } from '../../../../terrain-raster/support/compare-rasters.ts';
import { gdalwarpTile, tempDir, writeRaster } from '../../../../terrain-raster/support/gdal.ts';
import { startRangeServer } from '../../../../terrain-raster/support/range-server.ts';
import { gridOf, hills, seededRandom } from '../../../../terrain-raster/support/synthetic-dem.ts';

// A large COG: 4096 x 4096 Float32 at 10 m in UTM 32N (41 km square), 256-pixel internal tiles,
// DEFLATE, averaged overviews; with 2 m of noise so that it does not compress to nothing.
const work = tempDir('cog-url');
const size = 4096;
const random = seededRandom(3);
const data = gridOf(size, size, 620000, 5190000, 10, -10, hills).map((v) => v + (random() - 0.5) * 4);
const spec = {
  width: size,
  height: size,
  data,
  type: 'Float32' as const,
  srs: 'EPSG:32632',
  nodata: -9999,
  geoTransform: [620000, 10, 0, 5190000, 0, -10] as [number, number, number, number, number, number],
  format: 'COG' as const,
};
writeRaster(join(work.dir, 'dem.tif'), {
  ...spec,
  creationOptions: ['BLOCKSIZE=256', 'COMPRESS=DEFLATE', 'OVERVIEWS=AUTO', 'RESAMPLING=AVERAGE'],
});
writeRaster(join(work.dir, 'flat-dem.tif'), {
  ...spec,
  creationOptions: ['BLOCKSIZE=256', 'COMPRESS=DEFLATE', 'OVERVIEWS=NONE'],
});
const fileSize = statSync(join(work.dir, 'dem.tif')).size;
// Tile 12/2170/1446 (10.72-10.81°E, 46.62-46.68°N) lies inside; its pixels are ~26 m on the
// ground, 2.6 source pixels, so the 20 m overview is the level to read.
const TILE = { z: 12, x: 2170, y: 1446 };

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, SourceError);
    return error as SourceError;
  }
  throw new Error('expected a SourceError');
}

/**
 * Mean absolute second difference along rows: the smooth hills contribute a few centimetres,
 * the ±2 m noise of the full-resolution pixels most of it.
 */
function roughness(values: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let row = 0; row < 256; row++) {
    for (let col = 1; col < 255; col++) {
      const i = row * 256 + col;
      sum += Math.abs(values[i - 1] - 2 * values[i] + values[i + 1]);
      count++;
    }
  }
  return sum / count;
}

test('one work tile of a large COG costs a small fraction of the file in range requests', async () => {
  const server = await startRangeServer(work.dir);
  try {
    const provider = createCogUrlProvider('elevation', `${server.url}/dem.tif`);
    const raster = await provider.readTile(TILE);
    assert.ok(fileSize > 30_000_000, `COG is ${fileSize} bytes`);
    assert.ok(server.bytesServed < fileSize / 20, `${server.bytesServed} of ${fileSize} bytes fetched`);
    assert.ok(
      server.requests.every((r) => r.status === 206 && r.range !== null),
      'only range requests',
    );
    assert.ok(raster.data.every((v) => Number.isFinite(v)));
    // Same bytes, same answer as reading the file locally.
    const local = await createGeoTiffFileProvider('elevation', join(work.dir, 'dem.tif')).readTile(TILE);
    assert.equal(Array.from(raster.data), Array.from(local.data));
    // A second tile reuses the header: no second fetch of the first block.
    const before = server.requests.length;
    await provider.readTile({ z: 12, x: 2169, y: 1446 });
    assert.not.ok(server.requests.slice(before).some((r) => r.range?.startsWith('bytes=0-')));
    await provider.close();
  } finally {
    await server.close();
  }
});

test('the overview level is read when the source is much finer than the tile', async () => {
  const server = await startRangeServer(work.dir);
  try {
    const withOverviews = await createCogUrlProvider('elevation', `${server.url}/dem.tif`).readTile(TILE);
    const bytesWithOverviews = server.bytesServed;
    const fullResolution = await createCogUrlProvider('elevation', `${server.url}/flat-dem.tif`).readTile(TILE);
    const bytesFullResolution = server.bytesServed - bytesWithOverviews;
    assert.ok(bytesWithOverviews * 2 < bytesFullResolution, `${bytesWithOverviews} vs ${bytesFullResolution} bytes`);
    // The averaged overview has lost most of the ±2 m noise the full resolution still carries.
    assert.ok(
      roughness(withOverviews.data) < roughness(fullResolution.data) * 0.7,
      `roughness ${roughness(withOverviews.data)} vs ${roughness(fullResolution.data)}`,
    );
    // gdalwarp widens its bilinear kernel when downsampling (2.6x here), which averages the noise
    // too: the overview read is the closer of the two, within the ±2 m noise.
    const reference = gdalwarpTile(join(work.dir, 'flat-dem.tif'), tileBoundsMercator(TILE), 256, 'bilinear', work.dir);
    const overviewDifference = compareRasters(withOverviews.data, reference, 256).maxDifference;
    const fullDifference = compareRasters(fullResolution.data, reference, 256).maxDifference;
    assert.ok(
      overviewDifference < 2 && overviewDifference < fullDifference,
      `${overviewDifference} vs ${fullDifference} m`,
    );
  } finally {
    await server.close();
  }
});

test('fingerprint carries the ETag; refreshFingerprint notices a replaced file', async () => {
  const server = await startRangeServer(work.dir);
  try {
    copyFileSync(join(work.dir, 'flat-dem.tif'), join(work.dir, 'moving.tif'));
    const provider = createCogUrlProvider('elevation', `${server.url}/moving.tif`);
    assert.is(provider.fingerprint, `cog|${server.url}/moving.tif|size=?|reader=1`);
    await provider.readTile(TILE);
    const first = provider.fingerprint;
    assert.match(first, /^cog\|http:\/\/127\.0\.0\.1:\d+\/moving\.tif\|etag="[0-9a-f]{16}"\|reader=1$/);
    assert.is(await provider.refreshFingerprint(), first, 'unchanged file, unchanged fingerprint');
    copyFileSync(join(work.dir, 'dem.tif'), join(work.dir, 'moving.tif'));
    const second = await provider.refreshFingerprint();
    assert.is.not(second, first);
    const reread = await provider.readTile(TILE);
    const expected = await createGeoTiffFileProvider('elevation', join(work.dir, 'dem.tif')).readTile(TILE);
    assert.equal(Array.from(reread.data), Array.from(expected.data), 'the replaced file is read after the refresh');
  } finally {
    await server.close();
  }
});

test('HTTP 404, a dead server, a server without Range: <DATASET>_SOURCE_UNREACHABLE; not a TIFF: INVALID_SOURCE_DATA', async () => {
  const server = await startRangeServer(work.dir);
  writeFileSync(join(work.dir, 'page.html'), '<html>not a tiff</html>'.repeat(100));
  try {
    const missing = await sourceError(createCogUrlProvider('elevation', `${server.url}/absent.tif`).readTile(TILE));
    assert.is(missing.code, 'ELEVATION_SOURCE_UNREACHABLE');
    assert.match(missing.message, /absent\.tif: cannot open the file \(HTTP 404/);
    const html = await sourceError(createCogUrlProvider('elevation', `${server.url}/page.html`).readTile(TILE));
    assert.is(html.code, 'INVALID_SOURCE_DATA');
    assert.match(html.message, /page\.html/);
    server.ignoreRange = true;
    const noRange = await sourceError(createCogUrlProvider('population', `${server.url}/dem.tif`).readTile(TILE));
    assert.is(noRange.code, 'POPULATION_SOURCE_UNREACHABLE');
    assert.match(noRange.message, /ignores HTTP Range/);
  } finally {
    await server.close();
  }
  const dead = await sourceError(createCogUrlProvider('elevation', `${server.url}/dem.tif`).readTile(TILE));
  assert.is(dead.code, 'ELEVATION_SOURCE_UNREACHABLE');
  assert.match(dead.message, /ECONNREFUSED/);
  const deadRefresh = await sourceError(
    createCogUrlProvider('elevation', `${server.url}/dem.tif`).refreshFingerprint(),
  );
  assert.is(deadRefresh.code, 'ELEVATION_SOURCE_UNREACHABLE');
});

test.after(() => work.remove());
test.run();
