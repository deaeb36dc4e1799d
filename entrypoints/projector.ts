// `npm run projector`: the projection runner on its own (production: API with INLINE_PROJECTOR=false),
// with the terrain and document dispatchers and the document storage sweeper beside it (one per
// deployment, following the same log).
import { openBackends } from '../service.ts';
import { ProjectionRunner } from '../projections/projection-runner.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';
import { startWorkPipeline } from '../workers/work-pipeline.ts';
import { runEntrypoint } from './run-entrypoint.ts';
import { scheduleDocumentStorageSweeps, sweepDocumentStorage } from '../api/documents/sweep-document-storage.ts';

await runEntrypoint(async (config) => {
  const backends = await openBackends(config);
  const runner = new ProjectionRunner(backends.store, backends.db.knex, allProjectors, {
    onError: (error) => backends.logger.error({ err: error }, 'projection batch failed; retrying from the checkpoint'),
    onBatch: (position, count) => backends.logger.debug({ position, count }, 'projected'),
  });
  await runner.start();
  const pipeline = await startWorkPipeline({
    config,
    store: backends.store,
    knex: backends.db.knex,
    logger: backends.logger,
    providers: backends.providers,
    documents: backends.documents,
    blobStore: backends.blobStore,
    env: process.env,
    dispatcher: true,
    workers: false,
  });
  // The document storage sweeper: one per deployment, like the dispatchers.
  const sweeps = scheduleDocumentStorageSweeps(
    () => sweepDocumentStorage(backends.store, backends.db.knex, backends.documents, backends.logger),
    backends.logger,
  );
  backends.logger.info({ checkpoint: runner.checkpoint }, 'projector and dispatcher running');
  return async () => {
    sweeps.stop();
    await pipeline.close();
    await runner.stop();
    await backends.close();
  };
});
