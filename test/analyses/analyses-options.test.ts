// Issue 12 options over HTTP on PGlite and PostgreSQL, on a terrain job that includes buildings
// (synthetic sources, one work tile around a settlement): a landing-zone survey with a road
// constraint reads roads and building footprints and equals the pure survey on the same rasters;
// a route with the 16-neighbour (knight's move) search equals planRoute with 16 neighbours.
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import type { AnalysisType } from '../../domain/analysis-job/analysis-vocabulary.ts';
import type { AnalysisParameters } from '../../domain/analysis-job/analysis-parameters.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { landingZonesResult } from '../../domain/analysis-job/landing-zones-result.ts';
import { routeResult } from '../../domain/analysis-job/route-result.ts';
import { buildingHeightRaster } from '../../domain/analysis-job/building-height-raster.ts';
import { roadCellMask } from '../../domain/analysis-job/road-cell-mask.ts';
import { createSourceProvider } from '../../workers/terrain/sources/create-source-provider.ts';
import {
  readFootprintBuildings,
  readFootprintElevation,
  readFootprintLandCover,
  readFootprintRoads,
} from '../../workers/analyses/read-footprint-elevation.ts';
import { idleTaskControl } from '../support/idle-task-control.ts';

const control = idleTaskControl();

/** The analysis's own inputs, read from the synthetic sources the test service uses. */
async function inputsOf(type: AnalysisType, parameters: AnalysisParameters) {
  const grid = footprintGrid(analysisFootprint(type, parameters));
  const elevation = createSourceProvider('elevation', 'synthetic');
  if (elevation.kind !== 'raster') throw new Error('synthetic elevation is a raster');
  return {
    grid,
    elevation: await readFootprintElevation(elevation, grid, () => {}),
    landCover: await readFootprintLandCover(createSourceProvider('land_cover', 'synthetic'), grid, control),
    roads: await readFootprintRoads(createSourceProvider('roads', 'synthetic'), grid, control),
    buildings: await readFootprintBuildings(createSourceProvider('buildings', 'synthetic'), grid, control),
  };
}

async function settle(svc: TestService, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = (await http(svc.url, 'GET', `/api/analyses/${id}`, { key: svc.key })).body;
    if (['success', 'failed', 'cancelled'].includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`analysis ${id} not terminal: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const noIds = () => 'id';
// Inland north of Helsinki (the synthetic world's sea follows the real coast): the east edge of a
// synthetic town, with buildings, streets and fields beyond them.
const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [25.148, 60.513],
      [25.156, 60.513],
      [25.156, 60.5175],
      [25.148, 60.5175],
      [25.148, 60.513],
    ],
  ],
};

for (const backend of SQL_BACKENDS) {
  const test = suite(`analysis options over HTTP [${backend}]`);
  test('landing zones with a road constraint and buildings; a route with 16 neighbours; exact', async () => {
    const svc = await startTestService(backend);
    try {
      const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(25.08, 60.51, 25.16, 60.55));
      const jobId = await requestJob(svc, mapId, boundary, { include_buildings: true });
      await expectJobSuccess(svc, jobId);
      const badRoad = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { type: 'landing_zones', area: AREA, aircraft_size: 1, max_road_distance_m: -1 },
      });
      assert.equal([badRoad.status, badRoad.body.detail?.[0]?.loc], [422, ['body', 'max_road_distance_m']]);
      const survey = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { type: 'landing_zones', area: AREA, aircraft_size: 1, max_candidates: 100, max_road_distance_m: 150 },
      });
      assert.is(survey.status, 202, survey.text);
      assert.equal([survey.body.parameters.max_road_distance_m, survey.body.parameters.building_data], [150, true]);
      const done = await settle(svc, survey.body.id);
      assert.is(done.status, 'success', JSON.stringify(done).slice(0, 600));
      assert.equal([done.result.max_road_distance_m, done.result.building_data], [150, true]);

      const input = await inputsOf('landing_zones', done.parameters);
      const buildingHeight = buildingHeightRaster(input.grid, input.buildings);
      assert.ok(
        buildingHeight.some((h) => h > 0),
        'the footprint holds buildings',
      );
      const expected = landingZonesResult(input.elevation, input.landCover, done.parameters, noIds, {
        roads: roadCellMask(input.grid.width, input.grid.height, input.roads),
        buildingHeight,
      });
      assert.equal(done.result, JSON.parse(JSON.stringify(expected.result)));
      assert.ok(done.result.zones.length > 0);
      for (const zone of done.result.zones) {
        assert.is(typeof zone.road.pass, 'boolean');
        assert.not.match(zone.obstacles.reason, /no building data/);
        assert.not.match(zone.clearance.reason, /no building data/);
      }
      // The constraint matters: some zones pass it and some fail it, or buildings fail some.
      const reasons = new Set(
        done.result.zones.map((z: any) => `${z.road.pass}/${z.clearance.pass}/${z.obstacles.pass}`),
      );
      assert.ok(reasons.size > 1, [...reasons].join(' '));

      // Routes: 16 neighbours (knight's moves) against 8, each equal to the pure plan.
      const waypoints = [
        [25.11, 60.528],
        [25.124, 60.533],
      ];
      const bad = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { type: 'route', movement: 'foot', waypoints, neighbourhood: 4 },
      });
      assert.equal([bad.status, bad.body.detail?.[0]?.loc], [422, ['body', 'neighbourhood']], bad.text);
      const ids = [];
      for (const extra of [{}, { neighbourhood: 16 }]) {
        const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
          key: svc.key,
          body: { type: 'route', movement: 'foot', waypoints, ...extra },
        });
        assert.is(r.status, 202, r.text);
        ids.push(r.body.id);
      }
      const [eight, sixteen] = [await settle(svc, ids[0]), await settle(svc, ids[1])];
      assert.equal([eight.parameters.neighbourhood, sixteen.parameters.neighbourhood], [8, 16]);
      const routeInput = await inputsOf('route', eight.parameters);
      for (const route of [eight, sixteen]) {
        assert.is(route.status, 'success', JSON.stringify(route).slice(0, 600));
        assert.is(route.result.neighbourhood, route.parameters.neighbourhood);
        const pure = routeResult(routeInput.elevation, routeInput.landCover, routeInput.roads, route.parameters, noIds);
        assert.equal(route.result, JSON.parse(JSON.stringify(pure.result)));
      }
      assert.ok(eight.result.found && sixteen.result.found);
      // More directions never make the quickest route slower.
      const [s16, s8] = [sixteen.result.seconds, eight.result.seconds];
      assert.ok(s16 <= s8 + 1e-6, `${s16} vs ${s8}`);
    } finally {
      await svc.close();
    }
  });
  test.run();
}
