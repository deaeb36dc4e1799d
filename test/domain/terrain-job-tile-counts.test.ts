// Issue 20, "job counts after a worker is killed": a phase's counts are per work tile and exact
// across deliveries. Given/when/then over the terrain job decider, one test per stage of a phase at
// which a worker can die (before any report, after some tiles, after every tile, after completing),
// and for duplicated, stale and incomplete reports.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  terrainJobDecider,
  type TerrainJobCommand,
  type TerrainJobRequest,
} from '../../domain/terrain-job/terrain-job-decider.ts';
import type { TerrainJobEvent } from '../../domain/terrain-job/terrain-job-events.ts';
import type { TerrainJob } from '../../domain/terrain-job/terrain-job-state.ts';
import type { TileOutcomes } from '../../domain/terrain-job/tile-tally.ts';
import { specFor } from '../support/given-when-then.ts';

const job_id = '11111111-1111-4111-8111-111111111111';
const phase = 'terrain_source_artifacts';
const request: TerrainJobRequest = {
  job_id,
  map_id: '33333333-3333-4333-8333-333333333333',
  operation_id: '44444444-4444-4444-8444-444444444444',
  account_id: '22222222-2222-4222-8222-222222222222',
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
  sources: { elevation: { fingerprint: 'syn', description: 'synthetic elevation' } },
};
const tiles = (t: Partial<TileOutcomes>): TileOutcomes => ({ completed: [], skipped: [], failed: [], ...t });
const counts = (completed: number, skipped: number, failed = 0) => ({ total: 4, completed, skipped, failed });

type Outcome = 'complete' | 'cached' | 'partial';
const start = (attempt: number): TerrainJobCommand => ({
  type: 'StartPhase',
  job_id,
  phase,
  worker_id: `w${attempt}`,
  attempt,
});
const progress = (t: Partial<TileOutcomes>): TerrainJobCommand => ({
  type: 'ProgressPhase',
  job_id,
  phase,
  tiles: tiles(t),
});
const completeWith = (t: Partial<TileOutcomes>, outcome: Outcome = 'complete'): TerrainJobCommand => ({
  type: 'CompletePhase',
  job_id,
  phase,
  outcome,
  tiles: tiles(t),
  message: null,
});

/** The events of running commands from a requested job (each decided on the state before it). */
function eventsOf(commands: TerrainJobCommand[]): TerrainJobEvent[] {
  let state = terrainJobDecider.initialState();
  const events: TerrainJobEvent[] = [];
  for (const command of [{ type: 'RequestTerrainJob', request } as TerrainJobCommand, ...commands]) {
    for (const event of terrainJobDecider.decide(command, state)) {
      state = terrainJobDecider.evolve(state, event);
      events.push(event);
    }
  }
  return events;
}
const stateOf = (events: TerrainJobEvent[]): TerrainJob => {
  const state = events.reduce(terrainJobDecider.evolve, terrainJobDecider.initialState());
  if (state.status === 'absent') throw new Error('absent');
  return state;
};
const spec = specFor(terrainJobDecider);
const completed = (outcome: Outcome, c: ReturnType<typeof counts>, t: Partial<TileOutcomes>): TerrainJobEvent => ({
  type: 'TerrainPhaseCompleted',
  data: { job_id, phase, outcome, counts: c, message: null, tiles: tiles(t) },
});
type Text = string | null;
const source = (dataset: 'elevation' | 'land_cover', ok: boolean, code: Text, message: Text): TerrainJobEvent => ({
  type: 'TerrainSourceStatusChanged',
  data: { job_id, dataset, ok, code, message },
});
const sourcesReady = [source('elevation', true, null, 'synthetic elevation'), source('land_cover', true, null, null)];

test('killed after starting, before any tile report: the next delivery counts every tile', () => {
  const given = eventsOf([start(1), start(2)]);
  spec(given)
    .when(completeWith({ completed: [0, 1, 2, 3] }))
    .then([completed('complete', counts(4, 0), { completed: [0, 1, 2, 3] }), ...sourcesReady]);
});

test('killed after reporting 2 built tiles: the next delivery finds them cached; they still count completed', () => {
  // The observed defect: 9 of 12 completed, the 3 tiles the killed delivery built counted skipped.
  const given = eventsOf([start(1), progress({ completed: [0] }), progress({ completed: [2] }), start(2)]);
  assert.equal(stateOf(given).phases[phase].counts, counts(2, 0));
  spec(given)
    .when(completeWith({ completed: [1, 3], skipped: [0, 2] }))
    .then([completed('complete', counts(4, 0), { completed: [1, 3], skipped: [0, 2] }), ...sourcesReady]);
});

test('killed after every tile was built and reported, before completing: all cached next → complete 4/4', () => {
  const given = eventsOf([start(1), progress({ completed: [0, 1, 2, 3] }), start(2)]);
  spec(given)
    .when(completeWith({ skipped: [0, 1, 2, 3] }, 'cached'))
    .then([completed('complete', counts(4, 0), { skipped: [0, 1, 2, 3] }), ...sourcesReady]);
});

