// `npm run worker`: phase workers only (production: several such processes on several machines
// share the JetStream work queue; the dispatcher runs beside the projector).
import { hostname } from 'node:os';
import { ConfigError } from '../infra/config.ts';
import { openBackends } from '../service.ts';
import { startWorkPipeline } from '../workers/work-pipeline.ts';
import { runEntrypoint } from './run-entrypoint.ts';

await runEntrypoint(async (config) => {
  if (config.workQueue !== 'nats') {
    throw new ConfigError(
      'npm run worker needs WORK_QUEUE=nats and NATS_URL (embedded mode runs its workers inside npm start)',
    );
  }
  const backends = await openBackends(config, { migrateReadModels: false });
  const pipeline = await startWorkPipeline({
    config,
    store: backends.store,
    knex: backends.db.knex,
    logger: backends.logger,
    providers: backends.providers,
    documents: backends.documents,
    blobStore: backends.blobStore,
    env: process.env,
    dispatcher: false,
    workers: true,
  });
  backends.logger.info(
    { host: hostname(), pid: process.pid, concurrency: config.workerConcurrency },
    'terrain workers running',
  );
  return async () => {
    await pipeline.close();
    await backends.close();
  };
});
