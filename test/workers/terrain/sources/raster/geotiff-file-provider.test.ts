import { writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tileBounds } from '../../../../../domain/terrain/tile-bounds.ts';
import { tileBoundsMercator } from '../../../../../domain/terrain/tile-bounds-mercator.ts';
import { createGeoTiffFileProvider } from '../../../../../workers/terrain/sources/raster/geotiff-file-provider.ts';
import { SourceError } from '../../../../../workers/terrain/sources/source-provider.ts';
import { compareRasters } from '../../../../terrain-raster/support/compare-rasters.ts';
import { gdalwarpTile, tempDir, writeRaster } from '../../../../terrain-raster/support/gdal.ts';
import { gridOf, hills, seededRandom } from '../../../../terrain-raster/support/synthetic-dem.ts';

const work = tempDir('geotiff-file');
const VINSCHGAU = { z: 12, x: 2169, y: 1446 };
const VINSCHGAU_EAST = { z: 12, x: 2170, y: 1446 };
const DALLAS = { z: 12, x: 940, y: 1654 };

// UTM 32N, Float32, 30 m, a 40 x 60 pixel nodata hole; tiled and compressed like a COG.
const utmPath = join(work.dir, 'utm32.tif');
const utm = { width: 600, height: 500, ox: 620000, oy: 5175000, res: 30 };
const utmData = gridOf(utm.width, utm.height, utm.ox, utm.oy, utm.res, -utm.res, hills);
for (let r = 200; r < 260; r++) for (let c = 300; c < 340; c++) utmData[r * utm.width + c] = -9999;
const utmSpec = {
  width: utm.width,
  height: utm.height,
  data: utmData,
  type: 'Float32' as const,
  srs: 'EPSG:32632',
  nodata: -9999,
  geoTransform: [utm.ox, utm.res, 0, utm.oy, 0, -utm.res] as [number, number, number, number, number, number],
};
writeRaster(utmPath, {
  ...utmSpec,
  creationOptions: ['TILED=YES', 'BLOCKXSIZE=256', 'BLOCKYSIZE=256', 'COMPRESS=DEFLATE', 'PREDICTOR=3'],
});

// EPSG:4326, Int16, 3 arc-seconds around Dallas, nodata -32768 in a block; stored in strips, LZW.
const geoPath = join(work.dir, 'dallas-int16.tif');
const geo = { width: 480, height: 420, ox: -97.45, oy: 32.75, res: 1 / 1200 };
const geoData = Int16Array.from(
  gridOf(
    geo.width,
    geo.height,
    geo.ox,
    geo.oy,
    geo.res,
    -geo.res,
    (lon, lat) => hills(lon * 93000, lat * 111000, 0.5) - 500,
  ),
  Math.round,
);
for (let r = 100; r < 140; r++) for (let c = 50; c < 120; c++) geoData[r * geo.width + c] = -32768;
writeRaster(geoPath, {
  width: geo.width,
  height: geo.height,
  data: geoData,
  type: 'Int16',
  srs: 'EPSG:4326',
  nodata: -32768,
  geoTransform: [geo.ox, geo.res, 0, geo.oy, 0, -geo.res],
  creationOptions: ['COMPRESS=LZW', 'PREDICTOR=2'],
});

// Land cover, EPSG:4326 Byte at 1/3600° (~26 x 31 m), WorldCover codes in random 7 x 5 pixel patches, nodata 0.
const coverPath = join(work.dir, 'landcover.tif');
const cover = { width: 1200, height: 1000, ox: -97.42, oy: 32.72, res: 1 / 3600 };
const codes = [10, 20, 30, 40, 50, 60, 80, 90, 0];
const random = seededRandom(7);
const patch = Array.from({ length: 200 * 200 }, () => codes[Math.floor(random() * codes.length)]);
const coverData = Uint8Array.from(
  { length: cover.width * cover.height },
  (_, i) => patch[Math.floor((i % cover.width) / 7) * 200 + Math.floor(Math.floor(i / cover.width) / 5)],
);
writeRaster(coverPath, {
  width: cover.width,
  height: cover.height,
  data: coverData,
  type: 'Byte',
  srs: 'EPSG:4326',
  nodata: 0,
  geoTransform: [cover.ox, cover.res, 0, cover.oy, 0, -cover.res],
  creationOptions: ['TILED=YES', 'COMPRESS=DEFLATE'],
});

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, SourceError);
    return error as SourceError;
  }
  throw new assert.Assertion({
    message: 'expected a SourceError',
    operator: 'rejects',
    expects: 'SourceError',
    actual: 'resolved',
    generated: false,
  });
}

