// `npm run rebuild`: drops and rebuilds every read model from the event log, with progress.
// Stop the API and projector first (in embedded mode the lock file enforces it).
import { openBackends } from '../service.ts';
import { rebuildReadModels } from '../projections/rebuild-read-models.ts';
import { runEntrypoint } from './run-entrypoint.ts';

await runEntrypoint(async (config) => {
  const backends = await openBackends({ ...config, logLevel: 'warn' });
  try {
    const started = Date.now();
    let lastPrint = 0;
    const position = await rebuildReadModels(
      backends.store,
      backends.db.knex,
      backends.db.schema,
      (p, head, applied) => {
        if (Date.now() - lastPrint < 500 && p < head) return;
        lastPrint = Date.now();
        const percent = head === 0 ? 100 : Math.floor((p / head) * 100);
        console.log(`rebuild: ${applied} events applied, position ${p} of ${head} (${percent}%)`);
      },
    );
    console.log(`rebuild: done at position ${position} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await backends.close();
  }
});
