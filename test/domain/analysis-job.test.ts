// The analysis job aggregate given/when/then, the dependency rule of each tool (interface rules
// 4–6), and the footprint and parameter rules on exact numbers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  analysisJobDecider,
  AnalysisCancelledError,
  type AnalysisRequest,
} from '../../domain/analysis-job/analysis-job-decider.ts';
import type { AnalysisJobEvent } from '../../domain/analysis-job/analysis-job-events.ts';
import {
  dependencyVerdict,
  toolDependencies,
  type CoveringJob,
} from '../../domain/analysis-job/analysis-dependencies.ts';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import { checkAnalysisParameters } from '../../domain/analysis-job/check-analysis-parameters.ts';
import { groundDistanceM } from '../../domain/analysis-job/ground-distance-m.ts';
import {
  footprintGrid,
  cellOfLonLat,
  lonLatOfCell,
  groundCellSizeM,
} from '../../domain/analysis-job/footprint-grid.ts';
import { lineOfSightResult } from '../../domain/analysis-job/line-of-sight-result.ts';
import { viewshedResult } from '../../domain/analysis-job/viewshed-result.ts';
import { mgrsReference } from '../../domain/analysis-job/mgrs-reference.ts';
import { DATASET_NAMES, type DatasetName } from '../../domain/terrain/types.ts';
import { specFor } from '../support/given-when-then.ts';

const analysis_id = '11111111-1111-4111-8111-111111111111';
const account = '22222222-2222-4222-8222-222222222222';
const job_id = '66666666-6666-4666-8666-666666666666';
const request: AnalysisRequest = {
  analysis_id,
  map_id: '33333333-3333-4333-8333-333333333333',
  operation_id: '44444444-4444-4444-8444-444444444444',
  account_id: account,
  analysis_type: 'line_of_sight',
  title: 'Line of sight',
  parameters: {
    observer: { position: [8.5, 47.3], height_m: 2 },
    target: { position: [8.51, 47.3], height_m: 0 },
    refraction_k: 4 / 3,
  },
  work_zoom: 12,
  work_tiles: [[2144, 1435]],
  elevation_source: 'on_demand',
  terrain_job_id: null,
};
const requested: AnalysisJobEvent = { type: 'AnalysisRequested', data: request };
const queued: AnalysisJobEvent = { type: 'AnalysisQueued', data: { analysis_id, task_id: `analysis:${analysis_id}` } };
const started: AnalysisJobEvent = { type: 'AnalysisStarted', data: { analysis_id, worker_id: 'w', attempt: 1 } };
const completed: AnalysisJobEvent = {
  type: 'AnalysisCompleted',
  data: { analysis_id, result: { visible: true }, layer_id: null },
};
const cancelled: AnalysisJobEvent = { type: 'AnalysisCancelled', data: { analysis_id, reason: 'no longer needed' } };
const given = specFor(analysisJobDecider);

test('RequestAnalysis: requested; with a dependency still being prepared, also waiting', () => {
  given([]).when({ type: 'RequestAnalysis', request, wait: null }).then([requested]);
  const wait = { job_id, dataset: 'roads' as const, phase: 'road_artifacts' as const, message: 'waiting for roads' };
  given([])
    .when({ type: 'RequestAnalysis', request, wait })
    .then([requested, { type: 'AnalysisWaiting', data: { analysis_id, ...wait } }]);
  given([requested]).when({ type: 'RequestAnalysis', request, wait: null }).thenThrows('conflict');
});

test('QueueAnalysis: pending or waiting analyses only; a repeat changes nothing', () => {
  given([requested])
    .when({ type: 'QueueAnalysis', analysis_id, task_id: 't' })
    .then([{ type: 'AnalysisQueued', data: { analysis_id, task_id: 't' } }]);
  given([requested, queued]).when({ type: 'QueueAnalysis', analysis_id, task_id: 't' }).then([]);
  given([]).when({ type: 'QueueAnalysis', analysis_id, task_id: 't' }).thenThrows('not_found');
});