test('UTM Float32 elevation: bilinear work tile matches gdalwarp within 0.5 m; nodata matches', async () => {
  const provider = createGeoTiffFileProvider('elevation', utmPath);
  for (const tile of [VINSCHGAU, VINSCHGAU_EAST]) {
    const raster = await provider.readTile(tile);
    assert.is(raster.size, 256);
    assert.instance(raster.data, Float32Array);
    assert.ok(Number.isNaN(raster.nodata));
    const reference = gdalwarpTile(utmPath, tileBoundsMercator(tile), 256, 'bilinear', work.dir);
    const c = compareRasters(raster.data, reference, 256);
    assert.ok(c.compared > 20000, `compared ${c.compared}`);
    // The brief asks for 0.5 m; the reader agrees with gdalwarp to float precision (~0.001 m).
    assert.ok(c.maxDifference <= 0.01, `max difference ${c.maxDifference} m`);
    assert.is(c.nodataMismatchesAwayFromEdges, 0);
    assert.ok(c.nodataMismatches <= 256, `${c.nodataMismatches} pixels disagree on nodata along edges`);
  }
  const raster = await provider.readTile(VINSCHGAU);
  assert.ok(
    raster.data.some((v) => Number.isNaN(v)),
    'the nodata hole shows as NaN',
  );
  await provider.close();
});

test('EPSG:4326 Int16 with nodata -32768, stored in strips: matches gdalwarp; nodata is NaN', async () => {
  const provider = createGeoTiffFileProvider('elevation', geoPath);
  const raster = await provider.readTile(DALLAS);
  const reference = gdalwarpTile(geoPath, tileBoundsMercator(DALLAS), 256, 'bilinear', work.dir);
  const c = compareRasters(raster.data, reference, 256);
  assert.ok(c.compared > 40000, `compared ${c.compared}`);
  assert.ok(c.maxDifference <= 0.01, `max difference ${c.maxDifference} m`);
  assert.is(c.nodataMismatchesAwayFromEdges, 0);
  assert.ok(raster.data.filter((v) => Number.isNaN(v)).length > 1000);
  assert.not.ok(raster.data.some((v) => v === -32768));
  await provider.close();
});

test('land cover: nearest neighbour, Uint8, source nodata 0 kept; matches gdalwarp -r near', async () => {
  const provider = createGeoTiffFileProvider('land_cover', coverPath);
  assert.is(provider.sampling, 'nearest');
  const raster = await provider.readTile(DALLAS);
  assert.instance(raster.data, Uint8Array);
  assert.is(raster.nodata, 0);
  const reference = gdalwarpTile(coverPath, tileBoundsMercator(DALLAS), 256, 'near', work.dir);
  let same = 0;
  for (let i = 0; i < reference.length; i++) {
    const expected = Number.isNaN(reference[i]) ? 0 : reference[i];
    if (raster.data[i] === expected) same++;
  }
  assert.ok(same >= reference.length * 0.999, `${reference.length - same} of ${reference.length} pixels differ`);
  const seen = new Set(raster.data);
  for (const code of seen) assert.ok(codes.includes(code), `unexpected category ${code}`);
  await provider.close();
});

test('PixelIsPoint files are read half a pixel shifted, exactly as GDAL does', async () => {
  const pointPath = join(work.dir, 'utm32-point.tif');
  writeRaster(pointPath, { ...utmSpec, extraArgs: ['-mo', 'AREA_OR_POINT=Point'] });
  const area = await createGeoTiffFileProvider('elevation', utmPath).readTile(VINSCHGAU);
  const point = await createGeoTiffFileProvider('elevation', pointPath).readTile(VINSCHGAU);
  assert.equal(Array.from(point.data).map(String), Array.from(area.data).map(String));
});

test('a tile outside the raster is NO_COVERAGE naming the tile and the file', async () => {
  const error = await sourceError(createGeoTiffFileProvider('elevation', utmPath).readTile({ z: 12, x: 100, y: 100 }));
  assert.is(error.code, 'NO_COVERAGE');
  assert.match(error.message, /utm32\.tif does not cover tile 12\/100\/100/);
  const [w] = tileBounds({ z: 12, x: 100, y: 100 });
  assert.match(error.message, new RegExp(w.toFixed(5).replace('.', '\\.')));
});

