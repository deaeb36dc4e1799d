// Projection rebuild of 200,000 events vs a raw sequential SELECT of the same events (same batch
// size, same database, same run).
// Usage: npx tsx bench/projection-rebuild.ts [--backend=postgres|pglite] [--events=200000]
import { randomUUID } from 'node:crypto';
import { SqlEventStore } from '../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../infra/event-store/validating-event-store.ts';
import { eventSchemas } from '../domain/event-schemas.ts';
import { envelope, systemContext } from '../commands/command-context.ts';
import { migrateReadModels } from '../projections/schema/read-model-migrations.ts';
import { rebuildReadModels } from '../projections/rebuild-read-models.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';
import { backendsFromArgs, fmt, numberArg, openTestDatabase } from './support.ts';

const total = numberArg('events', 200_000);
const accountId = randomUUID();

for (const backend of backendsFromArgs()) {
  const { db, drop } = await openTestDatabase(backend);
  try {
    const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
    await migrateReadModels(db.knex, db.schema);
    // A realistic mix: operations created, then updated many times (one stream of 50 each).
    const ctx = systemContext({ account_id: accountId, api_key_id: null });
    let written = 0;
    const loadStart = performance.now();
    while (written < total) {
      const operationId = randomUUID();
      const n = Math.min(50, total - written);
      const events = [
        envelope(
          {
            type: 'OperationCreated',
            data: {
              operation_id: operationId,
              account_id: accountId,
              name: 'Bench',
              unit: 'U',
              branch: 'infantry',
              echelon: 'company',
              unit_id: null,
              parent_id: null,
              description: null,
            },
          },
          ctx,
          operationId,
          eventSchemas,
        ),
      ];
      for (let i = 1; i < n; i++) {
        events.push(
          envelope(
            { type: 'OperationUpdated', data: { operation_id: operationId, changes: { name: `Bench ${i}` } } },
            ctx,
            operationId,
            eventSchemas,
          ),
        );
      }
      await store.append(`operation-${operationId}`, events, 'no_stream');
      written += n;
    }
    console.log(`[${backend}] loaded ${fmt(total)} events in ${fmt((performance.now() - loadStart) / 1000, 1)} s`);

    let started = performance.now();
    let after = 0;
    let read = 0;
    for (;;) {
      const rows = await db
        .knex('events')
        .select('*')
        .where('global_position', '>', after)
        .orderBy('global_position')
        .limit(5000);
      if (rows.length === 0) break;
      after = Number(rows[rows.length - 1].global_position);
      read += rows.length;
    }
    const selectSeconds = (performance.now() - started) / 1000;

    const rssBefore = process.memoryUsage().rss;
    started = performance.now();
    await rebuildReadModels(store, db.knex, db.schema);
    const rebuildSeconds = (performance.now() - started) / 1000;
    const rows = Number((await db.knex('operation_history').count({ c: '*' }))[0]!.c);
    if (rows !== total) throw new Error(`rebuild produced ${rows} history rows, expected ${total}`);

    console.log(`  raw sequential SELECT: ${fmt(read / selectSeconds)} events/s (${fmt(selectSeconds, 2)} s)`);
    const rss = fmt((process.memoryUsage().rss - rssBefore) / 1e6);
    const rate = fmt(total / rebuildSeconds);
    console.log(
      `  rebuild (${allProjectors.length} projectors): ${rate} events/s (${fmt(rebuildSeconds, 2)} s), rss +${rss} MB`,
    );
    console.log(`  ratio rebuild/select time: ${fmt(rebuildSeconds / selectSeconds, 1)}x`);
    await store.close();
  } finally {
    await drop();
  }
}
