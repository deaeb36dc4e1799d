// The terrain job rules of the interface, one test each, and the decider given/when/then.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  terrainJobDecider,
  type TerrainJobCommand,
  type TerrainJobRequest,
} from '../../domain/terrain-job/terrain-job-decider.ts';
import type { TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import {
  aggregateStatus,
  isAnalysisReady,
  isDisplayReady,
  planJob,
} from '../../domain/terrain-job/terrain-job-rules.ts';
import { terrainJobSnapshot } from '../../domain/terrain-job/terrain-job-snapshot.ts';
import { PHASE_IDS, type PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import { specFor } from '../support/given-when-then.ts';

const job_id = '11111111-1111-4111-8111-111111111111';
const account = '22222222-2222-4222-8222-222222222222';
const request = (overrides: Partial<TerrainJobRequest> = {}): TerrainJobRequest => ({
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
  ],
  sources: {
    elevation: { fingerprint: 'syn', description: 'synthetic elevation' },
    roads: { fingerprint: 'syn', description: 'synthetic roads' },
  },
  ...overrides,
});
const counts = (total: number, completed: number, failed = 0) => ({ total, completed, failed, skipped: 0 });
/** Every one of `total` tiles with one outcome. */
const allTiles = (total: number, outcome: 'completed' | 'skipped' | 'failed') => ({
  completed: [],
  skipped: [],
  failed: [],
  [outcome]: Array.from({ length: total }, (_, i) => i),
});

/** Runs commands through decide/evolve from nothing and returns the state. */
function run(commands: TerrainJobCommand[]): TerrainJob {
  let state = terrainJobDecider.initialState();
  for (const command of commands) {
    for (const event of terrainJobDecider.decide(command, state)) state = terrainJobDecider.evolve(state, event);
  }
  if (state.status === 'absent') throw new Error('absent');
  return state;
}
const complete = (phase: PhaseId, outcome: 'complete' | 'cached' | 'partial' = 'complete'): TerrainJobCommand[] => [
  { type: 'StartPhase', job_id, phase, worker_id: 'w', attempt: 1 },
  {
    type: 'CompletePhase',
    job_id,
    phase,
    outcome,
    message: null,
    tiles: allTiles(2, outcome === 'cached' ? 'skipped' : 'completed'),
  },
];
const fail = (phase: PhaseId, code = 'ELEVATION_SOURCE_UNREACHABLE'): TerrainJobCommand[] => [
  { type: 'StartPhase', job_id, phase, worker_id: 'w', attempt: 1 },
  { type: 'FailPhase', job_id, phase, code, message: 'cannot reach the source', tiles: allTiles(2, 'failed') },
];
const requested: TerrainJobCommand = { type: 'RequestTerrainJob', request: request() };
const allRawOk = [
  ...complete('terrain_source_artifacts'),
  ...complete('road_artifacts'),
  ...complete('soil_artifacts'),
];

test('unrequested population and buildings: phases skipped, sources NOT_REQUESTED, left out of analysis_ready', () => {
  const job = run([requested, ...allRawOk]);
  assert.is(job.phases.population_artifacts.status, 'skipped');
  assert.is(job.phases.buildings_display_tiles.status, 'skipped');
  assert.equal(job.sources.population, {
    ok: false,
    code: 'NOT_REQUESTED',
    message: 'population was not requested (include_population=false)',
  });
  assert.ok(isAnalysisReady(job));
});

test('rule 1: a source is ready when its ok is true (both terrain sources together)', () => {
  const job = run([requested, ...complete('terrain_source_artifacts')]);
  assert.equal(job.sources.elevation, { ok: true, code: null, message: 'synthetic elevation' });
  assert.is(job.sources.land_cover.ok, true);
  assert.is(job.sources.roads.ok, false);
});

test('rule 2: while running, ok false with a NOT_READY code means still processing', () => {
  const job = run([requested, { type: 'StartPhase', job_id, phase: 'road_artifacts', worker_id: 'w', attempt: 1 }]);
  assert.is(job.status, 'in_progress');
  assert.equal(job.sources.roads, {
    ok: false,
    code: 'ROADS_ARTIFACTS_NOT_READY',
    message: 'roads is still being prepared',
  });
});

test('rule 3: terminal with ok false: code and message describe the problem; the raw phase holds counts', () => {
  let job = run([
    requested,
    ...fail('terrain_source_artifacts'),
    ...complete('road_artifacts'),
    ...complete('soil_artifacts'),
  ]);
  assert.equal(job.sources.elevation, {
    ok: false,
    code: 'ELEVATION_SOURCE_UNREACHABLE',
    message: 'cannot reach the source',
  });
  assert.equal(job.phases.terrain_source_artifacts.counts, counts(2, 0, 2));
  const plan = planJob(job);
  assert.equal(plan.block.map((b) => b.phase).sort(), ['terrain_display_tiles', 'terrain_summary']);
  job = run([
    requested,
    ...fail('terrain_source_artifacts'),
    ...complete('road_artifacts'),
    ...complete('soil_artifacts'),
    { type: 'BlockPhases', job_id, phases: plan.block },
    ...complete('road_display_tiles'),
    ...complete('soil_display_tiles'),
    ...complete('terrain_road_graph'),
    { type: 'FinishJob', job_id },
  ]);
  assert.is(job.status, 'failed');
  assert.is(job.phases.terrain_display_tiles.status, 'blocked');
});

test('rule 4: a derived product is ready only on cached or complete (not partial)', () => {
  const base = [requested, ...allRawOk, ...complete('road_display_tiles', 'partial')];
  assert.is(run(base).phases.road_display_tiles.status, 'partial');
  const all = (outcome: 'complete' | 'cached' | 'partial') =>
    run([
      requested,
      ...allRawOk,
      ...complete('terrain_display_tiles'),
      ...complete('road_display_tiles', outcome),
      ...complete('soil_display_tiles'),
      ...complete('terrain_road_graph'),
      ...complete('terrain_summary'),
    ]);
  assert.is(isDisplayReady(all('partial')), false);
  assert.is(isDisplayReady(all('cached')), true);
  assert.is(isDisplayReady(all('complete')), true);
});

test('rule 5: failed only when a required source phase failed; success may have incomplete display products', () => {
  const displayFailed = run([
    requested,
    ...allRawOk,
    ...fail('terrain_display_tiles', 'TILE_WRITE_FAILED'),
    ...complete('road_display_tiles'),
    ...complete('soil_display_tiles'),
    ...complete('terrain_road_graph'),
    ...complete('terrain_summary'),
  ]);
  assert.is(aggregateStatus(displayFailed), 'success');
  assert.is(isAnalysisReady(displayFailed), true);
  assert.is(isDisplayReady(displayFailed), false);
  const optionalFailed = run([
    { type: 'RequestTerrainJob', request: request({ include_buildings: true }) },
    ...allRawOk,
    ...fail('buildings_artifacts', 'BUILDINGS_SOURCE_UNREACHABLE'),
    { type: 'BlockPhases', job_id, phases: [{ phase: 'buildings_display_tiles', blocked_by: 'buildings_artifacts' }] },
    ...complete('terrain_display_tiles'),
    ...complete('road_display_tiles'),
    ...complete('soil_display_tiles'),
    ...complete('terrain_road_graph'),
    ...complete('terrain_summary'),
  ]);
  assert.is(aggregateStatus(optionalFailed), 'failed', 'a requested optional source is required once requested');
});

test('rule 6: analysis_ready false does not mean everything failed; narrower features check their own dependencies', () => {
  const job = run([requested, ...complete('road_artifacts'), ...complete('road_display_tiles')]);
  assert.is(isAnalysisReady(job), false);
  assert.is(job.sources.roads.ok, true);
  assert.is(job.phases.road_display_tiles.status, 'complete');
});

test('dispatcher plan: raw phases first; a derived phase as soon as its own inputs are ready', () => {
  let job = run([requested]);
  assert.equal(planJob(job).queue, ['terrain_source_artifacts', 'road_artifacts', 'soil_artifacts']);
  job = run([requested, ...complete('road_artifacts')]);
  assert.equal(
    planJob(job).queue.sort(),
    ['road_display_tiles', 'soil_artifacts', 'terrain_road_graph', 'terrain_source_artifacts'].sort(),
  );
  job = run([requested, ...complete('road_artifacts'), ...complete('terrain_source_artifacts', 'cached')]);
  assert.ok(planJob(job).queue.includes('terrain_summary'), 'summary needs terrain and roads');
  assert.is(planJob(job).finish, null);
});

test('job status: pending until a phase starts, then in_progress, terminal only by finish or cancel', () => {
  let job = run([requested, { type: 'QueuePhases', job_id, phases: [{ phase: 'road_artifacts', task_id: 't' }] }]);
  assert.is(job.status, 'pending');
  job = run([requested, ...complete('road_artifacts')]);
  assert.is(job.status, 'in_progress');
});

const spec = specFor(terrainJobDecider);
const given: TerrainJobEvent[] = [{ type: 'TerrainJobRequested', data: request() }];

test('given a finished phase, when a redelivered task reports it again, then nothing', () => {
  const done: TerrainJobEvent[] = [
    ...given,
    { type: 'TerrainPhaseStarted', data: { job_id, phase: 'road_artifacts', worker_id: 'w', attempt: 1 } },
    {
      type: 'TerrainPhaseCompleted',
      data: { job_id, phase: 'road_artifacts', outcome: 'complete', counts: counts(2, 2), message: null },
    },
  ];
  spec(done).when({ type: 'StartPhase', job_id, phase: 'road_artifacts', worker_id: 'w2', attempt: 2 }).then([]);
  spec(done)
    .when({
      type: 'CompletePhase',
      job_id,
      phase: 'road_artifacts',
      outcome: 'complete',
      message: null,
      tiles: allTiles(2, 'completed'),
    })
    .then([]);
  spec(done)
    .when({ type: 'QueuePhases', job_id, phases: [{ phase: 'road_artifacts', task_id: 'x' }] })
    .then([]);
});

test('given a cancelled job, when a worker reports, then conflict; when cancelled again, then conflict', () => {
  const cancelled: TerrainJobEvent[] = [...given, { type: 'TerrainJobCanceled', data: { job_id, reason: 'user' } }];
  spec(cancelled)
    .when({ type: 'StartPhase', job_id, phase: 'soil_artifacts', worker_id: 'w', attempt: 1 })
    .thenThrows('conflict');
  spec(cancelled).when({ type: 'CancelJob', job_id, account_id: account, reason: 'again' }).thenThrows('conflict');
  const state = run([requested, { type: 'CancelJob', job_id, account_id: account, reason: 'user' }]);
  assert.is(state.status, 'cancelled');
  assert.ok(PHASE_IDS.every((p) => ['canceled', 'skipped'].includes(state.phases[p].status)));
  assert.is(state.sources.elevation.code, 'JOB_CANCELLED');
});

test('given a job, when another account cancels, then forbidden', () => {
  spec(given)
    .when({ type: 'CancelJob', job_id, account_id: '99999999-9999-4999-8999-999999999999', reason: 'x' })
    .thenThrows('forbidden');
});

test('snapshot has exactly the interface shape, plus the AO sanity warnings (issue 22)', () => {
  const snapshot = terrainJobSnapshot(run([requested, ...complete('road_artifacts')]));
  assert.equal(Object.keys(snapshot).sort(), [
    'analysis_ready',
    'display_ready',
    'phases',
    'sources',
    'status',
    'warnings',
  ]);
  assert.equal(snapshot.warnings, []);
  assert.equal(Object.keys(snapshot.sources).sort(), [
    'buildings',
    'elevation',
    'land_cover',
    'population',
    'roads',
    'soil',
  ]);
  const road = snapshot.phases.find((p) => p.id === 'road_artifacts')!;
  assert.equal(road, { id: 'road_artifacts', status: 'complete', label: 'Roads', counts: counts(2, 2) });
  const pending = snapshot.phases.find((p) => p.id === 'soil_artifacts')!;
  assert.equal(pending, { id: 'soil_artifacts', status: 'pending', label: 'Soil' });
});

test.run();
