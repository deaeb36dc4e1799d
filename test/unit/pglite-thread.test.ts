// The embedded database in its own thread (infra/database/pglite-thread.ts): the service sees the
// same rows, types and errors as from an in-process PGlite, transactions stay atomic, and the
// caller's event loop stays free while a query runs. Also: CPU-heavy threads lower their own
// priority, not the process's (infra/thread-priority.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { openDatabase, type Database } from '../../infra/database/database.ts';
import { startTsWorker } from '../../infra/ts-worker.ts';

async function sample(db: Database) {
  const k = db.knex;
  await k.schema.createTable('t', (t) => {
    t.integer('id').primary();
    t.jsonb('j');
    t.binary('b');
    t.bigInteger('n');
    t.timestamp('at', { useTz: true });
    t.text('s');
  });
  await k('t').insert({
    id: 1,
    j: { a: [1, 'x', null], b: { c: true } },
    b: Buffer.from([0, 1, 255]),
    n: 9007199254740991,
    at: new Date(1234567890123),
    s: 'é\n',
  });
  const duplicate = await k('t')
    .insert({ id: 1 })
    .then(
      () => null,
      (error: Record<string, unknown>) => error,
    );
  await k.transaction(async (trx) => {
    await trx('t').insert({ id: 2 });
  });
  const rolledBack = await k
    .transaction(async (trx) => {
      await trx('t').insert({ id: 3 });
      throw new Error('the caller gives up');
    })
    .then(
      () => 'committed',
      (error: Error) => error.message,
    );
  const rows = await k('t').select().orderBy('id');
  const updated = await k('t').update({ s: 'y' }).where('id', '>', 0);
  const bad = await k.raw('select * from missing_table').then(
    () => null,
    (error: Record<string, unknown>) => error,
  );
  return {
    rows,
    updated,
    rolledBack,
    duplicate: duplicate && {
      code: duplicate.code,
      constraint: duplicate.constraint,
      table: duplicate.table,
      detail: duplicate.detail,
      isError: duplicate instanceof Error,
    },
    bad: bad && { code: bad.code, message: bad.message, isError: bad instanceof Error },
  };
}

test('rows, types, errors and transactions are those of an in-process PGlite', async () => {
  const inProcess = await openDatabase({ connectionString: null, pgliteDir: null, pgliteThread: false });
  const inThread = await openDatabase({ connectionString: null, pgliteDir: null, pgliteThread: true });
  try {
    const expected = await sample(inProcess);
    const actual = await sample(inThread);
    assert.equal(actual, expected);
    assert.is(actual.rows.length, 2, 'the rolled back insert left nothing');
    assert.is(actual.duplicate?.code, '23505');
    assert.is(actual.duplicate?.isError, true);
    assert.is(actual.bad?.code, '42P01');
  } finally {
    await inProcess.close();
    await inThread.close();
  }
});

test("a long query does not hold the caller's event loop", async () => {
  const heavy = 'select count(*) as n from generate_series(1, 1000000) g where g % 7 = 3';
  const longestGap = async (db: Database) => {
    let last = performance.now();
    let gap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 2);
    const started = performance.now();
    await db.knex.raw(heavy);
    const now = performance.now();
    clearInterval(timer);
    return { gap: Math.max(gap, now - last), took: now - started };
  };
  const inProcess = await openDatabase({ connectionString: null, pgliteDir: null, pgliteThread: false });
  const inThread = await openDatabase({ connectionString: null, pgliteDir: null, pgliteThread: true });
  try {
    const held = await longestGap(inProcess);
    const free = await longestGap(inThread);
    // In process the loop is held for the whole query; in the thread only the timer's own jitter.
    assert.ok(held.gap >= held.took * 0.9, `in process: gap ${held.gap} ms of a ${held.took} ms query`);
    assert.ok(free.gap < free.took * 0.5, `in the thread: gap ${free.gap} ms of a ${free.took} ms query`);
  } finally {
    await inProcess.close();
    await inThread.close();
  }
});

test('a query after close is refused, not left waiting', async () => {
  const db = await openDatabase({ connectionString: null, pgliteDir: null, pgliteThread: true });
  await db.close();
  await db.knex.raw('select 1').then(
    () => assert.unreachable('answered after close'),
    () => undefined,
  );
});

test("a CPU-heavy thread lowers its own priority to nice 10 and leaves the process's", async () => {
  if (process.platform !== 'linux') return;
  const before = getPriority();
  const worker = startTsWorker(new URL('../support/thread-priority-probe.ts', import.meta.url));
  const reply = await new Promise<{ lowered: boolean; nice: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  assert.equal(reply, { lowered: true, nice: 10 });
  assert.is(getPriority(), before, 'the main thread keeps its priority');
  const mainNice = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
  assert.is(mainNice, before);
});

test.run();
