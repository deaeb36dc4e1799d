// test:serial (kills worker processes mid-phase)
// Issue 20, "job counts after a worker is killed": a real phase worker process (PostgreSQL event
// store, NATS JetStream queue, the real raw-artifact builder; terrain-phase-gated-worker.ts) is
// SIGKILLed at each stage of a phase — after starting it, after two of its four tiles were built and
// reported, after every tile was built and reported but before it completed — and a second worker
// takes the redelivered task. Every stage ends with each of the 4 tiles counted exactly once, and
// every tile the job built counted completed (before per-tile counts, tiles the killed delivery
// built counted as skipped: "complete (2/4)", or the whole phase "cached (0/4)").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { pino } from 'pino';
import { decideTerrainJob, loadTerrainJob, type TerrainSources } from '../../commands/terrain-job-commands.ts';
import { systemContext } from '../../commands/command-context.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { terrainJobStream } from '../../domain/terrain-job/terrain-job-events.ts';
import type { PhaseState } from '../../domain/terrain-job/terrain-job-state.ts';
import { DATASET_NAMES, type DatasetName } from '../../domain/terrain/types.ts';
import { createFsBlobStore } from '../../infra/blob-store/create-fs-blob-store.ts';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import { NatsWorkQueue } from '../../infra/work-queue/nats-work-queue.ts';
import { runTerrainPhase } from '../../workers/terrain/run-terrain-phase.ts';
import type { PhaseRunner } from '../../workers/terrain/phase-thread/create-phase-runner.ts';
import type { SourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import {
  failExhaustedPhase,
  handleTerrainPhaseTask,
  terrainPhaseTask,
} from '../../workers/terrain/terrain-phase-job.ts';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  uniqueName,
  type TestDatabase,
} from '../support/backends.ts';
import { squareBoundary } from '../support/terrain-flow.ts';

const PHASE = 'terrain_source_artifacts';
const ACK_WAIT_MS = 2000;
const WORK_TILES: Array<[number, number]> = [
  [2331, 1185],
  [2332, 1185],
  [2331, 1186],
  [2332, 1186],
];
const providers = Object.fromEntries(DATASET_NAMES.map((d) => [d, createSyntheticProvider(d)])) as Record<
  DatasetName,
  SourceProvider
>;
const logger = pino({ level: 'silent' });

let database: TestDatabase;
let store: ValidatingEventStore;
const children: ChildProcess[] = [];
const streams: string[] = [];
const dirs: string[] = [];

test.before(async () => {
  database = await openTestDatabase('postgres');
  store = new ValidatingEventStore(await SqlEventStore.open(database.db), eventSchemas);
});

test.after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await nc.jetstreamManager();
  for (const stream of streams) await jsm.streams.delete(stream).catch(() => undefined);
  await nc.close();
  await store.close();
  await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function requestedJob(): Promise<string> {
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
      boundary_shape: squareBoundary(24.9, 60.1, 25.0, 60.2),
      include_population: false,
      include_buildings: false,
      work_zoom: 12,
      work_tiles: WORK_TILES,
      sources: sources as TerrainSources,
    },
  });
  return jobId;
}

