// Bulk loading builds an index faster once, at the end, than row by row: a rebuild drops the read
// models' non-unique indexes (unique ones stay: upserts and lookups by key need them), replays the
// log, and creates them again from their stored definitions.
import type { Knex } from 'knex';

/** Runs `load` with the non-unique indexes of `tables` dropped, then creates them again. */
export async function withIndexesDeferred<T>(
  knex: Knex,
  schema: string,
  tables: string[],
  load: () => Promise<T>,
): Promise<T> {
  if (tables.length === 0) return load();
  const result = await knex.raw(
    `select i.indexname, i.indexdef from pg_indexes i
       join pg_class c on c.relname = i.indexname
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = i.schemaname
       join pg_index x on x.indexrelid = c.oid
     where i.schemaname = ? and i.tablename = any(?::text[]) and not x.indisunique and not x.indisprimary`,
    [schema, `{${tables.map((t) => `"${t}"`).join(',')}}`],
  );
  const deferred = result.rows as Array<{ indexname: string; indexdef: string }>;
  for (const index of deferred) await knex.raw(`drop index "${schema}"."${index.indexname}"`);
  try {
    return await load();
  } finally {
    // Also after a failed load: whatever was loaded stays queryable at the usual speed.
    for (const index of deferred) await knex.raw(index.indexdef);
  }
}

/** The tables of a schema (to tell which ones a migration created). */
export async function tablesOf(knex: Knex, schema: string): Promise<Set<string>> {
  const result = await knex.raw(`select tablename from pg_tables where schemaname = ?`, [schema]);
  return new Set((result.rows as Array<{ tablename: string }>).map((r) => r.tablename));
}