test('killed between building a tile and reporting it: that tile is counted once, skipped (cached), never lost', () => {
  const given = eventsOf([start(1), progress({ completed: [0] }), start(2)]);
  // Tile 1 was built by the killed delivery but never reported: the next one sees it cached.
  spec(given)
    .when(completeWith({ completed: [2, 3], skipped: [0, 1] }))
    .then([completed('complete', counts(3, 1), { completed: [2, 3], skipped: [0, 1] }), ...sourcesReady]);
});

test('killed after completing, before the ack: the redelivered report changes nothing', () => {
  const given = eventsOf([start(1), completeWith({ completed: [0, 1, 2, 3] }), start(2)]);
  spec(given)
    .when(completeWith({ skipped: [0, 1, 2, 3] }, 'cached'))
    .then([]);
  spec(given)
    .when(progress({ skipped: [0] }))
    .then([]);
});

test('a duplicated progress report (a retried append) changes nothing', () => {
  const given = eventsOf([start(1), progress({ completed: [0, 1], failed: [2] })]);
  spec(given)
    .when(progress({ completed: [0, 1], failed: [2] }))
    .then([]);
  spec(given)
    .when(progress({ completed: [1], skipped: [3] }))
    .then([
      {
        type: 'TerrainPhaseProgressed',
        data: { job_id, phase, counts: counts(2, 1, 1), tiles: tiles({ completed: [1], skipped: [3] }) },
      },
    ]);
});

test('a stale delivery reporting a tile failed after another built it: the tile stays completed', () => {
  const given = eventsOf([start(1), start(2), progress({ completed: [2] }), progress({ failed: [2] })]);
  assert.equal(stateOf(given).phases[phase].counts, counts(1, 0));
  spec(given)
    .when(completeWith({ completed: [0, 1, 3], failed: [2] }, 'partial'))
    .then([completed('partial', counts(4, 0), { completed: [0, 1, 3], failed: [2] }), ...sourcesReady]);
});

test('a tile skipped (no coverage) by two deliveries counts once; a failed one retried and built is completed', () => {
  const given = eventsOf([start(1), progress({ skipped: [0], failed: [1] }), start(2), progress({ skipped: [0] })]);
  assert.equal(stateOf(given).phases[phase].counts, counts(0, 1, 1));
  spec(given)
    .when(completeWith({ skipped: [0], completed: [1, 2, 3] }))
    .then([completed('complete', counts(3, 1), { skipped: [0], completed: [1, 2, 3] }), ...sourcesReady]);
});

test('every order of two deliveries reporting one tile: counted exactly once, completed whenever either built it', () => {
  const outcomes = ['completed', 'skipped', 'failed'] as const;
  for (const first of outcomes) {
    for (const second of outcomes) {
      const given = eventsOf([start(1), progress({ [first]: [0] }), start(2), progress({ [second]: [0] })]);
      const c = stateOf(given).phases[phase].counts!;
      const what = `${first} then ${second}`;
      assert.is(c.completed + c.skipped + c.failed, 1, what);
      const expected = first === 'completed' || second === 'completed' ? 'completed' : second;
      assert.is(c[expected], 1, what);
    }
  }
});

test("a phase completes only when every tile is counted; tile indices must be the job's", () => {
  const given = eventsOf([start(1), progress({ completed: [0] })]);
  spec(given)
    .when(completeWith({ completed: [1, 2] }))
    .thenThrows('invalid', /1 of its 4 work tiles are not counted/);
  spec(given)
    .when(completeWith({ completed: [1, 2, 3] }))
    .then([completed('complete', counts(4, 0), { completed: [1, 2, 3] }), ...sourcesReady]);
  spec(given)
    .when(progress({ completed: [4] }))
    .thenThrows('invalid', /work tile 4 is not one of the job's 4/);
  spec(given)
    .when(completeWith({ completed: [1, 2, 3, -1] }))
    .thenThrows('invalid', /work tile -1/);
});

test('out of deliveries: the failure keeps what was reported and counts the rest skipped (sum = total)', () => {
  const given = eventsOf([start(1), progress({ completed: [0, 1], failed: [2] }), start(2)]);
  const [code, message] = ['PHASE_RETRIES_EXHAUSTED', 'phase failed after 2 attempts'];
  spec(given)
    .when({ type: 'FailPhase', job_id, phase, code, message })
    .then([
      { type: 'TerrainPhaseFailed', data: { job_id, phase, code, message, counts: counts(2, 1, 1) } },
      source('elevation', false, code, message),
      source('land_cover', false, code, message),
    ]);
});

test('events recorded before per-tile reports (no tiles) keep their own counts', () => {
  const given: TerrainJobEvent[] = [
    ...eventsOf([start(1)]),
    { type: 'TerrainPhaseProgressed', data: { job_id, phase, counts: counts(1, 0) } },
    {
      type: 'TerrainPhaseCompleted',
      data: { job_id, phase, outcome: 'complete', counts: counts(3, 1), message: null },
    },
  ];
  const state = stateOf(given);
  assert.equal([state.phases[phase].status, state.phases[phase].counts], ['complete', counts(3, 1)]);
});

test.run();
