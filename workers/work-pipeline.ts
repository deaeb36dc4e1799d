// The work pipeline of one process: the work queue, and the dispatchers and/or workers that the
// configuration puts here (embedded mode: both, in the API process; production: the dispatchers
// beside the projector, workers in `npm run worker` processes). One queue carries the tasks of
// every job kind (workers/jobs/job-registry.ts); workers take them all.
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Config } from '../infra/config.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { DatasetName } from '../domain/terrain/types.ts';
import { openWorkQueue } from '../infra/work-queue/open-work-queue.ts';
import type { TaskConsumer, WorkQueue } from '../infra/work-queue/work-queue.ts';
import type { SourceProvider } from './terrain/sources/source-provider.ts';
import { routeDeadLetters, routeTasks } from './route-tasks.ts';
import type { DocumentStorage } from '../infra/document-storage/document-storage.ts';
import type { BlobStore } from '../infra/blob-store/blob-store.ts';
import type { LanguageModel } from '../infra/language-model/language-model.ts';
import { DRAFTING_RULES } from './generation/drafting-rules.ts';
import { JOB_KINDS } from './jobs/job-registry.ts';
import type { JobDispatcher } from './jobs/define-job-kind.ts';
import { startCancellationWatch, type CancellationWatch } from './jobs/cancellation-watch.ts';
import { openLanguageModel } from '../infra/language-model/open-language-model.ts';

export interface WorkPipeline {
  queue: WorkQueue;
  close(): Promise<void>;
}

export interface WorkPipelineOptions {
  config: Config;
  store: EventStore;
  knex: Knex;
  logger: Logger;
  providers: Record<DatasetName, SourceProvider>;
  documents: DocumentStorage;
  /** The tile store: analysis workers write raster results there as tiles. */
  blobStore: BlobStore;
  env: Record<string, string | undefined>;
  dispatcher: boolean;
  workers: boolean;
  /** The model generation workers draft with (default: opened from config.languageModel). */
  languageModel?: LanguageModel;
}

const SOURCE_VARIABLES = [
  'ELEVATION_SOURCE',
  'LAND_COVER_SOURCE',
  'ROADS_SOURCE',
  'SOIL_SOURCE',
  'POPULATION_SOURCE',
  'BUILDINGS_SOURCE',
];

export async function startWorkPipeline(options: WorkPipelineOptions): Promise<WorkPipeline> {
  const { config, store, logger } = options;
  const queue = await openWorkQueue(config, {
    stream: config.natsStream,
    subject: config.natsSubject,
    durable: config.natsDurable,
    ackWaitMs: config.taskAckWaitMs,
    maxDeliveries: config.taskMaxDeliveries,
    onDeadLetter: routeDeadLetters(
      Object.fromEntries(JOB_KINDS.map((kind) => [kind.kind, kind.deadLetter({ store, logger })])),
      (task) => {
        logger.error({ task_id: task.id, kind: task.kind }, 'dead task of an unknown kind dropped');
      },
    ),
    onError: (error, context) => logger.error({ err: error, ...context }, 'work queue error'),
  });
  let consumer: TaskConsumer | null = null;
  let languageModel: LanguageModel | null = null;
  const workers: Array<{ close(): Promise<void> }> = [];
  let cancellations: CancellationWatch | null = null;
  if (options.workers) {
    languageModel = options.languageModel ?? (await openLanguageModel(config.languageModel, DRAFTING_RULES));
    const sourceSettings = Object.fromEntries(SOURCE_VARIABLES.map((name) => [name, options.env[name]]));
    const services = {
      config,
      store,
      knex: options.knex,
      logger,
      providers: options.providers,
      documents: options.documents,
      blobStore: options.blobStore,
      languageModel,
      sourceSettings,
    };
    cancellations = await startCancellationWatch(
      store,
      (event) => JOB_KINDS.flatMap((kind) => kind.cancelledTasks(event)),
      logger,
    );
    const watch = cancellations;
    const handlers = Object.fromEntries(
      JOB_KINDS.map((kind) => {
        const worker = kind.startWorker(services, watch);
        workers.push(worker);
        return [kind.kind, worker.handle];
      }),
    );
    consumer = queue.consume(routeTasks(handlers), { concurrency: config.workerConcurrency });
  }
  const dispatchers: JobDispatcher[] = [];
  if (options.dispatcher) {
    for (const kind of JOB_KINDS) {
      const jobDispatcher = kind.dispatcher({ config, store, knex: options.knex, logger, queue });
      if (!jobDispatcher) continue;
      await jobDispatcher.start();
      dispatchers.push(jobDispatcher);
    }
  }
  let closing: Promise<void> | null = null;
  return {
    queue,
    close() {
      closing ??= (async () => {
        for (const jobDispatcher of dispatchers) await jobDispatcher.stop();
        await consumer?.stop();
        await cancellations?.close();
        await queue.close();
        for (const worker of workers) await worker.close();
        // A model passed in is its owner's to close.
        if (!options.languageModel) await languageModel?.close();
      })();
      return closing;
    },
  };
}
