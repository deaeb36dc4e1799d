// Inputs of a landing-zone survey over HTTP: building heights from properties, building footprints
// and roads on the footprint grid, and the survey's dependencies (roads with a road constraint,
// buildings when the covering terrain job includes them). Exact values.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysisDependencies, jobIncludesBuildings } from '../../domain/analysis-job/analysis-dependencies.ts';
import type { AnalysisParameters } from '../../domain/analysis-job/analysis-parameters.ts';
import { buildingHeightM } from '../../domain/analysis-job/building-height-m.ts';
import { buildingHeightRaster } from '../../domain/analysis-job/building-height-raster.ts';
import { footprintGrid, lonLatOfPixel } from '../../domain/analysis-job/footprint-grid.ts';
import { roadCellMask } from '../../domain/analysis-job/road-cell-mask.ts';

const grid = footprintGrid([{ z: 12, x: 2331, y: 1186 }]);
const ring = (x0: number, y0: number, x1: number, y1: number) =>
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ].map(([x, y]) => lonLatOfPixel(grid, x!, y!));

test('building height: height, else levels × 3 m, else one storey of 3 m', () => {
  assert.is(buildingHeightM({ height: 12.5, levels: 2 }), 12.5);
  assert.is(buildingHeightM({ height: '7.5' }), 7.5);
  assert.is(buildingHeightM({ levels: 4 }), 12);
  assert.is(buildingHeightM({ height: -1, 'building:levels': '2' }), 6);
  assert.is(buildingHeightM({}), 3);
  assert.is(buildingHeightM(null), 3);
});

test('building raster: every cell a footprint touches holds the tallest height over it', () => {
  const heights = buildingHeightRaster(grid, [
    { polygons: [[ring(10.2, 20.2, 11.8, 20.8)]], heightM: 9 },
    { polygons: [[ring(11.1, 20.1, 11.4, 21.6)]], heightM: 4 },
    { polygons: [[ring(11.2, 20.3, 11.3, 20.4)]], heightM: 15 },
  ]);
  const cells = [...heights.entries()]
    .filter(([, h]) => h > 0)
    .map(([i, h]) => [i % grid.width, Math.floor(i / grid.width), h]);
  assert.equal(cells, [
    [10, 20, 9],
    [11, 20, 15],
    [11, 21, 4],
  ]);
});

test('road cells: the cells burnRoadSpeeds marks along a road', () => {
  const mask = roadCellMask(8, 8, [
    {
      line: [
        [0.5, 5.5],
        [4.5, 5.5],
      ],
      speedKmh: 50,
    },
  ]);
  const cells = [...mask.entries()].filter(([, v]) => v === 1).map(([i]) => [i % 8, Math.floor(i / 8)]);
  assert.equal(cells, [
    [0, 5],
    [1, 5],
    [2, 5],
    [3, 5],
    [4, 5],
  ]);
});

test('landing-zone dependencies: roads with a road constraint, buildings when the job includes them', () => {
  const survey = (extra: Record<string, unknown>) => ({ aircraft_size: 1, ...extra }) as unknown as AnalysisParameters;
  const datasets = (extra: Record<string, unknown>) => analysisDependencies('landing_zones', survey(extra)).datasets;
  assert.equal(datasets({ max_road_distance_m: null, building_data: false }), ['elevation', 'land_cover']);
  assert.equal(datasets({ max_road_distance_m: 0, building_data: true }), [
    'elevation',
    'land_cover',
    'roads',
    'buildings',
  ]);
  // Recorded before the options existed: neither.
  assert.equal(analysisDependencies('landing_zones', survey({})).datasets, ['elevation', 'land_cover']);
  assert.equal(analysisDependencies('route', survey({})).datasets, ['elevation', 'land_cover', 'roads']);
  const job = (code: string | null) =>
    ({ job_id: 'j', status: 'in_progress', sources: { buildings: { ok: false, code, message: null } } }) as never;
  assert.is(jobIncludesBuildings(job('NOT_REQUESTED')), false);
  assert.is(jobIncludesBuildings(job('BUILDINGS_ARTIFACTS_NOT_READY')), true);
  assert.is(jobIncludesBuildings(null), false);
});

test.run();
