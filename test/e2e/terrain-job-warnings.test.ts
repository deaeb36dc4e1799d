// AO sanity warnings end to end: a job on synthetic data says so per layer, a sea-only area is
// MOSTLY_WATER (in the snapshot and in the terrain_summary product), an elevation source that
// does not cover the area gives OUTSIDE_SOURCE_COVERAGE for elevation.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SQL_BACKENDS } from '../support/backends.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';
import { readJobTerrainSummary } from '../../workers/terrain/products/summary/read-job-terrain-summary.ts';
import { tempDir, writeRaster } from '../terrain-raster/support/gdal.ts';
import { join } from 'node:path';

const backend = SQL_BACKENDS[0]!;
const test = suite<{ svc: TestService }>(`terrain job warnings [${backend}]`);
test.before(async (ctx) => {
  ctx.svc = await startTestService(backend);
});
test.after(async (ctx) => {
  await ctx.svc?.close();
});

const codes = (snapshot: any) => snapshot.warnings.map((w: any) => `${w.code}:${w.dataset}`).sort();

test('a job on synthetic sources warns SYNTHETIC_SOURCE for each requested layer; land is not MOSTLY_WATER', async ({
  svc,
}) => {
  // About 3.6 km × 2.2 km at Fort Irwin (Mojave desert): land in the synthetic world and the real one.
  const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(-116.62, 35.29, -116.58, 35.31));
  const jobId = await requestJob(svc, mapId, boundary);
  const last = (await pollJob(svc, jobId)).at(-1);
  assert.is(last.status, 'success', JSON.stringify(last));
  const synthetic = last.warnings
    .filter((w: any) => w.code === 'SYNTHETIC_SOURCE')
    .map((w: any) => w.dataset)
    .sort();
  assert.equal(synthetic, ['elevation', 'land_cover', 'roads', 'soil'], 'population and buildings were not requested');
  assert.ok(!codes(last).includes('MOSTLY_WATER:land_cover'), JSON.stringify(last.warnings));
  const found = await readJobTerrainSummary(svc.service.store, svc.service.blobStore, jobId);
  assert.ok(found, 'the summary product exists');
  assert.equal(
    found!.summary.warnings.filter((w) => w.code === 'SYNTHETIC_SOURCE').map((w) => w.dataset),
    ['elevation', 'land_cover', 'roads'],
    'the summary names the synthetic layers it summarises',
  );
});

test('a sea-only area: MOSTLY_WATER with its share, in the snapshot and in the summary', async ({ svc }) => {
  // About 3 km × 2 km in the North Sea, 200 km off the Danish coast.
  const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(3.0, 55.5, 3.05, 55.52));
  const jobId = await requestJob(svc, mapId, boundary);
  const last = (await pollJob(svc, jobId)).at(-1);
  assert.is(last.status, 'success', JSON.stringify(last));
  const water = last.warnings.find((w: any) => w.code === 'MOSTLY_WATER');
  assert.ok(water, JSON.stringify(last.warnings));
  assert.is(water.dataset, 'land_cover');
  assert.is(water.figures.water_share, 1);
  assert.is(water.figures.threshold, 0.5);
  assert.match(water.message, /^100.0% of the [\d.]+ km² area is water/);
  const found = await readJobTerrainSummary(svc.service.store, svc.service.blobStore, jobId);
  assert.equal(
    found!.summary.warnings.find((w) => w.code === 'MOSTLY_WATER'),
    water,
  );
  const noRoads = found!.summary.road_length_m.total === 0;
  assert.is(codes(last).includes('NO_ROADS:roads'), noRoads, 'NO_ROADS exactly when the summary has no road');
});

test('an elevation GeoTIFF far from the area: OUTSIDE_SOURCE_COVERAGE for elevation, no SYNTHETIC_SOURCE for it', async () => {
  const work = tempDir('k-coverage');
  // 10 × 10 pixels of 0.01° at 0°E 0°N: nowhere near the area.
  const dem = join(work.dir, 'dem.tif');
  writeRaster(dem, {
    width: 10,
    height: 10,
    data: new Float32Array(100).fill(100),
    type: 'Float32',
    geoTransform: [0, 0.01, 0, 0.1, 0, -0.01],
    srs: 'EPSG:4326',
  });
  const svc = await startTestService(backend, { ELEVATION_SOURCE: `geotiff:${dem}`, TASK_MAX_DELIVERIES: '1' });
  try {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(26.7, 60.86, 26.75, 60.88));
    const jobId = await requestJob(svc, mapId, boundary);
    const last = (await pollJob(svc, jobId)).at(-1);
    const outside = last.warnings.find((w: any) => w.code === 'OUTSIDE_SOURCE_COVERAGE');
    assert.ok(outside, JSON.stringify(last));
    assert.is(outside.dataset, 'elevation');
    const total = last.phases.find((p: any) => p.id === 'terrain_source_artifacts').counts.total;
    assert.equal(outside.figures, { tiles_outside: total, tiles_total: total, outside_share: 1 });
    assert.ok(!codes(last).includes('SYNTHETIC_SOURCE:elevation'));
    assert.ok(codes(last).includes('SYNTHETIC_SOURCE:roads'));
  } finally {
    await svc.close();
    work.remove();
  }
});

test.run();
