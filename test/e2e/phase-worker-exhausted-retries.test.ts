// Mechanism 1 of issue 9: a worker's report whose command runs out of conflict retries (all phases
// of a job append to one stream) is not a cancellation. The task fails and is redelivered; if every
// delivery fails, the phase ends failed (PHASE_RETRIES_EXHAUSTED). It never stays `running`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedRevisionError,
} from '../../infra/event-store/event-store.ts';
import type { NewEvent } from '../../domain/shared/event-envelope.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { InProcessWorkQueue } from '../../infra/work-queue/in-process-work-queue.ts';
import { decideTerrainJob, loadTerrainJob, type TerrainSources } from '../../commands/terrain-job-commands.ts';
import { systemContext } from '../../commands/command-context.ts';
import { DATASET_NAMES, type DatasetName } from '../../domain/terrain/types.ts';
import type { SourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import type { PhaseRunner } from '../../workers/terrain/phase-thread/create-phase-runner.ts';
import {
  failExhaustedPhase,
  handleTerrainPhaseTask,
  terrainPhaseTask,
} from '../../workers/terrain/terrain-phase-job.ts';
import type { PhaseState } from '../../domain/terrain-job/terrain-job-state.ts';
import { openTestDatabase } from '../support/backends.ts';
import { squareBoundary } from '../support/terrain-flow.ts';

const PHASE = 'terrain_source_artifacts';

/** Refuses the first `conflicts` appends that carry `type`, as a store under heavy contention would. */
class ConflictingStore implements EventStore {
  attempts = 0;
  constructor(
    private readonly inner: EventStore,
    private readonly type: string,
    private conflicts: number,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.some((e) => e.type === this.type)) {
      this.attempts++;
      if (this.conflicts > 0) {
        this.conflicts--;
        throw new WrongExpectedRevisionError(stream, expected, typeof expected === 'number' ? expected + 1 : 0);
      }
    }
    return this.inner.append(stream, events, expected);
  }
  readStream: EventStore['readStream'] = (...args) => this.inner.readStream(...args);
  readAll: EventStore['readAll'] = (...args) => this.inner.readAll(...args);
  headPosition = () => this.inner.headPosition();
  subscribeAll: EventStore['subscribeAll'] = (...args) => this.inner.subscribeAll(...args);
  ping = () => this.inner.ping();
  close = () => this.inner.close();
}

/** A phase runner that finishes at once: the test is about reporting, not building products. */
const instantRunner: PhaseRunner = {
  async run(task) {
    const total = task.tiles.length;
    const counts = { total, completed: total, failed: 0, skipped: 0 };
    const tiles = { completed: task.tiles.map((_, i) => i), skipped: [], failed: [] };
    return { phase: task.phase, status: 'complete', counts, cached: 0, tiles };
  },
  async destroy() {},
};

const providers = Object.fromEntries(DATASET_NAMES.map((d) => [d, createSyntheticProvider(d)])) as Record<
  DatasetName,
  SourceProvider
>;

async function requestedJob(store: EventStore): Promise<string> {
  const jobId = randomUUID();
  const accountId = randomUUID();
  const sources = Object.fromEntries(
    DATASET_NAMES.map((d) => [d, { fingerprint: providers[d].fingerprint, description: 'test' }]),
  );
  await decideTerrainJob(store, systemContext({ account_id: accountId, api_key_id: null }), null, {
    type: 'RequestTerrainJob',
    request: {
      job_id: jobId,
      map_id: randomUUID(),
      operation_id: randomUUID(),
      account_id: accountId,
      boundary_layer_id: randomUUID(),
      boundary_shape: squareBoundary(24.93, 60.15, 24.95, 60.16),
      include_population: false,
      include_buildings: false,
      work_zoom: 12,
      work_tiles: [[2331, 1185]],
      sources: sources as TerrainSources,
    },
  });
  return jobId;
}

/**
 * One phase task through the in-process queue, with the first `conflicts` completion reports
 * refused; resolves when the phase is complete or failed (or after the timeout: still running).
 */
async function runPhaseTask(conflicts: number, maxDeliveries: number, timeoutMs = 20_000) {
  const { db, drop } = await openTestDatabase('pglite');
  const validating = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
  const store = new ConflictingStore(validating, 'TerrainPhaseCompleted', conflicts);
  const logger = pino({ level: 'silent' });
  const onDeadLetter = failExhaustedPhase(store, logger);
  const queue = await InProcessWorkQueue.open({ maxDeliveries, backoffMs: [10], onDeadLetter });
  try {
    const jobId = await requestedJob(store);
    const deliveries: number[] = [];
    const handle = handleTerrainPhaseTask({
      store,
      runner: instantRunner,
      providers,
      sourceSettings: {},
      tileStoreDir: '/nonexistent',
      logger,
    });
    queue.consume(async (task, control) => {
      deliveries.push(control.attempt);
      await handle(task, control);
    });
    await queue.enqueue(terrainPhaseTask(jobId, PHASE));
    const deadline = Date.now() + timeoutMs;
    let phase: PhaseState;
    for (;;) {
      const job = await loadTerrainJob(store, jobId);
      if (job.status === 'absent') throw new Error('job vanished');
      phase = job.phases[PHASE];
      if (phase.status === 'complete' || phase.status === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return { phase, deliveries, reports: store.attempts };
  } finally {
    await queue.close();
    await validating.close();
    await drop();
  }
}

const test = suite('phase worker: a report whose conflict retries run out');

test('every delivery runs out of retries: the task is redelivered, then the phase ends failed', async () => {
  const { phase, deliveries, reports } = await runPhaseTask(Number.POSITIVE_INFINITY, 2);
  assert.is(phase.status, 'failed', `phase ${JSON.stringify(phase)}`);
  assert.is(phase.code, 'PHASE_RETRIES_EXHAUSTED');
  assert.match(phase.message ?? '', /changed concurrently/);
  assert.equal(deliveries, [1, 2], 'redelivered once, then dead-lettered');
  assert.ok(reports >= 2 * 20, `each delivery used up its retries (${reports} attempts)`);
});

test('the first delivery runs out of retries, the redelivery reports: the phase completes', async () => {
  // handleCommand tries 20 times: exactly the first delivery's report is refused.
  const { phase, deliveries } = await runPhaseTask(20, 3);
  assert.is(phase.status, 'complete', `phase ${JSON.stringify(phase)}`);
  assert.is(phase.attempt, 2);
  assert.equal(deliveries, [1, 2]);
});

test.run();
