// `npm run projector`: the projection runner on its own (production: API with INLINE_PROJECTOR=false).
import { ConfigError, loadConfig } from '../infra/config.ts';
import { openBackends } from '../service.ts';
import { ProjectionRunner } from './projection-runner.ts';
import { allProjectors } from './projectors/all-projectors.ts';
import { startTerrainPipeline } from '../workers/terrain-pipeline.ts';

try {
  const config = loadConfig();
  const backends = await openBackends(config);
  const runner = new ProjectionRunner(backends.store, backends.db.knex, allProjectors, {
    onError: (error) => backends.logger.error({ err: error }, 'projection batch failed; retrying from the checkpoint'),
    onBatch: (position, count) => backends.logger.debug({ position, count }, 'projected'),
  });
  await runner.start();
  // The dispatcher runs beside the projector: one per deployment, following the same log.
  const pipeline = await startTerrainPipeline({
    config, store: backends.store, knex: backends.db.knex, logger: backends.logger, providers: backends.providers,
    env: process.env, dispatcher: true, workers: false,
  });
  backends.logger.info({ checkpoint: runner.checkpoint }, 'projector and dispatcher running');
  const stop = async () => {
    await pipeline.close();
    await runner.stop();
    await backends.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (error) {
  console.error(`${error instanceof ConfigError ? 'configuration error' : 'error'}: ${(error as Error).message}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
