// `npm start`: the API (with projector, and in embedded mode everything else) on the configured
// backends. A bad configuration stops here with a one-line reason and exit code 2.
import { ConfigError, loadConfig } from './infra/config.ts';
import { EmbeddedLockError } from './infra/embedded-lock.ts';
import { startService } from './service.ts';
import { SourceError } from './workers/terrain/sources/source-provider.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

try {
  const service = await startService(config);
  service.logger.info({ url: service.url, event_store: config.eventStore, data_dir: config.dataDir }, 'service listening');
  const shutdown = async (signal: string) => {
    service.logger.info({ signal }, 'shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof SourceError && error.code === 'INVALID_SOURCE_CONFIG') {
    console.error(`configuration error: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof EmbeddedLockError) {
    console.error(`start-up error: ${error.message}`);
    process.exit(2);
  }
  console.error(`start-up error: ${(error as Error).message}`);
  process.exit(1);
}
