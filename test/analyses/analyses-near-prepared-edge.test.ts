// Issue 20: a landing-zone survey whose area reaches the prepared area's edge. Its footprint is the
// area widened by a landing point's diameter, which spills into the unprepared neighbouring tile; the
// survey runs within the job that prepares its area (as a route's search margin does), never a 409,
// and no zone lies outside the prepared tiles.
import * as assert from 'uvu/assert';
import { test } from 'uvu';
import { http, startTestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';

// Work tile x 2335 (zoom 12) starts at 25.224609375° E; the AO's west edge is ~10 m inside it, on land.
const TILE_WEST = (2335 / 4096) * 360 - 180;
const WEST = 25.2248;

test('a survey on the AO edge runs clipped to the prepared tiles (was 409: the diameter spilled)', async () => {
  const svc = await startTestService('pglite');
  try {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(WEST, 60.515, WEST + 0.012, 60.521));
    await expectJobSuccess(svc, await requestJob(svc, mapId, boundary));
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [WEST, 60.516],
          [WEST + 0.006, 60.516],
          [WEST + 0.006, 60.52],
          [WEST, 60.52],
          [WEST, 60.516],
        ],
      ],
    };
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: { type: 'landing_zones', area, aircraft_size: 4, max_candidates: 5 },
    });
    assert.is(r.status, 202, r.text);
    // Two tiles wide before clipping (2334 and 2335): one after.
    assert.is(r.body.footprint.work_tiles, 1, r.text);
    const deadline = Date.now() + 120_000;
    let done;
    for (;;) {
      done = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
      if (['success', 'failed'].includes(done.status) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.is(done.status, 'success', JSON.stringify(done).slice(0, 800));
    assert.ok(done.result.candidates >= 1, JSON.stringify(done.result).slice(0, 800));
    const layer = await http(
      svc.url,
      'GET',
      `/api/maps/${mapId}/ogc/features/collections/layer--${done.layer_id}/items`,
      {
        key: svc.key,
      },
    );
    const lons = JSON.stringify(layer.body.features.map((f: { geometry: unknown }) => f.geometry))
      .match(/\[(-?\d+\.\d+),/g)!
      .map((m) => Number(m.slice(1, -1)));
    assert.ok(lons.length > 0);
    assert.ok(
      lons.every((lon) => lon >= TILE_WEST),
      `a zone reaches west of the prepared tiles: ${Math.min(...lons)}`,
    );
  } finally {
    await svc.stop();
  }
});

test.run();
