// The point query over HTTP on both backends: a map's terrain prepared from the synthetic default
// sources, then GET /api/maps/{map_id}/terrain/point compared with values computed here from the
// synthetic sources themselves (elevation to the tiles' 0.1 m step, Horn slope written out by hand,
// mobility from the default rules), inside a tile and on a tile's edge; refusals with their status.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import type { RasterSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { DEFAULT_MOBILITY_CONFIG, VEHICLE_CLASSES } from '../../domain/terrain/mobility-config.ts';
import * as mgrs from 'mgrs';

// About 4 km × 3 km south of Helsinki: two to four work tiles at zoom 12.
const boundary = squareBoundary(24.93, 60.15, 25.0, 60.18);
const elevationSource = createSyntheticProvider('elevation') as RasterSourceProvider;
const landCoverSource = createSyntheticProvider('land_cover') as RasterSourceProvider;
const mgrsForward = ((mgrs as unknown as { default?: typeof mgrs }).default ?? mgrs).forward;

/** Elevation of a global pixel of zoom 12 as the PNG tiles hold it (0.1 m steps). */
async function elevationAt(x: number, y: number, col: number, row: number): Promise<number> {
  const tx = x + Math.floor(col / 256),
    ty = y + Math.floor(row / 256);
  const raster = await elevationSource.readTile({ z: 12, x: tx, y: ty });
  return Math.round(raster.data[(((row % 256) + 256) % 256) * 256 + (((col % 256) + 256) % 256)]! * 10) / 10;
}

async function expectedAt(x: number, y: number, col: number, row: number) {
  const z = [];
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) z.push(await elevationAt(x, y, col + dx, row + dy));
  const [a, b, c, d, e, f, g, h, i] = z as [number, number, number, number, number, number, number, number, number];
  const [, lat] = pixelCenterLonLat({ z: 12, x, y }, col, row);
  const spacing = ((2 * Math.PI * 6378137) / (4096 * 256)) * Math.cos((lat * Math.PI) / 180);
  const gx = (c + 2 * f + i - (a + 2 * d + g)) / (8 * spacing);
  const gy = (g + 2 * h + i - (a + 2 * b + c)) / (8 * spacing);
  const slope = (Math.atan(Math.hypot(gx, gy)) * 180) / Math.PI;
  const code = (await landCoverSource.readTile({ z: 12, x, y })).data[row * 256 + col]!;
  const names = ['GO', 'SLOW-GO', 'NO-GO'];
  const mobility = Object.fromEntries(
    VEHICLE_CLASSES.map((v) => {
      const rules = DEFAULT_MOBILITY_CONFIG[v];
      const grade = Math.tan((slope * Math.PI) / 180) * 100;
      const bySlope = grade < rules.goBelowSlopePercent ? 0 : grade < rules.slowGoBelowSlopePercent ? 1 : 2;
      return [v, names[Math.max(bySlope, rules.landCover[code]!)]];
    }),
  );
  return { elevation: e, slope: Math.round(slope * 100) / 100, code, mobility };
}

