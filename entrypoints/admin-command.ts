// What the administrator's commands (create-key, link-identity) share: where they act and how their
// write becomes readable.
// - Through the running server's admin socket when one answers (it appends and waits for its own
//   read models).
// - Else on the configured database, which must exist: a command run from the wrong directory (or
//   with the wrong DATABASE_SCHEMA) would otherwise create a new, empty database and print a key that
//   the running server refuses. `--create-database` allows a new one.
// - A command never applies projections that another process owns. On the embedded database this
//   process holds the lock of DATA_DIR, so no one else projects and it brings the read models up to
//   date itself. On a shared store (postgres, esdb) it appends, then waits for the projector (or the
//   API with INLINE_PROJECTOR=true) to apply the write, bounded by `--wait-seconds`.
// Every run says which socket or database it used (create-key on stderr, beside the key on stdout).
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openBackends, type Backends } from '../service.ts';
import { catchUp } from '../projections/projection-runner.ts';
import { allProjectors } from '../projections/projectors/all-projectors.ts';
import { PollingReadModelWaiter } from '../projections/read-model-waiter.ts';
import { isPgliteDataDir } from '../infra/database/create-pglite-data-dir.ts';
import type { Config } from '../infra/config.ts';

/** Exit code of a write that was recorded but that no projector applied within `--wait-seconds`. */
export const EXIT_NOT_YET_READABLE = 3;
export const DEFAULT_WAIT_SECONDS = 30;

export interface AdminCommandOptions {
  createDatabase: boolean;
  waitSeconds: number;
}

export type AdminCommandOutcome<T> =
  { via: 'socket'; where: string; result: T } | { via: 'database'; where: string; result: T; readable: boolean };

/** An error the administrator fixes by running the command differently (exit code 2). */
export class AdminCommandRefused extends Error {}

/** POSTs `body` to the admin socket: the answer, or null when no server answers there. */
export function postToAdminSocket<T>(socketPath: string, path: string, body: unknown): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json' };
    const call = request({ socketPath, path, method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => {
        const answer = JSON.parse(text) as T & { detail?: string };
        if (response.statusCode === 200) resolve(answer);
        else reject(new Error(`the running server refused: ${answer.detail ?? response.statusCode}`));
      });
    });
    // No server behind a socket file (killed, not cleaned up): the caller opens the database instead.
    call.on('error', (error: NodeJS.ErrnoException) =>
      ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? resolve(null) : reject(error),
    );
    call.end(JSON.stringify(body));
  });
}

const schemaOf = () => process.env.DATABASE_SCHEMA || 'public';

/** A connection string without its password, for messages. */
function redacted(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(unparsable URL)';
  }
}

/** The database this configuration names, as the command reports it. */
export function describeDatabase(config: Config): string {
  const readModels = `PostgreSQL ${redacted(config.databaseUrl ?? '')}, schema ${schemaOf()}`;
  if (config.eventStore === 'embedded') return `embedded database ${join(config.dataDir, 'pglite')}`;
  if (config.eventStore === 'postgres') return readModels;
  return `EventStoreDB ${config.eventStoreUrl} with read models in ${readModels}`;
}

/** Whether the service's database exists: the PGlite directory, or its tables in the schema. */
async function databaseExists(config: Config): Promise<boolean> {
  if (config.eventStore === 'embedded') return isPgliteDataDir(join(config.dataDir, 'pglite'));
  const client = new pg.Client({ connectionString: config.databaseUrl! });
  await client.connect();
  try {
    const { rows } = await client.query('select to_regclass($1) is not null as present', [
      `"${schemaOf()}".projection_checkpoints`,
    ]);
    return rows[0].present === true;
  } finally {
    await client.end();
  }
}

/**
 * Runs one administrator's command: `viaSocket` against the admin socket when a server answers there,
 * else `direct` on the database (which answers its result and the log position of its write).
 */
export async function runAdminCommand<T>(
  config: Config,
  options: AdminCommandOptions,
  viaSocket: (socketPath: string) => Promise<T | null>,
  direct: (backends: Backends) => Promise<{ result: T; position: number | null }>,
): Promise<AdminCommandOutcome<T>> {
  const socket = config.adminSocket && existsSync(config.adminSocket) ? config.adminSocket : null;
  const answered = socket ? await viaSocket(socket) : null;
  if (answered) return { via: 'socket', where: `the running server's admin socket ${socket}`, result: answered };
  const where = describeDatabase(config);
  if (!options.createDatabase && !(await databaseExists(config))) {
    const noSocket = config.adminSocket
      ? `no server answers on the admin socket ${config.adminSocket}`
      : 'no admin socket is configured';
    throw new AdminCommandRefused(
      `no database at ${where} and ${noSocket}. Run the command where the service ` +
        'runs (the same DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA, or ADMIN_SOCKET), or pass --create-database ' +
        'to start a new one there.',
    );
  }
  const backends = await openBackends({ ...config, logLevel: 'warn' });
  try {
    const { result, position } = await direct(backends);
    if (position === null) return { via: 'database', where, result, readable: true };
    if (config.eventStore === 'embedded') {
      // This process holds DATA_DIR's lock: no server projects now, so it brings the read models up to
      // date itself (the key works as soon as the server starts).
      await catchUp(backends.store, backends.db.knex, allProjectors);
      return { via: 'database', where, result, readable: true };
    }
    // A shared store's read models belong to its projector: wait for it, never apply them here.
    const readable = await new PollingReadModelWaiter(backends.db.knex, 100).waitFor(
      position,
      options.waitSeconds * 1000,
    );
    return { via: 'database', where, result, readable };
  } finally {
    await backends.close();
  }
}

/** The stderr line that says where the command acted and whether its write is readable yet. */
export function outcomeNote(outcome: AdminCommandOutcome<unknown>, waitSeconds: number): string {
  if (outcome.via === 'socket') return `via ${outcome.where}`;
  if (outcome.readable) return `on ${outcome.where}`;
  return (
    `on ${outcome.where}; recorded, but no projector applied it within ${waitSeconds} s: it takes effect ` +
    'once `npm run projector` (or an API with INLINE_PROJECTOR=true) runs on this database'
  );
}
