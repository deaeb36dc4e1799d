// A real service on a free port for HTTP tests, on PGlite (in memory) or on the running
// PostgreSQL in a schema of its own, plus a bootstrap API key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../infra/config.ts';
import { createLogger } from '../../infra/logger.ts';
import { startService, type RunningService, type ServiceOptions } from '../../service.ts';
import { registerAccount } from '../../commands/account-commands.ts';
import { createApiKey } from '../../commands/api-key-commands.ts';
import { systemContext } from '../../commands/command-context.ts';
import { TEST_DATABASE_URL, uniqueName, type SqlBackend } from './backends.ts';

export interface TestService {
  service: RunningService;
  url: string;
  backend: SqlBackend;
  /** A key of a fresh account. */
  key: string;
  accountId: string;
  /** The environment the service was configured from (for worker processes of the same deployment). */
  env: Record<string, string>;
  /** Another account with its own key. */
  newAccount(name?: string): Promise<{ key: string; accountId: string }>;
  /** Stops the service but keeps its database schema and tile store (for a restart). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface RestartOf {
  env: Record<string, string>;
  key: string;
  accountId: string;
}

/** A service of its own; with `restartOf`, a new process-like instance on the same schema and store. */
export async function startTestService(
  backend: SqlBackend,
  env: Record<string, string> = {},
  restartOf?: RestartOf,
  options: Pick<ServiceOptions, 'browserLoginClock'> = {},
): Promise<TestService> {
  const schema = restartOf?.env.DATABASE_SCHEMA ?? uniqueName('svc');
  const tileStoreDir = restartOf?.env.TILE_STORE_DIR ?? mkdtempSync(join(tmpdir(), 'ops-tiles-'));
  const fullEnv = {
    EVENT_STORE: backend === 'postgres' ? 'postgres' : 'embedded',
    DATABASE_URL: backend === 'postgres' ? TEST_DATABASE_URL : '',
    PORT: '0',
    LOG_LEVEL: 'fatal',
    DATA_DIR: '/tmp/ops-terrain-test-unused',
    TILE_STORE_DIR: tileStoreDir,
    DOCUMENT_DIR: restartOf?.env.DOCUMENT_DIR ?? mkdtempSync(join(tmpdir(), 'ops-documents-')),
    DOCUMENT_URL_SIGNING_KEY: 'a'.repeat(64),
    NATS_STREAM: `TEST_${schema.toUpperCase()}`,
    NATS_SUBJECT: `test.${schema}.tasks`,
    NATS_DURABLE: `workers_${schema}`,
    DATABASE_SCHEMA: schema,
    // Drawing map sheets costs seconds of CPU per terrain job: only the tests of them turn it on.
    GENERATED_MAPS: 'false',
    ...env,
    ...restartOf?.env,
  };
  const config = loadConfig(fullEnv);
  const service = await startService(config, {
    schema,
    inMemory: true,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'fatal'),
    env: fullEnv,
    ...options,
  });
  const newAccount = async (name = uniqueName('account')) => {
    const registered = await registerAccount(service.store, systemContext(), name);
    const created = await createApiKey(
      service.store,
      systemContext({ account_id: registered.account_id, api_key_id: null }),
      {
        account_id: registered.account_id,
        name: 'test key',
      },
    );
    await service.runner!.waitFor(created.position!, 10_000);
    return { key: created.token, accountId: registered.account_id };
  };
  const first = restartOf ?? (await newAccount());
  return {
    service,
    url: service.url,
    backend,
    env: fullEnv,
    key: first.key,
    accountId: first.accountId,
    newAccount,
    stop: () => service.close(),
    async close() {
      await service.close();
      rmSync(tileStoreDir, { recursive: true, force: true });
      if (fullEnv.DOCUMENT_DIR) rmSync(fullEnv.DOCUMENT_DIR, { recursive: true, force: true });
      if (backend === 'postgres') {
        const { openDatabase } = await import('../../infra/database/database.ts');
        const db = await openDatabase({ connectionString: TEST_DATABASE_URL, schema: 'public' });
        await db.knex.raw(`drop schema if exists "${schema}" cascade`);
        await db.close();
      }
    },
  };
}

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with JSON in and out; `body` may be a raw string to send malformed JSON. */
export async function http<T = any>(
  url: string,
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url + path, { method, headers, body }).catch((error: Error & { cause?: unknown }) => {
    // undici says only "fetch failed"; the cause (reset socket, refused connection, timeout) is what a reader needs.
    throw new Error(
      `${method} ${path}: ${error.message} (${String((error.cause as Error | undefined)?.message ?? error.cause)})`,
      { cause: error },
    );
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}
