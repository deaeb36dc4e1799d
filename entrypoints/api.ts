// `npm start`: the API (with projector, and in embedded mode everything else) on the configured
// backends.
import { startService } from '../service.ts';
import { runEntrypoint } from './run-entrypoint.ts';

await runEntrypoint(async (config) => {
  const service = await startService(config);
  service.logger.info(
    {
      url: service.url,
      event_store: config.eventStore,
      data_dir: config.dataDir,
      admin_socket: config.adminSocket,
    },
    'service listening',
  );
  return async () => {
    service.logger.info('shutting down');
    await service.close();
  };
});
