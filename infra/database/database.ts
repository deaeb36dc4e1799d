// The SQL database behind the event-store table and the read models: PostgreSQL through `pg`, or
// PGlite (the same PostgreSQL, compiled to WASM, in-process) through knex-pglite. Callers see one
// knex instance either way, so every query is written once.
import knexFactory, { type Knex } from 'knex';
import ClientPGLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { createPgliteDataDir } from './create-pglite-data-dir.ts';
import { PgliteThread } from './pglite-thread.ts';

// int8 (bigint) columns hold global positions and counts that stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly knex: Knex;
  /** PostgreSQL connection string when kind is postgres (a LISTEN connection needs its own). */
  readonly connectionString: string | null;
  /** Schema the tables live in (search_path), so tests and tenants can be isolated. */
  readonly schema: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… or null for PGlite. */
  connectionString: string | null;
  /** PGlite data directory (null: in memory). */
  pgliteDir?: string | null;
  schema?: string;
  poolMax?: number;
  /** PGlite's shared_buffers (PostgreSQL units, e.g. 16MB). */
  pgliteSharedBuffers?: string;
  /** Run PGlite in its own worker thread, so its queries never hold the caller's event loop (the
   *  service's default, PGLITE_THREAD); each query then costs two thread wake-ups, so batch tools and
   *  tests that open a database directly keep it in process unless they ask. */
  pgliteThread?: boolean;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
  let knex: Knex;
  let kind: Database['kind'];
  if (options.connectionString) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: options.connectionString,
      searchPath: [schema, 'public'],
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
  } else {
    kind = 'pglite';
    if (options.pgliteDir) {
      mkdirSync(options.pgliteDir, { recursive: true });
      await createPgliteDataDir(options.pgliteDir);
    }
    // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WebAssembly memory, which
    // never shrinks; file reads still go through the OS page cache, so a small pool costs little.
    const sharedBuffers = options.pgliteSharedBuffers ?? '16MB';
    const pglite =
      (options.pgliteThread ?? false)
        ? new PgliteThread({ dataDir: options.pgliteDir ?? null, sharedBuffers })
        : new PGlite(options.pgliteDir ?? undefined, {
            startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
          });
    await pglite.waitReady;
    knex = knexFactory({
      client: ClientPGLite as unknown as typeof Knex.Client,
      connection: { pglite } as unknown as Knex.StaticConnectionConfig,
      searchPath: [schema, 'public'],
    });
  }
  await knex.raw(`create schema if not exists "${schema}"`);
  return {
    kind,
    knex,
    connectionString: options.connectionString,
    schema,
    async ping() {
      try {
        await knex.raw('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await knex.destroy();
    },
  };
}
