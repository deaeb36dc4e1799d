// upsertRows encodes rows by hand (array literals for unnest, COPY text on PostgreSQL): every value
// must come back exactly as given, whichever path wrote it, on both backends.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { openTestDatabase, SQL_BACKENDS } from '../support/backends.ts';
import { loadRows, upsertRows } from '../../projections/upsert-rows.ts';

const awkward = [
  '',
  'NULL',
  'null',
  ' padded ',
  'a,b',
  '{braces}',
  'quote " inside',
  'back\\slash',
  'tab\there',
  'new\nline',
  'carriage\rreturn',
  'ünïcödé ✓ 😀',
  '\\N',
  'x'.repeat(5000),
];

interface Row {
  id: string;
  label: string | null;
  n: number | null;
  at: string | null;
  doc: unknown;
}

const rowsOf = () =>
  awkward.map((label, i): Row => ({
    id: randomUUID(),
    label,
    n: i - 3,
    at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
    doc: { label, nested: [label, { i }], nothing: null },
  }));

for (const backend of SQL_BACKENDS) {
  const test = suite(`upsertRows [${backend}]`);

  test('plain insert and merge both store every value exactly', async () => {
    const { db, drop } = await openTestDatabase(backend);
    try {
      await db.knex.raw('create table awkward (id uuid primary key, label text, n integer, at timestamptz, doc jsonb)');
      const inserted = rowsOf();
      inserted.push({ id: randomUUID(), label: null, n: null, at: null, doc: null });
      inserted.push({ id: randomUUID(), label: 'json string', n: 0, at: null, doc: 'just a string' });
      await db.knex.transaction((trx) => upsertRows(trx, 'awkward', inserted));
      // Merge: the same keys with new values, through the unnest path.
      const merged = inserted.map((row) => ({
        ...row,
        label: row.label === null ? null : `${row.label}!`,
        n: (row.n ?? 0) + 1,
      }));
      const fresh = rowsOf();
      await db.knex.transaction((trx) => upsertRows(trx, 'awkward', [...merged, ...fresh], { conflict: ['id'] }));
      const expected = [...merged, ...fresh];
      const ids = expected.map((r) => r.id);
      const stored = await db.knex.transaction((trx) => loadRows<Record<string, unknown>>(trx, 'awkward', 'id', ids));
      assert.is(stored.size, expected.length);
      for (const row of expected) {
        const got = stored.get(row.id)!;
        assert.is(got.label, row.label, `label ${JSON.stringify(row.label)}`);
        assert.is(got.n, row.n);
        assert.is(got.at === null ? null : new Date(got.at as string).toISOString(), row.at);
        assert.equal(got.doc, row.doc, `doc of ${JSON.stringify(row.label)}`);
      }
      // 'ignore' keeps what is stored.
      const changed = [{ ...fresh[0]!, label: 'changed' }];
      const ignore = { conflict: ['id'], onConflict: 'ignore' } as const;
      await db.knex.transaction((trx) => upsertRows(trx, 'awkward', changed, ignore));
      const kept = await db.knex('awkward').where({ id: fresh[0]!.id }).first();
      assert.is(kept.label, fresh[0]!.label);
    } finally {
      await drop();
    }
  });

  test('column types are read from the catalog once, not once per transaction', async () => {
    const { db, drop } = await openTestDatabase(backend);
    let catalogReads = 0;
    const count = (query: { sql: string }) => {
      if (query.sql.includes('pg_attribute')) catalogReads++;
    };
    db.knex.on('query', count);
    try {
      await db.knex.raw('create table counted (id uuid primary key, label text)');
      for (let i = 0; i < 3; i++) {
        await db.knex.transaction((trx) => upsertRows(trx, 'counted', [{ id: randomUUID(), label: `row ${i}` }]));
      }
      assert.is(catalogReads, 1);
      assert.is(Number((await db.knex('counted').count({ n: '*' }))[0]!.n), 3);
    } finally {
      db.knex.off('query', count);
      await drop();
    }
  });

  test.run();
}