/** The gated worker process, with a reader of the gate lines it announces. */
function startGatedWorker(names: { stream: string; subject: string }, tileStore: string) {
  const helper = fileURLToPath(new URL('./terrain-phase-gated-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', helper], {
    env: {
      ...process.env,
      GATED_DATABASE_URL: TEST_DATABASE_URL,
      GATED_SCHEMA: database.db.schema,
      GATED_NATS_URL: TEST_NATS_URL,
      GATED_STREAM: names.stream,
      GATED_SUBJECT: names.subject,
      GATED_ACK_WAIT_MS: String(ACK_WAIT_MS),
      GATED_TILE_STORE: tileStore,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    async next(): Promise<string> {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the gated worker said nothing for 60 s')), 60_000),
      );
      const { value, done } = await Promise.race([lines.next(), timeout]);
      if (done) throw new Error(`the gated worker ended (${child.exitCode ?? child.signalCode})`);
      return value;
    },
    pass: () => child.stdin!.write('go\n'),
  };
}

/** Polls the job's phase until `ready` holds for it. */
async function phaseUntil(jobId: string, ready: (phase: PhaseState) => boolean, what: string): Promise<PhaseState> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await loadTerrainJob(store, jobId);
    if (job.status === 'absent') throw new Error('job vanished');
    if (ready(job.phases[PHASE])) return job.phases[PHASE];
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(job.phases[PHASE])}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One stage: the gated worker takes the phase, passes `tilesBeforeKill` tiles (and, when `finish`,
 * its last gate's announcement), waits until the job has the reported counts, and is killed; a
 * healthy worker then completes the phase from the redelivered task.
 */
async function killAt(stage: { tilesBeforeKill: number; reported: number; atFinish?: boolean }) {
  const names = { stream: uniqueName('KILLED_COUNTS'), subject: `${uniqueName('killed').toLowerCase()}.tasks` };
  streams.push(names.stream);
  const tileStore = mkdtempSync(join(tmpdir(), 'killed-counts-'));
  dirs.push(tileStore);
  const jobId = await requestedJob();
  const gated = startGatedWorker(names, tileStore);
  assert.is(await gated.next(), 'ready');
  const queue = await NatsWorkQueue.open({
    url: TEST_NATS_URL,
    ...names,
    durable: 'workers',
    ackWaitMs: ACK_WAIT_MS,
    pullExpiresMs: 1000,
    onDeadLetter: failExhaustedPhase(store, logger),
  });
  try {
    await queue.enqueue(terrainPhaseTask(jobId, PHASE));
    for (let i = 0; i < stage.tilesBeforeKill; i++) {
      assert.match(await gated.next(), /^tile \d+\/\d+$/);
      gated.pass();
    }
    assert.match(await gated.next(), stage.atFinish ? /^finish$/ : /^tile /, 'the worker waits at the stage tested');
    const reported = (p: PhaseState) => p.status === 'running' && (p.counts?.completed ?? 0) >= stage.reported;
    const before = await phaseUntil(jobId, reported, `${stage.reported} tiles reported`);
    gated.child.kill('SIGKILL');
    await new Promise((r) => gated.child.once('exit', r));
    // The healthy worker: the same worker code, phases in this thread, ungated sources.
    const runner: PhaseRunner = {
      run: (task, options) =>
        runTerrainPhase({
          phase: task.phase,
          area: task.area,
          tiles: task.tiles,
          includePopulation: false,
          includeBuildings: false,
          providers,
          store: createFsBlobStore(task.tileStoreDir),
          onProgress: options.onProgress,
          signal: options.signal,
        }),
      async destroy() {},
    };
    queue.consume(
      handleTerrainPhaseTask({
        store,
        runner,
        providers,
        sourceSettings: {},
        tileStoreDir: tileStore,
        logger,
      }),
    );
    const ended = (p: PhaseState) => ['complete', 'cached', 'partial', 'failed'].includes(p.status);
    const after = await phaseUntil(jobId, ended, 'the phase to end');
    const events = await store.readStream(terrainJobStream(jobId));
    const starts = events
      .filter((e) => e.type === 'TerrainPhaseStarted')
      .map((e) => (e.data as { attempt: number }).attempt);
    return { before, after, starts };
  } finally {
    await queue.close();
  }
}

const everyTileCompleted = { total: 4, completed: 4, skipped: 0, failed: 0 };

test('killed after starting the phase, before any tile: the next delivery builds and counts all 4', async () => {
  const { before, after, starts } = await killAt({ tilesBeforeKill: 0, reported: 0 });
  assert.is(before.status, 'running');
  assert.equal([after.status, after.counts], ['complete', everyTileCompleted]);
  assert.ok(starts.length >= 2 && starts.at(-1)! >= 2, `redelivered: attempts ${starts}`);
});

test('killed after 2 of 4 tiles were built and reported: those 2 still count completed (4/4, not 2/4)', async () => {
  const { before, after } = await killAt({ tilesBeforeKill: 2, reported: 2 });
  assert.equal(before.counts, { total: 4, completed: 2, skipped: 0, failed: 0 });
  assert.equal([after.status, after.counts], ['complete', everyTileCompleted]);
});

test('killed after every tile was built and reported, before completing: complete 4/4, not cached 0/4', async () => {
  const { before, after } = await killAt({ tilesBeforeKill: 4, reported: 4, atFinish: true });
  assert.equal(before.counts, everyTileCompleted);
  assert.equal([after.status, after.counts], ['complete', everyTileCompleted]);
});

test.run();
