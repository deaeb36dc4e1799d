// Where the read models' checkpoint lives: the position of the last event they include, written in
// the same transaction as the rows (projection-runner.ts) and read by the runner on start and by
// the API's read-your-writes wait (read-model-waiter.ts).
import type { Knex } from 'knex';

export const CHECKPOINT_NAME = 'read_models';

export async function readCheckpoint(knex: Knex, name = CHECKPOINT_NAME): Promise<number> {
  const row = await knex('projection_checkpoints').where({ name }).first();
  return row ? Number(row.position) : 0;
}

/** The checkpoint, locked until the transaction ends (one runner applies a batch at a time). */
export async function lockCheckpoint(trx: Knex.Transaction, name = CHECKPOINT_NAME): Promise<number> {
  const row = await trx('projection_checkpoints').where({ name }).forUpdate().first();
  if (row) return Number(row.position);
  // A new database has no row to lock, and two runners would both apply the batch (and deadlock on
  // the rows they write). The row is created first: a second runner waits on its insert until the
  // first commits, then reads the checkpoint the first wrote.
  await trx('projection_checkpoints').insert({ name, position: 0 }).onConflict('name').ignore();
  const created = await trx('projection_checkpoints').where({ name }).forUpdate().first();
  return created ? Number(created.position) : 0;
}

export async function writeCheckpoint(trx: Knex.Transaction, position: number, name = CHECKPOINT_NAME): Promise<void> {
  await trx('projection_checkpoints').insert({ name, position }).onConflict('name').merge();
}
