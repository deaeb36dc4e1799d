// Issue 12 over HTTP on a real DEM (skipped when the shared data folder, test/support/shared-data.ts,
// is absent, as in a fresh clone): the service's ELEVATION_SOURCE is the Dallas-Fort Worth 3″ GeoTIFF; line of sight,
// viewshed, a route (on a terrain job: synthetic land cover and roads) and an RF coverage on small
// areas, each equal to the pure result function on the same footprint read from the same file, and
// the viewshed agreeing with gdal_viewshed on the same raster on ≥ 99 % of cells. PGlite and PostgreSQL.
// The synthetic land cover is all water there, so the route reads a small WorldCover-coded GeoTIFF
// written here (grassland with a band of tree cover), and synthetic roads.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import type { AnalysisParameters } from '../../domain/analysis-job/analysis-parameters.ts';
import type { AnalysisType } from '../../domain/analysis-job/analysis-vocabulary.ts';
import { groundRasterOf } from '../../domain/analysis-job/elevation-grid.ts';
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { lineOfSightResult } from '../../domain/analysis-job/line-of-sight-result.ts';
import { rfCoverageResult } from '../../domain/analysis-job/rf-coverage-result.ts';
import { routeResult } from '../../domain/analysis-job/route-result.ts';
import { viewshedResult } from '../../domain/analysis-job/viewshed-result.ts';
import { requireCell } from '../../domain/analysis-job/sight-point-view.ts';
import { VIEWSHED_OUTSIDE, VIEWSHED_VISIBLE } from '../../domain/terrain-analysis/viewshed.ts';
import {
  readFootprintElevation,
  readFootprintLandCover,
  readFootprintRoads,
} from '../../workers/analyses/read-footprint-elevation.ts';
import { createSourceProvider } from '../../workers/terrain/sources/create-source-provider.ts';
import { SQL_BACKENDS } from '../support/backends.ts';
import { idleTaskControl } from '../support/idle-task-control.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { tempDir, writeRaster } from '../terrain-raster/support/gdal.ts';
import { join } from 'node:path';
import { readViewshed, runGdalViewshed, writeDem } from '../terrain-analysis/support/gdal-viewshed.ts';
import { sharedData } from '../support/shared-data.ts';

const demPath = sharedData('dem', 'dallas-fortworth-3arcsec.tif');
const control = idleTaskControl();
const noIds = () => 'id';
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

/** WorldCover codes over 97.40–97.28° W, 32.60–32.71° N in 0.001° cells: grassland, trees in 97.345–97.340° W. */
function writeLandCover(dir: string): string {
  const path = join(dir, 'land-cover.tif');
  const [width, height] = [120, 110];
  const data = new Uint8Array(width * height).fill(30);
  for (let row = 0; row < height; row++) for (let col = 55; col < 60; col++) data[row * width + col] = 10;
  writeRaster(path, {
    width,
    height,
    data,
    type: 'Byte',
    srs: 'EPSG:4326',
    geoTransform: [-97.4, 0.001, 0, 32.71, 0, -0.001],
  });
  return path;
}

async function inputsOf(type: AnalysisType, parameters: AnalysisParameters, landCoverPath: string) {
  const grid = footprintGrid(analysisFootprint(type, parameters));
  const elevation = createSourceProvider('elevation', `geotiff:${demPath}`);
  if (elevation.kind !== 'raster') throw new Error('a GeoTIFF is a raster source');
  try {
    return {
      grid,
      elevation: await readFootprintElevation(elevation, grid, () => {}),
      landCover: await readFootprintLandCover(
        createSourceProvider('land_cover', `geotiff:${landCoverPath}`),
        grid,
        control,
      ),
      roads: await readFootprintRoads(createSourceProvider('roads', 'synthetic'), grid, control),
    };
  } finally {
    await elevation.close?.();
  }
}

