// The runner commits rows and checkpoint together: a crash mid-batch leaves nothing half-applied,
// and a restart applies each event exactly once.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { openTestDatabase, SQL_BACKENDS } from '../support/backends.ts';
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { migrateReadModels } from '../../projections/schema/read-model-migrations.ts';
import { applyBatch, catchUp, ProjectionRunner } from '../../projections/projection-runner.ts';
import { readCheckpoint } from '../../projections/checkpoint-store.ts';
import type { Projector } from '../../projections/projector.ts';
import { accountRegistered } from '../support/events.ts';

/** Counts applications per event, to catch double application. */
function countingProjector(failAt?: () => string | null): Projector {
  return {
    name: 'counting',
    async apply(trx: Knex.Transaction, event) {
      if (failAt?.() === event.id) throw new Error('simulated crash');
      await trx.raw(
        'insert into applied_count (event_id, n) values (?, 1) on conflict (event_id) do update set n = applied_count.n + 1',
        [event.id],
      );
    },
  };
}

for (const backend of SQL_BACKENDS) {
  const test = suite(`projection runner [${backend}]`);
  test('crash mid-batch: nothing half-applied; resume applies each event exactly once', async () => {
    const { db, drop } = await openTestDatabase(backend);
    try {
      const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
      await migrateReadModels(db.knex, db.schema);
      await db.knex.schema.createTable('applied_count', (t) => {
        t.uuid('event_id').primary();
        t.integer('n');
      });
      const events = Array.from({ length: 30 }, () => accountRegistered());
      await store.append(`account-${randomUUID()}`, events, 'no_stream');
      const all = await store.readAll({ limit: 100 });
      let failing: string | null = all[17]!.id;
      const projector = countingProjector(() => failing);
      try {
        await applyBatch(db.knex, [projector], all.slice(10, 25));
        assert.unreachable('the batch should fail');
      } catch (error) {
        assert.match((error as Error).message, /simulated crash/);
      }
      await applyBatch(db.knex, [projector], all.slice(0, 10));
      assert.is(await readCheckpoint(db.knex), all[9]!.position);
      assert.is(Number((await db.knex('applied_count').count({ c: '*' }))[0]!.c), 10, 'the failed batch left no rows');
      failing = null;
      // Replaying from an older point (as a restarted subscription may) changes nothing twice.
      await applyBatch(db.knex, [projector], all.slice(0, 20));
      await catchUp(store, db.knex, [projector]);
      const counts = await db.knex('applied_count').select('n');
      assert.is(counts.length, 30);
      assert.ok(
        counts.every((r: { n: number }) => r.n === 1),
        'each event applied exactly once',
      );
      await store.close();
    } finally {
      await drop();
    }
  });

  test('live runner: catch-up then live, waitFor resolves at the position', async () => {
    const { db, drop } = await openTestDatabase(backend);
    try {
      const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
      await migrateReadModels(db.knex, db.schema);
      await db.knex.schema.createTable('applied_count', (t) => {
        t.uuid('event_id').primary();
        t.integer('n');
      });
      await store.append(`account-${randomUUID()}`, [accountRegistered(), accountRegistered()], 'no_stream');
      const errors: unknown[] = [];
      const runner = new ProjectionRunner(store, db.knex, [countingProjector()], { onError: (e) => errors.push(e) });
      await runner.start();
      const appended = await store.append(`account-${randomUUID()}`, [accountRegistered()], 'no_stream');
      assert.ok(await runner.waitFor(appended.position, 5000));
      assert.is(runner.checkpoint, appended.position);
      assert.not.ok(await runner.waitFor(appended.position + 1000, 50), 'times out for a position not yet written');
      await runner.stop();
      assert.equal(errors, []);
      assert.is(Number((await db.knex('applied_count').count({ c: '*' }))[0]!.c), 3);
      await store.close();
    } finally {
      await drop();
    }
  });
  // Issue 20: two runners on a new database (a projector and a command, or two projectors) both found
  // no checkpoint row to lock, applied the same batch twice and deadlocked on projection_checkpoints.
  // PGlite has one connection, so transactions never overlap there.
  if (backend === 'postgres') {
    test('two runners on a new database: the batch is applied once', async () => {
      const { db, drop } = await openTestDatabase(backend);
      try {
        const store = new ValidatingEventStore(await SqlEventStore.open(db), eventSchemas);
        await migrateReadModels(db.knex, db.schema);
        await db.knex.schema.createTable('applied_count', (t) => {
          t.uuid('event_id').primary();
          t.integer('n');
        });
        await store.append(`account-${randomUUID()}`, [accountRegistered(), accountRegistered()], 'no_stream');
        const batch = await store.readAll({ limit: 10 });
        const counting = countingProjector();
        // Slow enough that the second runner starts while the first holds its transaction open.
        const slow: Projector = {
          name: 'slow',
          apply: async (trx, event) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            await counting.apply(trx, event);
          },
        };
        const first = applyBatch(db.knex, [slow], batch);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await Promise.all([first, applyBatch(db.knex, [slow], batch)]);
        const counts = await db.knex('applied_count').select('n');
        assert.equal(
          counts.map((r: { n: number }) => r.n),
          [1, 1],
          'each event applied once',
        );
        assert.is(await readCheckpoint(db.knex), batch.at(-1)!.position);
        await store.close();
      } finally {
        await drop();
      }
    });
  }

  test.run();
}
