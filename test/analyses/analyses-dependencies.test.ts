// Issue 12, dependencies over HTTP: with an unreachable elevation source, a terrain job's failed
// elevation makes sight analyses inside it answer 409 naming the dataset and the phase holding the
// failure; outside any job they prepare elevation on demand, which fails the analysis with the
// source's code. A working job's elevation is used (elevation_source terrain_job).
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';

const sight = (observer: number[], target: number[]) => ({
  type: 'line_of_sight',
  observer: { position: observer, height_m: 2 },
  target: { position: target, height_m: 0 },
});

for (const backend of SQL_BACKENDS) {
  const test = suite(`analysis dependencies [${backend}]`);
  test('failed elevation in the covering job → 409 naming dataset and phase; no job → on demand, failing with the source code', async () => {
    const svc = await startTestService(backend, {
      ELEVATION_SOURCE: 'geotiff:/nonexistent/dem.tif',
      TASK_MAX_DELIVERIES: '1',
    });
    try {
      const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
      const jobId = await requestJob(svc, mapId, boundary);
      assert.is((await pollJob(svc, jobId)).at(-1).status, 'failed');
      const inside = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: sight([24.94, 60.16], [24.96, 60.165]),
      });
      assert.is(inside.status, 409, inside.text);
      assert.match(
        inside.body.detail,
        new RegExp(
          `^elevation is not available: phase terrain_source_artifacts of terrain job ${jobId} holds the failure \\(ELEVATION_SOURCE_UNREACHABLE`,
        ),
      );
      const viewshed = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { type: 'viewshed', observer: { position: [24.95, 60.16], height_m: 2 }, radius_m: 200 },
      });
      assert.is(viewshed.status, 409, viewshed.text);
      // Far outside the job's tiles: elevation is prepared on demand, and the source fails there too.
      const outside = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: sight([25.5, 60.3], [25.51, 60.3]),
      });
      assert.is(outside.status, 201, outside.text);
      assert.is(outside.body.status, 'failed');
      assert.is(outside.body.elevation_source, 'on_demand');
      assert.is(outside.body.error.code, 'ELEVATION_SOURCE_UNREACHABLE');
      assert.match(outside.body.error.message, /nonexistent/);
      assert.is(outside.body.layer_id, null);
      const list = await http(svc.url, 'GET', `/api/maps/${mapId}/analyses/?status=failed`, { key: svc.key });
      assert.is(list.body.total, 1);
    } finally {
      await svc.close();
    }
  });
  test.run();
}

// The AO sits inland north-east of Helsinki: the synthetic source now puts the real sea there, and
// Helsinki's shore made the route waypoints NO-GO. The shift keeps the work-tile layout: 4 work tiles
// east (4 × 0.087890625°) and 0.345° north, where the AO still straddles one row boundary at about the
// same place (rows 1177–1178, as 1185–1186 before).
const DX = 4 * 0.087890625;
const DY = 0.345;
const at = (lon: number, lat: number): [number, number] => [lon + DX, lat + DY];