forEachBackend('terrain point query', (test) => {
  test('elevation, slope, land cover, mobility and MGRS of prepared points; 404, 403, 422', async ({ svc }) => {
    const { mapId, boundary: stored } = await mapWithBoundary(svc, boundary);
    const unknownMap = '00000000-0000-4000-8000-000000000000';
    const query = (lon: number | string, lat: number | string, key = svc.key, map = mapId) =>
      http(svc.url, 'GET', `/api/maps/${map}/terrain/point?lon=${lon}&lat=${lat}`, { key });

    const before = await query(24.95, 60.16);
    assert.is(before.status, 404, before.text);
    assert.match(
      before.body.detail,
      /No terrain job of map .* covers \(24\.95, 60\.16\) \(work tile 12\/\d+\/\d+\): request a terrain job/,
    );

    const jobId = await requestJob(svc, mapId, stored);
    await expectJobSuccess(svc, jobId);
    const job = await svc.service.db.knex('terrain_jobs').where({ job_id: jobId }).first();
    const state = typeof job.state === 'string' ? JSON.parse(job.state) : job.state;
    const tiles: Array<[number, number]> = state.work_tiles;
    const keys = new Set(tiles.map(([x, y]) => `${x}/${y}`));
    const pair = tiles.find(([tx, ty]) => keys.has(`${tx + 1}/${ty}`));
    assert.ok(pair, 'two work tiles side by side');
    const [x, y] = pair!;

    // An inner pixel, and the last column of a tile (its slope needs the east neighbour tile).
    for (const [col, row] of [
      [100, 120],
      [255, 37],
    ] as const) {
      const [lon, lat] = pixelCenterLonLat({ z: 12, x, y }, col, row);
      const r = await query(lon, lat);
      assert.is(r.status, 200, r.text);
      const want = await expectedAt(x, y, col, row);
      assert.is(r.body.elevation_m, want.elevation, `elevation at ${col},${row}`);
      assert.is(r.body.slope_deg, want.slope, `slope at ${col},${row}`);
      assert.is(r.body.land_cover.code, want.code);
      assert.type(r.body.land_cover.name, 'string');
      assert.equal(r.body.mobility, want.mobility);
      assert.is(r.body.mgrs, mgrsForward([lon, lat], 5));
      assert.equal({ ...r.body.work_pixel, center: undefined }, { z: 12, x, y, col, row, center: undefined });
      assert.is(r.body.terrain_job_id, jobId);
    }

    const outside = await query(0.5, 0.5);
    assert.is(outside.status, 404);
    assert.match(outside.body.detail, /No terrain job of map .* covers \(0\.5, 0\.5\)/);

    const bad = await query('east', 91);
    assert.is(bad.status, 422);
    assert.equal(bad.body.detail.map((d: any) => d.loc).sort(), [
      ['query', 'lat'],
      ['query', 'lon'],
    ]);
    const missing = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain/point?lon=24.95`, { key: svc.key });
    assert.is(missing.status, 422);
    assert.equal(
      missing.body.detail.map((d: any) => d.loc),
      [['query', 'lat']],
    );
    const polar = await query(24.95, -86);
    assert.is(polar.status, 422);
    assert.equal(polar.body.detail[0].loc, ['query', 'lat']);

    assert.is((await query(24.95, 60.16, svc.key, unknownMap)).status, 404);
    const other = await svc.newAccount('other');
    assert.is((await query(24.95, 60.16, other.key)).status, 403);
    assert.is((await query(24.95, 60.16, null as unknown as string)).status, 401);
  });

  test('409 while the covering job prepares its terrain tiles, and after it was cancelled before them', async (ctx) => {
    const { svc } = ctx;
    const { mapId, boundary: stored } = await mapWithBoundary(svc, squareBoundary(10.0, 50.0, 10.08, 50.05));
    const jobId = await requestJob(svc, mapId, stored);
    // Asked at once: the job has only just been accepted, its terrain_display_tiles phase not yet run.
    const early = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain/point?lon=10.04&lat=50.02`, { key: svc.key });
    assert.is(early.status, 409, early.text);
    assert.is(early.headers.get('retry-after'), '5');
    const notReady = `is not ready: terrain job ${jobId} is still preparing .*terrain_display_tiles`;
    assert.match(early.body.detail, new RegExp(notReady));
    const cancelled = await http(svc.url, 'POST', `/api/terrain-analysis/jobs/${jobId}/cancel`, { key: svc.key });
    assert.is(cancelled.status, 200, cancelled.text);
    const display = cancelled.body.phases.find((p: any) => p.id === 'terrain_display_tiles').status;
    const after = await http(svc.url, 'GET', `/api/maps/${mapId}/terrain/point?lon=10.04&lat=50.02`, { key: svc.key });
    if (display === 'canceled') {
      assert.is(after.status, 409, after.text);
      assert.match(
        after.body.detail,
        /prepared elevation and land-cover tiles .* \(phase terrain_display_tiles failed, blocked or was canceled\)/,
      );
    } else {
      assert.is(after.status, 200, `display tiles ${display} before the cancel: ${after.text}`);
    }
  });
});