test('worker reports: started once per attempt, progress, completion; repeats after the end change nothing', () => {
  given([requested, queued]).when({ type: 'StartAnalysis', analysis_id, worker_id: 'w', attempt: 1 }).then([started]);
  given([requested, queued, started]).when({ type: 'StartAnalysis', analysis_id, worker_id: 'w', attempt: 1 }).then([]);
  given([requested, queued, started])
    .when({ type: 'ProgressAnalysis', analysis_id, progress: { completed: 1, total: 4, stage: 'elevation' } })
    .then([{ type: 'AnalysisProgressed', data: { analysis_id, completed: 1, total: 4, stage: 'elevation' } }]);
  given([requested, queued, started])
    .when({ type: 'CompleteAnalysis', analysis_id, result: { visible: true }, layer_id: null })
    .then([completed]);
  given([requested, queued, started, completed])
    .when({ type: 'CompleteAnalysis', analysis_id, result: {}, layer_id: null })
    .then([]);
  given([requested, queued, started, completed])
    .when({ type: 'FailAnalysis', analysis_id, code: 'X', message: 'x' })
    .then([]);
});

test('a cancelled analysis refuses worker reports so the worker stops', () => {
  assert.throws(
    () =>
      analysisJobDecider.decide(
        { type: 'StartAnalysis', analysis_id, worker_id: 'w', attempt: 1 },
        [requested, cancelled].reduce(analysisJobDecider.evolve, analysisJobDecider.initialState()),
      ),
    (e: unknown) => e instanceof AnalysisCancelledError,
  );
});

test('CancelAnalysis: the owner only, and not once finished', () => {
  given([requested, queued])
    .when({ type: 'CancelAnalysis', analysis_id, account_id: account, reason: 'no longer needed' })
    .then([cancelled]);
  given([requested])
    .when({ type: 'CancelAnalysis', analysis_id, account_id: '99999999-9999-4999-8999-999999999999', reason: 'x' })
    .thenThrows('forbidden');
  given([requested, queued, started, completed])
    .when({ type: 'CancelAnalysis', analysis_id, account_id: account, reason: 'x' })
    .thenThrows('conflict', /already finished/);
  given([]).when({ type: 'CancelAnalysis', analysis_id, account_id: account, reason: 'x' }).thenThrows('not_found');
});

test('evolve: status, waiting_for, result and error follow the events', () => {
  const fold = (events: AnalysisJobEvent[]) =>
    events.reduce(analysisJobDecider.evolve, analysisJobDecider.initialState());
  const wait = { job_id, dataset: 'roads' as const, phase: 'road_artifacts' as const, message: 'm' };
  const waiting = fold([requested, { type: 'AnalysisWaiting', data: { analysis_id, ...wait } }]);
  assert.is(waiting.status, 'waiting');
  assert.equal(waiting.status !== 'absent' && waiting.waiting_for, wait);
  const done = fold([requested, queued, started, completed]);
  assert.is(done.status, 'success');
  assert.equal(done.status !== 'absent' && done.result, { visible: true });
  const failed = fold([
    requested,
    queued,
    { type: 'AnalysisFailed', data: { analysis_id, code: 'NO_COVERAGE', message: 'm' } },
  ]);
  assert.equal(failed.status !== 'absent' && failed.error, { code: 'NO_COVERAGE', message: 'm' });
});

const sources = (overrides: Partial<Record<DatasetName, { ok: boolean; code: string | null }>>) =>
  Object.fromEntries(
    DATASET_NAMES.map((d) => [d, { ok: true, code: null, message: null, ...overrides[d] }]),
  ) as CoveringJob['sources'];
const covering = (status: CoveringJob['status'], overrides: Parameters<typeof sources>[0] = {}): CoveringJob => ({
  job_id,
  status,
  sources: sources(overrides),
});

