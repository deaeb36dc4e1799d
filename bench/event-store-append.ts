// Append throughput with 16 concurrent writers (one event per append, each to its own stream,
// with the expected-revision check and schema validation) vs a raw INSERT of the same rows into
// a plain table of the same database, same concurrency, same run; and the same appends conditioned on
// a live parent stream (append conditions, as children's writes are).
// Usage: npx tsx bench/event-store-append.ts [--backend=postgres|pglite] [--events=8000]
import { randomUUID } from 'node:crypto';
import { SqlEventStore } from '../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../infra/event-store/validating-event-store.ts';
import { eventSchemas } from '../domain/event-schemas.ts';
import { accountRegistered } from '../test/support/events.ts';
import { backendsFromArgs, fmt, numberArg, openTestDatabase } from './support.ts';

const WRITERS = 16;
const total = numberArg('events', 8000);
const perWriter = Math.ceil(total / WRITERS);

for (const backend of backendsFromArgs()) {
  const { db, drop } = await openTestDatabase(backend);
  try {
    const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
    await db.knex.raw(`create table raw_events (like "${db.schema}".events including defaults)`);
    await db.knex.raw('alter table raw_events drop column global_position');
    await db.knex.raw('alter table raw_events add column global_position bigserial primary key');

    // Warm-up: connections, plans, JIT of both paths.
    await store.append(`account-${randomUUID()}`, [accountRegistered()], 'no_stream');

    let started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const stream = `account-${randomUUID()}`;
        let revision: number | 'no_stream' = 'no_stream';
        for (let i = 0; i < perWriter; i++)
          revision = (await store.append(stream, [accountRegistered()], revision)).revision;
      }),
    );
    const storeSeconds = (performance.now() - started) / 1000;

    // The same appends as children of a live parent: each conditioned on the parent's stream holding
    // no ending event (issue 20), as every child write is.
    const parent = `account-${randomUUID()}`;
    await store.append(parent, [accountRegistered()], 'no_stream');
    const alive = { conditions: [{ stream: parent, withoutTypes: ['ApiKeyRevoked'] }] };
    started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const stream = `account-${randomUUID()}`;
        let revision: number | 'no_stream' = 'no_stream';
        for (let i = 0; i < perWriter; i++) {
          revision = (await store.append(stream, [accountRegistered()], revision, alive)).revision;
        }
      }),
    );
    const conditionedSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        const stream = `account-${randomUUID()}`;
        for (let i = 0; i < perWriter; i++) {
          const e = accountRegistered();
          await db.knex('raw_events').insert({
            event_id: e.id,
            stream_id: stream,
            stream_revision: i,
            type: e.type,
            version: e.version,
            data: JSON.stringify(e.data),
            metadata: JSON.stringify(e.metadata),
          });
        }
      }),
    );
    const rawSeconds = (performance.now() - started) / 1000;

    const n = perWriter * WRITERS;
    console.log(`[${backend}] ${fmt(n)} events, ${WRITERS} writers`);
    console.log(`  event store append: ${fmt(n / storeSeconds)} events/s (${fmt(storeSeconds, 2)} s)`);
    console.log(`  raw INSERT:         ${fmt(n / rawSeconds)} rows/s (${fmt(rawSeconds, 2)} s)`);
    console.log(`  ratio store/raw:    ${fmt(rawSeconds / storeSeconds, 2)}`);
    const conditionedRatio = fmt(rawSeconds / conditionedSeconds, 2);
    console.log(`  with a parent condition: ${fmt(n / conditionedSeconds)} events/s, ratio to raw ${conditionedRatio}`);
    await store.close();
  } finally {
    await drop();
  }
}
