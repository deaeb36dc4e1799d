// The terrain pipeline of one process: the work queue, and the dispatcher and/or phase workers
// that the configuration puts here (embedded mode: both, in the API process; production: the
// dispatcher beside the projector, workers in `npm run worker` processes).
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Config } from '../infra/config.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { DatasetName } from '../domain/terrain/types.ts';
import { openWorkQueue } from '../infra/work-queue/open-work-queue.ts';
import type { TaskConsumer, WorkQueue } from '../infra/work-queue/work-queue.ts';
import type { SourceProvider } from './terrain/sources/source-provider.ts';
import { createPhaseRunner, type PhaseRunner } from './terrain/phase-thread/create-phase-runner.ts';
import { TerrainDispatcher } from './terrain-dispatcher.ts';
import { failExhaustedPhase, startPhaseWorkers } from './terrain-phase-worker.ts';

export interface TerrainPipeline {
  queue: WorkQueue;
  dispatcher: TerrainDispatcher | null;
  close(): Promise<void>;
}

export interface TerrainPipelineOptions {
  config: Config;
  store: EventStore;
  knex: Knex;
  logger: Logger;
  providers: Record<DatasetName, SourceProvider>;
  env: Record<string, string | undefined>;
  dispatcher: boolean;
  workers: boolean;
}

const SOURCE_VARIABLES = ['ELEVATION_SOURCE', 'LAND_COVER_SOURCE', 'ROADS_SOURCE', 'SOIL_SOURCE', 'POPULATION_SOURCE', 'BUILDINGS_SOURCE'];

export async function startTerrainPipeline(options: TerrainPipelineOptions): Promise<TerrainPipeline> {
  const { config, store, logger } = options;
  const queue = await openWorkQueue(config, {
    stream: config.natsStream,
    subject: config.natsSubject,
    durable: config.natsDurable,
    ackWaitMs: config.taskAckWaitMs,
    maxDeliveries: config.taskMaxDeliveries,
    onDeadLetter: failExhaustedPhase(store, logger),
    onError: (error, context) => logger.error({ err: error, ...context }, 'work queue error'),
  });
  let runner: PhaseRunner | null = null;
  let consumer: TaskConsumer | null = null;
  if (options.workers) {
    runner = createPhaseRunner(config.workerConcurrency);
    consumer = startPhaseWorkers(queue, {
      store, runner, providers: options.providers, logger, tileStoreDir: config.tileStoreDir,
      sourceSettings: Object.fromEntries(SOURCE_VARIABLES.map((name) => [name, options.env[name]])),
    }, config.workerConcurrency);
  }
  let dispatcher: TerrainDispatcher | null = null;
  if (options.dispatcher) {
    dispatcher = new TerrainDispatcher(store, options.knex, queue, logger);
    await dispatcher.start();
  }
  let closing: Promise<void> | null = null;
  return {
    queue,
    dispatcher,
    close() {
      closing ??= (async () => {
        await dispatcher?.stop();
        await consumer?.stop();
        await queue.close();
        await runner?.destroy();
      })();
      return closing;
    },
  };
}