for (const backend of SQL_BACKENDS) {
  const test = suite(`landing zones and routes on a terrain job [${backend}]`);
  test('no terrain job → 409 NO_TERRAIN_JOB; requested while the job runs → waiting, then queued and surveyed', async () => {
    const svc = await startTestService(backend);
    try {
      // The AO's west edge lies 160 m inside its westmost work tile (x 2335, from 25.2246° E).
      const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(...at(24.876, 60.15), ...at(24.97, 60.17)));
      const area = {
        type: 'Polygon',
        coordinates: [
          [at(24.945, 60.155), at(24.955, 60.155), at(24.955, 60.162), at(24.945, 60.162), at(24.945, 60.155)],
        ],
      };
      const survey = { type: 'landing_zones', area, aircraft_size: 2, max_candidates: 5 };
      const early = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body: survey });
      // Nothing prepared yet: the area's first vertex is outside the prepared area (422 naming it).
      assert.is(early.status, 422, early.text);
      assert.equal(early.body.detail[0].loc, ['body', 'area', 'coordinates', 0, 0]);
      assert.match(early.body.detail[0].msg, /outside the area the map's terrain jobs prepare/);
      const open = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: {
          ...survey,
          area: {
            type: 'Polygon',
            coordinates: [[at(24.945, 60.155), at(24.955, 60.155), at(24.955, 60.162), at(24.945, 60.155 + 1e-9)]],
          },
        },
      });
      assert.is(open.status, 422, open.text);
      assert.equal(open.body.detail[0].loc.slice(0, 3), ['body', 'area', 'coordinates']);
      const jobId = await requestJob(svc, mapId, boundary);
      const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body: survey });
      assert.is(r.status, 202, r.text);
      assert.is(r.body.status, 'waiting', r.text);
      assert.equal(r.body.waiting_for.job_id, jobId);
      assert.is(r.body.waiting_for.phase, 'terrain_source_artifacts');
      // A second survey, cancelled while it waits: the job's progress never queues it.
      const dropped = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body: survey });
      assert.is(dropped.body.status, 'waiting', dropped.text);
      const cancel = await http(svc.url, 'POST', `/api/analyses/${dropped.body.id}/cancel`, { key: svc.key });
      assert.equal(
        [cancel.status, cancel.body.status, cancel.body.error?.code],
        [200, 'cancelled', 'CANCELLED'],
        cancel.text,
      );
      await expectJobSuccess(svc, jobId);
      const deadline = Date.now() + 60_000;
      let done;
      for (;;) {
        done = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
        if (['success', 'failed'].includes(done.status) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.is(done.status, 'success', JSON.stringify(done));
      assert.is(done.elevation_source, 'terrain_job');
      const still = (await http(svc.url, 'GET', `/api/analyses/${dropped.body.id}`, { key: svc.key })).body;
      assert.equal([still.status, still.layer_id], ['cancelled', null]);
      const res = done.result;
      assert.is(res.diameter_m, 35);
      // The job did not include buildings and no road constraint was asked: no building data, no road verdict.
      assert.equal([res.building_data, res.max_road_distance_m, done.parameters.building_data], [false, null, false]);
      for (const zone of res.zones) {
        assert.match(zone.obstacles.reason, /^no building data/);
        assert.is(zone.road, null);
      }
      assert.ok(res.candidates >= 1 && res.candidates <= 5, JSON.stringify(res).slice(0, 500));
      assert.equal(
        res.zones.map((z: any) => z.rank),
        res.zones.map((_: unknown, i: number) => i + 1),
      );
      for (const zone of res.zones) {
        assert.match(zone.center.mgrs, /^35V/);
        assert.equal(zone.ring[0], zone.ring.at(-1));
        for (const criterion of ['slope', 'surface', 'obstacles', 'clearance'])
          assert.is(typeof zone[criterion].reason, 'string');
      }
      const items = await http(
        svc.url,
        'GET',
        `/api/maps/${mapId}/ogc/features/collections/layer--${done.layer_id}/items`,
        { key: svc.key },
      );
      assert.is(items.status, 200, items.text);
      assert.is(items.body.features.length, res.candidates);
      const collections = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections`, { key: svc.key });
      assert.is(
        collections.body.collections.find((c: any) => c.id === `layer--${done.layer_id}`)['svc:layer_type'],
        'landing_zone',
      );
      // Routes on foot through the prepared area: straight, and around a named area.
      const wall = await http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
        key: svc.key,
        body: {
          type: 'named_area',
          title: 'Minefield',
          feature_collection: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: {},
                geometry: {
                  type: 'Polygon',
                  coordinates: [
                    [
                      at(24.9495, 60.1575),
                      at(24.9505, 60.1575),
                      at(24.9505, 60.1625),
                      at(24.9495, 60.1625),
                      at(24.9495, 60.1575),
                    ],
                  ],
                },
              },
            ],
          },
        },
      });
      assert.is(wall.status, 201, wall.text);
      const route = {
        type: 'route',
        movement: 'foot',
        waypoints: [at(24.945, 60.16), at(24.955, 60.16)],
      };
      const far = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: {
          ...route,
          waypoints: [at(24.945, 60.16), at(25.5, 60.3)],
        },
      });
      assert.equal([far.status, far.body.detail?.[0]?.loc], [422, ['body', 'waypoints', 1]], far.text);
      // Waypoints 0.4 km inside the AO's west edge: the 2 km search margin spills beyond the prepared
      // tiles (6 tiles, 2 of them unprepared). The search is clipped to the job's tiles and runs.
      const edge = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: {
          ...route,
          waypoints: [at(24.883, 60.155), at(24.883, 60.165)],
        },
      });
      assert.is(edge.status, 202, edge.text);
      assert.equal([edge.body.terrain_job_id, edge.body.footprint.work_tiles], [jobId, 2], edge.text);
      const across = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: {
          ...route,
          waypoints: [at(24.94, 60.16), at(24.9, 60.16)],
        },
      });
      assert.is(across.status, 202, across.text);
      assert.is(across.body.footprint.work_tiles, 4, across.text);
      const direct = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body: route });
      assert.is(direct.status, 202, direct.text);
      const around = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { ...route, avoid_layer_ids: [wall.body.layer_id] },
      });
      assert.is(around.status, 202, around.text);
      const badAvoid = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { ...route, avoid_layer_ids: [done.layer_id] },
      });
      assert.is(badAvoid.status, 422, badAvoid.text);
      assert.equal(badAvoid.body.detail[0].loc, ['body', 'avoid_layer_ids', 0]);
      const one = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { ...route, waypoints: [at(24.945, 60.16)] },
      });
      assert.equal([one.status, one.body.detail?.[0]?.loc], [422, ['body', 'waypoints']]);
      const routes = [];
      for (const id of [direct.body.id, around.body.id, edge.body.id, across.body.id]) {
        for (;;) {
          const r = (await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key })).body;
          if (['success', 'failed'].includes(r.status)) {
            routes.push(r);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      for (const r of routes) {
        assert.is(r.status, 'success', JSON.stringify(r).slice(0, 800));
        assert.is(r.result.found, true, JSON.stringify(r.result).slice(0, 800));
        const shares = r.result.share_by_class;
        assert.ok(Math.abs(shares.road + shares.go + shares.slow_go - 1) < 1e-5, JSON.stringify(shares));
        assert.is(r.result.profile[0].distance_m, 0);
        assert.match(r.result.waypoints[0].mgrs, /^35V/);
        const layer = await http(
          svc.url,
          'GET',
          `/api/maps/${mapId}/ogc/features/collections/layer--${r.layer_id}/items`,
          { key: svc.key },
        );
        assert.equal(layer.body.features.map((f: any) => f.properties.role).sort(), ['route', 'waypoint', 'waypoint']);
      }
      // 0.01° of longitude at 60.5° N is about 548 m: the straight route is at least that long, the detour longer.
      assert.ok(routes[0].result.length_m >= 540, String(routes[0].result.length_m));
      assert.ok(
        routes[1].result.length_m > routes[0].result.length_m,
        `${routes[1].result.length_m} vs ${routes[0].result.length_m}`,
      );
      // The clipped route never leaves the prepared tiles (the westmost starts at 2335 / 4096 · 360° − 180°).
      const edgeLine = (
        await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections/layer--${routes[2].layer_id}/items`, {
          key: svc.key,
        })
      ).body.features.find((f: any) => f.properties.role === 'route').geometry.coordinates;
      assert.ok(
        edgeLine.every(([lon]: number[]) => lon >= (2335 / 4096) * 360 - 180),
        JSON.stringify(edgeLine),
      );
      const crossing = routes[1].layer_id;
      const line = (
        await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections/layer--${crossing}/items`, {
          key: svc.key,
        })
      ).body.features.find((f: any) => f.properties.role === 'route').geometry.coordinates;
      assert.ok(
        line.every(
          ([lon, lat]: number[]) =>
            !(lon > 24.9495 + DX && lon < 24.9505 + DX && lat > 60.1575 + DY && lat < 60.1625 + DY),
        ),
        'the route avoids the named area',
      );
    } finally {
      await svc.close();
    }
  });
  test.run();
}
