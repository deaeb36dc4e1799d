// AO sanity warnings: the rules on exact figures, and the decider given/when/then.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { terrainJobDecider, type TerrainJobRequest } from '../../domain/terrain-job/terrain-job-decider.ts';
import type { TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import { terrainJobSnapshot } from '../../domain/terrain-job/terrain-job-snapshot.ts';
import {
  coverageWarnings,
  MOSTLY_WATER_SHARE,
  summaryFigures,
  summaryWarnings,
  syntheticSourceWarnings,
} from '../../domain/terrain-job/terrain-warnings.ts';
import { specFor } from '../support/given-when-then.ts';

const job_id = '11111111-1111-4111-8111-111111111111';
const account = '22222222-2222-4222-8222-222222222222';
const real = (d: string) => ({ fingerprint: `geotiff:/data/${d}.tif`, description: `GeoTIFF ${d}` });
const synthetic = (d: string) => ({ fingerprint: `synthetic:${d}:v3`, description: `Synthetic ${d}` });
const request = (
  sources: TerrainJobRequest['sources'],
  overrides: Partial<TerrainJobRequest> = {},
): TerrainJobRequest => ({
  job_id,
  map_id: '33333333-3333-4333-8333-333333333333',
  operation_id: '44444444-4444-4444-8444-444444444444',
  account_id: account,
  boundary_layer_id: '55555555-5555-4555-8555-555555555555',
  boundary_shape: {},
  include_population: false,
  include_buildings: false,
  work_zoom: 12,
  work_tiles: [
    [1, 2],
    [1, 3],
    [2, 2],
    [2, 3],
  ],
  sources,
  ...overrides,
});
const realSources = {
  elevation: real('dem'),
  land_cover: real('lc'),
  roads: real('roads'),
  soil: real('soil'),
  population: real('pop'),
  buildings: real('b'),
};
const spec = specFor(terrainJobDecider);
const given: TerrainJobEvent[] = [{ type: 'TerrainJobRequested', data: request(realSources) }];
const all = (n: number) => ({ completed: Array.from({ length: n }, (_, i) => i), skipped: [], failed: [] });
const started = (phase: 'terrain_source_artifacts' | 'road_artifacts' | 'terrain_summary'): TerrainJobEvent => ({
  type: 'TerrainPhaseStarted',
  data: { job_id, phase, worker_id: 'w', attempt: 1 },
});

test('rules: MOSTLY_WATER strictly above the threshold, NO_ROADS at zero metres, on exact figures', () => {
  assert.is(MOSTLY_WATER_SHARE, 0.5);
  assert.equal(summaryWarnings({ area_km2: 12.34, water_share: 0.5, road_length_m: 1 }), []);
  assert.equal(summaryWarnings({ area_km2: 12.34, water_share: 0.75, road_length_m: 0 }), [
    {
      code: 'MOSTLY_WATER',
      dataset: 'land_cover',
      figures: { water_share: 0.75, threshold: 0.5, area_km2: 12.34 },
      message: '75.0% of the 12.3 km² area is water (more than 50.0%): check the area and the land-cover source',
    },
    {
      code: 'NO_ROADS',
      dataset: 'roads',
      figures: { road_length_m: 0, area_km2: 12.34 },
      message:
        'no road inside the 12.3 km² area: movement is cross-country only, or the roads source does not cover it',
    },
  ]);
  assert.equal(
    summaryFigures({ area_km2: 3, land_cover_shares: { 10: 0.25, 80: 0.6 }, road_length_m: { total: 42 } }),
    { area_km2: 3, water_share: 0.6, road_length_m: 42 },
  );
  assert.equal(
    summaryFigures({ area_km2: 3, land_cover_shares: { 10: 1 }, road_length_m: { total: 0 } }).water_share,
    0,
  );
});

test('rules: coverage per dataset: none, some, every tile outside', () => {
  assert.equal(coverageWarnings('elevation', 0, 4), []);
  assert.equal(coverageWarnings('elevation', 1, 4)[0]!.figures, {
    tiles_outside: 1,
    tiles_total: 4,
    outside_share: 0.25,
  });
  assert.is(coverageWarnings('elevation', 1, 4)[0]!.code, 'PARTLY_OUTSIDE_SOURCE_COVERAGE');
  const [outside] = coverageWarnings('roads', 4, 4);
  assert.is(outside!.code, 'OUTSIDE_SOURCE_COVERAGE');
  assert.is(outside!.dataset, 'roads');
  assert.equal(outside!.figures, { tiles_outside: 4, tiles_total: 4, outside_share: 1 });
});

test('rules: SYNTHETIC_SOURCE only for requested layers whose source is the synthetic one', () => {
  const w = syntheticSourceWarnings(
    { elevation: synthetic('elevation'), roads: real('roads'), population: synthetic('population') },
    ['elevation', 'roads'],
  );
  assert.equal(
    w.map((x) => [x.code, x.dataset]),
    [['SYNTHETIC_SOURCE', 'elevation']],
  );
});

test('given nothing, when a job is requested on synthetic elevation and land cover, then SYNTHETIC_SOURCE for each', () => {
  const sources = {
    ...realSources,
    elevation: synthetic('elevation'),
    land_cover: synthetic('land_cover'),
    population: synthetic('population'),
  };
  const events = terrainJobDecider.decide(
    { type: 'RequestTerrainJob', request: request(sources) },
    { status: 'absent' },
  );
  const warned = events
    .filter((e) => e.type === 'TerrainJobWarned')
    .map((e) => (e.data as { dataset: string }).dataset);
  assert.equal(warned, ['elevation', 'land_cover'], 'population is synthetic but not requested');
});

test('given real sources, when a job is requested, then no warning', () => {
  const events = terrainJobDecider.decide(
    { type: 'RequestTerrainJob', request: request(realSources) },
    { status: 'absent' },
  );
  assert.is(events.filter((e) => e.type === 'TerrainJobWarned').length, 0);
});

test('given a running summary, when it completes on a water-only area, then MOSTLY_WATER and NO_ROADS', () => {
  spec([...given, started('terrain_summary')])
    .when({
      type: 'CompletePhase',
      job_id,
      phase: 'terrain_summary',
      outcome: 'complete',
      tiles: all(4),
      message: null,
      summary: { area_km2: 20, water_share: 1, road_length_m: 0 },
    })
    .then([
      {
        type: 'TerrainPhaseCompleted',
        data: {
          job_id,
          phase: 'terrain_summary',
          outcome: 'complete',
          counts: { total: 4, completed: 4, failed: 0, skipped: 0 },
          message: null,
          tiles: all(4),
        },
      },
      {
        type: 'TerrainJobWarned',
        data: {
          job_id,
          code: 'MOSTLY_WATER',
          dataset: 'land_cover',
          figures: { water_share: 1, threshold: 0.5, area_km2: 20 },
          message: '100.0% of the 20 km² area is water (more than 50.0%): check the area and the land-cover source',
        },
      },
      {
        type: 'TerrainJobWarned',
        data: {
          job_id,
          code: 'NO_ROADS',
          dataset: 'roads',
          figures: { road_length_m: 0, area_km2: 20 },
          message:
            'no road inside the 20 km² area: movement is cross-country only, or the roads source does not cover it',
        },
      },
    ]);
});

test('given a land area with roads, when the summary completes, then no warning', () => {
  const events = terrainJobDecider.decide(
    {
      type: 'CompletePhase',
      job_id,
      phase: 'terrain_summary',
      outcome: 'complete',
      tiles: all(4),
      message: null,
      summary: { area_km2: 20, water_share: 0.1, road_length_m: 5000 },
    },
    [...given, started('terrain_summary')].reduce(terrainJobDecider.evolve, terrainJobDecider.initialState()),
  );
  assert.equal(
    events.map((e) => e.type),
    ['TerrainPhaseCompleted'],
  );
});

test('given a raw phase, when every tile is outside the elevation source, then OUTSIDE_SOURCE_COVERAGE for elevation only', () => {
  const events = terrainJobDecider.decide(
    {
      type: 'FailPhase',
      job_id,
      phase: 'terrain_source_artifacts',
      code: 'PHASE_FAILED',
      message: 'phase failed',
      tiles: { completed: [], skipped: [0, 1, 2, 3], failed: [] },
      outside_coverage: { elevation: 4 },
    },
    [...given, started('terrain_source_artifacts')].reduce(terrainJobDecider.evolve, terrainJobDecider.initialState()),
  );
  const warned = events.filter((e) => e.type === 'TerrainJobWarned').map((e) => e.data);
  assert.equal(warned, [
    {
      job_id,
      code: 'OUTSIDE_SOURCE_COVERAGE',
      dataset: 'elevation',
      figures: { tiles_outside: 4, tiles_total: 4, outside_share: 1 },
      message: 'the area lies outside the coverage of the configured elevation source (all 4 work tiles)',
    },
  ]);
});

test('given a recorded warning, when a redelivery reports the same figures, then no new warning; the snapshot lists it once', () => {
  const warned: TerrainJobEvent = {
    type: 'TerrainJobWarned',
    data: {
      job_id,
      code: 'OUTSIDE_SOURCE_COVERAGE',
      dataset: 'roads',
      figures: { tiles_outside: 4, tiles_total: 4, outside_share: 1 },
      message: 'the area lies outside the coverage of the configured roads source (all 4 work tiles)',
    },
  };
  const history = [...given, warned, started('road_artifacts')];
  spec(history)
    .when({
      type: 'CompletePhase',
      job_id,
      phase: 'road_artifacts',
      outcome: 'complete',
      message: null,
      tiles: { completed: [], skipped: [0, 1, 2, 3], failed: [] },
      outside_coverage: { roads: 4 },
    })
    .then([
      {
        type: 'TerrainPhaseCompleted',
        data: {
          job_id,
          phase: 'road_artifacts',
          outcome: 'complete',
          counts: { total: 4, completed: 0, failed: 0, skipped: 4 },
          message: null,
          tiles: { completed: [], skipped: [0, 1, 2, 3], failed: [] },
        },
      },
      {
        type: 'TerrainSourceStatusChanged',
        data: { job_id, dataset: 'roads', ok: true, code: null, message: 'GeoTIFF roads' },
      },
    ]);
  const state = [...history, warned].reduce(terrainJobDecider.evolve, terrainJobDecider.initialState());
  if (state.status === 'absent') throw new Error('absent');
  const snapshot = terrainJobSnapshot(state);
  assert.equal(
    snapshot.warnings,
    [{ ...warned.data, job_id: undefined }].map(({ job_id: _j, ...w }) => w),
  );
});

test('a state folded before warnings existed has an empty warnings list in its snapshot', () => {
  const state = given.reduce(terrainJobDecider.evolve, terrainJobDecider.initialState());
  if (state.status === 'absent') throw new Error('absent');
  const { warnings: _w, ...old } = state;
  assert.equal(terrainJobSnapshot(old).warnings, []);
});

test.run();