test('dependencies per tool: routes terrain and roads, landing zones roads only for a road constraint, sight tools elevation', () => {
  assert.equal(toolDependencies('route').datasets, ['elevation', 'land_cover', 'roads']);
  assert.equal(toolDependencies('landing_zones').datasets, ['elevation', 'land_cover']);
  assert.equal(toolDependencies('landing_zones', { roadConstraint: true }).datasets, [
    'elevation',
    'land_cover',
    'roads',
  ]);
  for (const tool of ['line_of_sight', 'viewshed', 'rf_coverage'] as const)
    assert.equal(toolDependencies(tool), { datasets: ['elevation'], onDemand: ['elevation'] });
});

test('verdict: no covering job → sight tools prepare on demand, routes are unavailable', () => {
  assert.equal(dependencyVerdict(toolDependencies('viewshed'), null), {
    kind: 'ready',
    elevation_source: 'on_demand',
    job_id: null,
  });
  const route = dependencyVerdict(toolDependencies('route'), null);
  assert.is(route.kind, 'unavailable');
  assert.is(route.kind === 'unavailable' && route.dataset, 'elevation');
  assert.is(route.kind === 'unavailable' && route.code, 'NO_TERRAIN_JOB');
});

test('verdict: a dataset still being prepared → routes wait, sight tools do not (rule 2, on demand)', () => {
  const running = covering('in_progress', { roads: { ok: false, code: 'ROADS_ARTIFACTS_NOT_READY' } });
  assert.equal(dependencyVerdict(toolDependencies('route'), running), {
    kind: 'wait',
    job_id,
    dataset: 'roads',
    phase: 'road_artifacts',
    message: `waiting for roads: phase road_artifacts of terrain job ${job_id} is still running`,
  });
  assert.equal(dependencyVerdict(toolDependencies('landing_zones'), running), {
    kind: 'ready',
    elevation_source: 'terrain_job',
    job_id,
  });
  const elevationRunning = covering('in_progress', { elevation: { ok: false, code: 'ELEVATION_ARTIFACTS_NOT_READY' } });
  assert.equal(dependencyVerdict(toolDependencies('line_of_sight'), elevationRunning), {
    kind: 'ready',
    elevation_source: 'on_demand',
    job_id: null,
  });
});

test('verdict: a failed dataset names the dataset and the phase holding the failure (rule 3); others are unaffected (rule 6)', () => {
  const failedRoads = covering('failed', { roads: { ok: false, code: 'ROADS_SOURCE_UNREACHABLE' } });
  const verdict = dependencyVerdict(toolDependencies('route'), failedRoads);
  assert.is(verdict.kind, 'unavailable');
  assert.is(verdict.kind === 'unavailable' && verdict.phase, 'road_artifacts');
  assert.match(
    verdict.kind === 'unavailable' ? verdict.message : '',
    /roads is not available: phase road_artifacts of terrain job .* holds the failure \(ROADS_SOURCE_UNREACHABLE\)/,
  );
  assert.equal(dependencyVerdict(toolDependencies('viewshed'), failedRoads), {
    kind: 'ready',
    elevation_source: 'terrain_job',
    job_id,
  });
  assert.equal(dependencyVerdict(toolDependencies('landing_zones'), failedRoads), {
    kind: 'ready',
    elevation_source: 'terrain_job',
    job_id,
  });
  const failedElevation = covering('failed', { elevation: { ok: false, code: 'ELEVATION_SOURCE_UNREACHABLE' } });
  const sight = dependencyVerdict(toolDependencies('viewshed'), failedElevation);
  assert.is(sight.kind === 'unavailable' && sight.phase, 'terrain_source_artifacts');
});

