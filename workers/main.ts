// `npm run worker`: phase workers only (production: several such processes on several machines
// share the JetStream work queue; the dispatcher runs beside the projector).
import { hostname } from 'node:os';
import { ConfigError, loadConfig } from '../infra/config.ts';
import { openBackends } from '../service.ts';
import { SourceError } from './terrain/sources/source-provider.ts';
import { startTerrainPipeline } from './terrain-pipeline.ts';

try {
  const config = loadConfig();
  if (config.workQueue !== 'nats') {
    throw new ConfigError('npm run worker needs WORK_QUEUE=nats and NATS_URL (embedded mode runs its workers inside npm start)');
  }
  const backends = await openBackends(config, { migrateReadModels: false });
  const pipeline = await startTerrainPipeline({
    config, store: backends.store, knex: backends.db.knex, logger: backends.logger, providers: backends.providers,
    env: process.env, dispatcher: false, workers: true,
  });
  backends.logger.info({ host: hostname(), pid: process.pid, concurrency: config.workerConcurrency }, 'terrain workers running');
  const stop = async () => {
    await pipeline.close();
    await backends.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (error) {
  const configuration = error instanceof ConfigError || (error instanceof SourceError && error.code === 'INVALID_SOURCE_CONFIG');
  console.error(`${configuration ? 'configuration error' : 'error'}: ${(error as Error).message}`);
  process.exit(configuration ? 2 : 1);
}