test('missing file: <DATASET>_SOURCE_UNREACHABLE; corrupt file: INVALID_SOURCE_DATA; unknown CRS: INVALID_SOURCE_DATA', async () => {
  const missing = await sourceError(
    createGeoTiffFileProvider('elevation', join(work.dir, 'nope.tif')).readTile(VINSCHGAU),
  );
  assert.is(missing.code, 'ELEVATION_SOURCE_UNREACHABLE');
  assert.match(missing.message, /nope\.tif.*ENOENT/);
  const missingCover = await sourceError(
    createGeoTiffFileProvider('land_cover', join(work.dir, 'nope.tif')).readTile(VINSCHGAU),
  );
  assert.is(missingCover.code, 'LAND_COVER_SOURCE_UNREACHABLE');

  const textPath = join(work.dir, 'text.tif');
  writeFileSync(textPath, 'this is not a tiff at all');
  const text = await sourceError(createGeoTiffFileProvider('elevation', textPath).readTile(VINSCHGAU));
  assert.is(text.code, 'INVALID_SOURCE_DATA');
  assert.match(text.message, /text\.tif/);

  const truncatedPath = join(work.dir, 'truncated.tif');
  const bytes = await import('node:fs').then((fs) => fs.readFileSync(utmPath));
  writeFileSync(truncatedPath, bytes.subarray(0, 3000));
  const truncated = await sourceError(createGeoTiffFileProvider('elevation', truncatedPath).readTile(VINSCHGAU));
  assert.is(truncated.code, 'INVALID_SOURCE_DATA');

  const swissPath = join(work.dir, 'swiss.tif');
  writeRaster(swissPath, {
    width: 4,
    height: 4,
    data: new Float32Array(16),
    type: 'Float32',
    srs: 'EPSG:2056',
    geoTransform: [2600000, 10, 0, 1200000, 0, -10],
  });
  const swiss = await sourceError(createGeoTiffFileProvider('elevation', swissPath).readTile(VINSCHGAU));
  assert.is(swiss.code, 'INVALID_SOURCE_DATA');
  assert.match(swiss.message, /EPSG:2056 is unknown/);
});

test('categories that do not fit one byte are INVALID_SOURCE_DATA', async () => {
  const wide = join(work.dir, 'uint16-cover.tif');
  writeRaster(wide, {
    width: 100,
    height: 100,
    data: new Uint16Array(100 * 100).fill(300),
    type: 'UInt16',
    srs: 'EPSG:4326',
    geoTransform: [-97.4, 0.001, 0, 32.7, 0, -0.001],
  });
  const error = await sourceError(createGeoTiffFileProvider('land_cover', wide).readTile(DALLAS));
  assert.is(error.code, 'INVALID_SOURCE_DATA');
  assert.match(error.message, /category value 300/);
});

test('fingerprint names kind, file, size, mtime and reader version, and follows a replaced file', async () => {
  const path = join(work.dir, 'replaced.tif');
  writeRaster(path, { ...utmSpec, data: utmData });
  const provider = createGeoTiffFileProvider('elevation', path);
  const first = provider.fingerprint;
  assert.match(first, new RegExp(`^geotiff\\|${path.replace(/[.]/g, '\\.')}\\|size=\\d+\\|mtime=\\d+\\|reader=1$`));
  const before = await provider.readTile(VINSCHGAU);
  writeRaster(path, { ...utmSpec, data: utmData.map((v) => (v === -9999 ? v : v + 100)) });
  utimesSync(path, new Date(), new Date(Date.now() + 5000));
  assert.is.not(provider.fingerprint, first);
  const after = await provider.readTile(VINSCHGAU);
  const i = before.data.findIndex((v) => !Number.isNaN(v));
  assert.ok(Math.abs(after.data[i] - before.data[i] - 100) < 1e-3, 'the new file is read, not the cached old one');
  assert.match(provider.description, /elevation from GeoTIFF .*replaced\.tif/);
  assert.match(
    createGeoTiffFileProvider('elevation', join(work.dir, 'absent.tif')).fingerprint,
    /\|missing\|reader=1$/,
  );
  await provider.close();
});

test('bad tile addresses are rejected before any I/O', async () => {
  try {
    await createGeoTiffFileProvider('elevation', utmPath).readTile({ z: 12, x: 5000, y: 0 });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, RangeError);
  }
});

test.after(() => work.remove());
test.run();