async function run(svc: TestService, mapId: string, body: Record<string, unknown>) {
  const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
  assert.ok(r.status === 201 || r.status === 202, r.text);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const a = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
    if (['success', 'failed', 'cancelled'].includes(a.status)) {
      assert.is(a.status, 'success', JSON.stringify(a).slice(0, 600));
      return a;
    }
    if (Date.now() > deadline) throw new Error(`analysis not terminal: ${JSON.stringify(a)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const backend of SQL_BACKENDS) {
  const test = suite(`analyses on the Dallas-Fort Worth DEM over HTTP [${backend}]`);
  const name = 'line of sight, viewshed, route and RF coverage equal the pure functions; viewshed ≈ gdal_viewshed';
  (demPath ? test : test.skip)(name, async () => {
    const work = tempDir('analyses-real-dem');
    const landCoverPath = writeLandCover(work.dir);
    const svc = await startTestService(backend, {
      ELEVATION_SOURCE: `geotiff:${demPath}`,
      LAND_COVER_SOURCE: `geotiff:${landCoverPath}`,
    });
    try {
      // Work tile 12/940/1654 (97.383–97.295° W, 32.621–32.695° N) lies inside the file.
      const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(-97.375, 32.63, -97.3, 32.69));

      const sight = await run(svc, mapId, {
        type: 'line_of_sight',
        observer: { position: [-97.34, 32.65], height_m: 2 },
        target: { position: [-97.32, 32.67], height_m: 0 },
      });
      const sightInput = await inputsOf('line_of_sight', sight.parameters, landCoverPath);
      assert.equal(sight.result, plain(lineOfSightResult(sightInput.elevation, sight.parameters, noIds).result));
      assert.ok(sight.result.observer.ground_elevation_m > 147 && sight.result.observer.ground_elevation_m < 298);

      const seen = await run(svc, mapId, {
        type: 'viewshed',
        observer: { position: [-97.34, 32.66], height_m: 10 },
        radius_m: 1500,
        target_height_m: 2,
      });
      const seenInput = await inputsOf('viewshed', seen.parameters, landCoverPath);
      const pure = viewshedResult(seenInput.elevation, seen.parameters, noIds);
      assert.equal(seen.result, plain(pure.result));
      assert.ok(seen.result.visible_cells > 0 && seen.result.visible_cells < seen.result.cells_in_radius);
      // gdal_viewshed on the same cells, written with their ground size (square cells, -cc 1/k).
      const ground = groundRasterOf(seenInput.elevation, seen.parameters.observer.position);
      const dem = {
        width: ground.width,
        height: ground.height,
        data: Float32Array.from(seenInput.elevation.data, (v) => (Number.isNaN(v) ? -9999 : v)),
        cellSize: ground.cellWidth,
        originX: 600000,
        originY: 5200000,
      };
      const observer = requireCell(seenInput.grid, seen.parameters.observer.position);
      const reference = readViewshed(
        runGdalViewshed(
          writeDem(dem, work.dir),
          dem,
          observer,
          { observerHeight: 10, targetHeight: 2, radius: 1500, refraction: seen.parameters.refraction_k },
          work.dir,
        ),
        dem,
      );
      let compared = 0;
      let agree = 0;
      for (let i = 0; i < pure.cells.length; i++) {
        if (pure.cells[i] === VIEWSHED_OUTSIDE || reference[i] === 255) continue;
        compared++;
        if ((pure.cells[i] === VIEWSHED_VISIBLE ? 1 : 0) === reference[i]) agree++;
      }
      assert.ok(compared > 0.95 * seen.result.cells_in_radius, `${compared} of ${seen.result.cells_in_radius}`);
      assert.ok(agree / compared >= 0.99, `agreement with gdal_viewshed ${((100 * agree) / compared).toFixed(2)} %`);
      console.log(`  agreement with gdal_viewshed: ${((100 * agree) / compared).toFixed(2)} % of ${compared} cells`);

      const jobId = await requestJob(svc, mapId, boundary);
      await expectJobSuccess(svc, jobId);
      const route = await run(svc, mapId, {
        type: 'route',
        movement: 'foot',
        waypoints: [
          [-97.35, 32.655],
          [-97.33, 32.66],
        ],
      });
      assert.is(route.elevation_source, 'terrain_job');
      const routeInput = await inputsOf('route', route.parameters, landCoverPath);
      const plan = routeResult(routeInput.elevation, routeInput.landCover, routeInput.roads, route.parameters, noIds);
      assert.equal(route.result, plain(plan.result));
      assert.is(route.result.found, true, JSON.stringify(route.result).slice(0, 400));

      const entities = await http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
        key: svc.key,
        body: {
          type: 'entity',
          title: 'Radios',
          feature_collection: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: {
                  kind: 'emitter',
                  name: 'RTX',
                  antenna_height_m: 10,
                  frequency_mhz: 300,
                  transmit_power_dbm: 37,
                  antenna_gain_dbi: 2,
                },
                geometry: { type: 'Point', coordinates: [-97.34, 32.66] },
              },
            ],
          },
        },
      });
      assert.is(entities.status, 201, entities.text);
      const rf = await run(svc, mapId, {
        type: 'rf_coverage',
        emitter_id: entities.body.feature_collection.features[0].id,
        radius_m: 1500,
      });
      const rfInput = await inputsOf('rf_coverage', rf.parameters, landCoverPath);
      assert.equal(rf.result, plain(rfCoverageResult(rfInput.elevation, rf.parameters, noIds).result));
      assert.ok(rf.result.statistics.cells_computed > 0);
    } finally {
      work.remove();
      await svc.close();
    }
  });
  test.run();
}
