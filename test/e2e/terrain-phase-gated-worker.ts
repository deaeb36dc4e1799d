// Helper process for terrain-phase-killed-counts.test.ts (not a test file): a real terrain phase
// worker (handleTerrainPhaseTask on PostgreSQL and NATS JetStream, the real raw-artifact builder and
// tile store) whose every elevation read waits for a "go" line on stdin, announcing itself first
// (`tile <x>/<y>`), and which waits once more (`finish`) after the phase ran and before it reports.
// The test answers the gates it wants passed and SIGKILLs the process at the stage it tests.
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { openDatabase } from '../../infra/database/database.ts';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { NatsWorkQueue } from '../../infra/work-queue/nats-work-queue.ts';
import { createFsBlobStore } from '../../infra/blob-store/create-fs-blob-store.ts';
import { DATASET_NAMES, type DatasetName } from '../../domain/terrain/types.ts';
import type { RasterSourceProvider, SourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { createSyntheticProvider } from '../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import { runTerrainPhase } from '../../workers/terrain/run-terrain-phase.ts';
import type { PhaseRunner } from '../../workers/terrain/phase-thread/create-phase-runner.ts';
import {
  failExhaustedPhase,
  handleTerrainPhaseTask,
  TERRAIN_PHASE_TASK,
} from '../../workers/terrain/terrain-phase-job.ts';

const env = process.env;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function gate(label: string): Promise<void> {
  process.stdout.write(`${label}\n`);
  const { value, done } = await lines.next();
  if (done || value !== 'go') await new Promise(() => {}); // never passes: the test kills us here
}

const providers = Object.fromEntries(DATASET_NAMES.map((d) => [d, createSyntheticProvider(d)])) as Record<
  DatasetName,
  SourceProvider
>;
const elevation = providers.elevation as RasterSourceProvider;
const gated: Record<DatasetName, SourceProvider> = {
  ...providers,
  elevation: {
    ...elevation,
    async readTile(tile, signal) {
      await gate(`tile ${tile.x}/${tile.y}`);
      return elevation.readTile(tile, signal);
    },
  } as RasterSourceProvider,
};

/** The phase in this thread (no piscina), with the gated providers. */
const runner: PhaseRunner = {
  async run(task, options) {
    const result = await runTerrainPhase({
      phase: task.phase,
      area: task.area,
      tiles: task.tiles,
      includePopulation: task.includePopulation,
      includeBuildings: task.includeBuildings,
      providers: gated,
      store: createFsBlobStore(task.tileStoreDir),
      concurrency: task.concurrency,
      onProgress: options.onProgress,
      signal: options.signal,
    });
    await gate('finish');
    return result;
  },
  async destroy() {},
};

const db = await openDatabase({ connectionString: env.GATED_DATABASE_URL!, schema: env.GATED_SCHEMA!, poolMax: 4 });
const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
const logger = pino({ level: 'silent' });
const queue = await NatsWorkQueue.open({
  url: env.GATED_NATS_URL!,
  stream: env.GATED_STREAM!,
  subject: env.GATED_SUBJECT!,
  durable: 'workers',
  ackWaitMs: Number(env.GATED_ACK_WAIT_MS),
  pullExpiresMs: 1000,
  onDeadLetter: failExhaustedPhase(store, logger),
});
const handle = handleTerrainPhaseTask({
  store,
  runner,
  providers,
  sourceSettings: {},
  tileStoreDir: env.GATED_TILE_STORE!,
  logger,
  workerId: 'gated',
  tileConcurrency: 1,
});
queue.consume(async (task, control) => {
  if (task.kind === TERRAIN_PHASE_TASK) await handle(task, control);
});
process.stdout.write('ready\n');