test('footprint: the rectangle of zoom-12 tiles; parameters beyond the limits name their field', () => {
  const los = {
    observer: { position: [8.5, 47.3] as [number, number], height_m: 2 },
    target: { position: [8.51, 47.305] as [number, number], height_m: 0 },
    refraction_k: 4 / 3,
  };
  // x = floor((8.5 + 180) / 360 · 4096) = 2144 (…08.51° E: 2144.82); y = floor(4096 · (1 − ln(tan φ + sec φ) / π) / 2)
  // = floor(1435.65) at 47.3° N and floor(1435.62) at 47.305° N.
  assert.equal(analysisFootprint('line_of_sight', los), [{ z: 12, x: 2144, y: 1435 }]);
  assert.equal(checkAnalysisParameters('line_of_sight', los), []);
  const far = { ...los, target: { position: [8.9, 47.3] as [number, number], height_m: 0 } };
  assert.equal(checkAnalysisParameters('line_of_sight', far)[0]!.loc, ['body', 'target', 'position']);
  const vs = { observer: los.observer, radius_m: 15_000, target_height_m: 0, refraction_k: 4 / 3 };
  assert.ok(analysisFootprint('viewshed', vs).length <= 36);
  assert.equal(checkAnalysisParameters('viewshed', { ...vs, observer: { position: [8.5, 80], height_m: 2 } })[0]!.loc, [
    'body',
    'radius_m',
  ]);
});

test('ground distance (haversine on the mean sphere) and the grid: cell ↔ position, ground cell size', () => {
  assert.ok(Math.abs(groundDistanceM([0, 0], [0, 1]) - 111_195.08) < 0.01);
  const grid = footprintGrid([
    { z: 12, x: 2144, y: 1435 },
    { z: 12, x: 2145, y: 1436 },
  ]);
  assert.equal([grid.width, grid.height, grid.tilesWide], [512, 512, 2]);
  const cell = cellOfLonLat(grid, [8.5, 47.3])!;
  const centre = lonLatOfCell(grid, cell.col, cell.row);
  assert.equal(cellOfLonLat(grid, centre), cell);
  assert.is(cellOfLonLat(grid, [0, 0]), null);
  assert.ok(Math.abs(groundCellSizeM(grid, 45) - 27.0245705) < 1e-6);
  assert.is(mgrsReference([8.5, 47.3]), '32TMT6220038624');
  assert.is(mgrsReference([0, 85]), null);
});

test('results on a synthetic grid: a wall hides the target; the viewshed counts its cells exactly', () => {
  const grid = footprintGrid([{ z: 12, x: 2144, y: 1434 }]);
  const data = new Float32Array(grid.width * grid.height).fill(100);
  const observer = lonLatOfCell(grid, 10, 128),
    target = lonLatOfCell(grid, 60, 128);
  const params = {
    observer: { position: observer, height_m: 2 },
    target: { position: target, height_m: 0 },
    refraction_k: 4 / 3,
  };
  let n = 0;
  const ids = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const flat = lineOfSightResult({ grid, data }, params, ids);
  assert.is(flat.result.visible, true);
  assert.is(flat.result.profile.length, 51);
  assert.is(flat.result.ground_distance_m, Number((50 * flat.result.cell_size_m).toFixed(2)));
  for (let row = 0; row < grid.height; row++) data[row * grid.width + 30] = 150;
  const walled = lineOfSightResult({ grid, data }, params, ids);
  assert.is(walled.result.visible, false);
  assert.is(walled.result.profile[20]!.ground_elevation_m, 150);
  assert.equal(
    walled.features.features.map((f) => f.properties.role),
    ['sight_line', 'observer', 'target'],
  );
  // Flat ground at 100 m, observer 2 m above it, radius 10 cells: every cell within the radius is
  // seen (curvature drops 300 m of ground by 7 mm, less than the eye's height).
  data.fill(100);
  const vs = viewshedResult(
    { grid, data },
    {
      observer: { position: lonLatOfCell(grid, 128, 128), height_m: 2 },
      radius_m: 10 * groundCellSizeM(grid, lonLatOfCell(grid, 128, 128)[1]) + 1e-6,
      target_height_m: 0,
      refraction_k: 4 / 3,
    },
    ids,
  );
  let inside = 0;
  for (let dr = -10; dr <= 10; dr++) for (let dc = -10; dc <= 10; dc++) if (dr * dr + dc * dc <= 100) inside++;
  assert.is(vs.result.cells_in_radius, inside);
  assert.is(vs.result.visible_cells, inside);
  assert.is(vs.result.visible_share, 1);
});

test.run();
