// Backends for tests: the running PostgreSQL (TEST_DATABASE_URL, default the CI machine's) in a
// fresh schema per test file, and in-memory PGlite. A backend that CI has is never skipped: if
// PostgreSQL does not answer, the test fails and says so.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../infra/database/database.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export type SqlBackend = 'postgres' | 'pglite';
export const SQL_BACKENDS: SqlBackend[] = ['pglite', 'postgres'];

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function openTestDatabase(backend: SqlBackend, schema = uniqueName('t')): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ connectionString: null, pgliteDir: null, schema });
    return { db, drop: () => db.close() };
  }
  const db = await openDatabase({ connectionString: TEST_DATABASE_URL, schema, poolMax: 20 });
  if (!(await db.ping())) throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} does not answer; start it (see README)`);
  return {
    db,
    async drop() {
      await db.knex.raw(`drop schema if exists "${schema}" cascade`);
      await db.close();
    },
  };
}
