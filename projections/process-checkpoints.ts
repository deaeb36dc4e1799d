// Where each process manager (the job kinds' dispatchers) keeps its place in the log: its own table,
// outside the read models, so a read-model rebuild does not replay the dispatchers.
import type { Knex } from 'knex';

export async function readProcessCheckpoint(knex: Knex, name: string): Promise<number> {
  await knex.raw('create table if not exists process_checkpoints (name text primary key, position bigint not null)');
  const row = await knex('process_checkpoints').where({ name }).first();
  return row ? Number(row.position) : 0;
}

export async function saveProcessCheckpoint(knex: Knex, name: string, position: number): Promise<void> {
  await knex('process_checkpoints').insert({ name, position }).onConflict('name').merge();
}
