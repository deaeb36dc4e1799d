// Service configuration from the environment. A bad value stops start-up with a one-line reason
// (ConfigError) rather than a half-working service.
import { join, resolve } from 'node:path';

export type EventStoreKind = 'embedded' | 'postgres' | 'esdb';
export type WorkQueueKind = 'in-process' | 'nats';

export interface Config {
  eventStore: EventStoreKind;
  eventStoreUrl: string | null;
  databaseUrl: string | null;
  dataDir: string;
  port: number;
  host: string;
  workQueue: WorkQueueKind;
  natsUrl: string | null;
  /** Run projections inside the API process (false when a separate `npm run projector` does). */
  inlineProjector: boolean;
  /** Longest wait of a write endpoint for its read models (read-your-writes), in ms. */
  readYourWritesTimeoutMs: number;
  logLevel: string;
  /** Directory of the blob store (artifacts and display tiles) shared by API and workers. */
  tileStoreDir: string;
  /**
   * Unix socket of the local admin channel (create-key reaches a running server through it); owner-only
   * permissions. Default DATA_DIR/admin.sock in embedded mode; ADMIN_SOCKET= (empty) turns it off.
   */
  adminSocket: string | null;
  /** Memory the API may give tile bytes and ETags it serves often (0 turns the cache off). */
  tileCacheBytes: number;
  /** How long a checked API key is trusted from memory in a process that did not revoke it. */
  apiKeyCacheTtlMs: number;
  /** Work queue: a delivery without ack or heartbeat for this long is redelivered. */
  taskAckWaitMs: number;
  /** Work queue: deliveries of one task, the first included, before its phase fails. */
  taskMaxDeliveries: number;
  /** Phase tasks one worker process runs at once. */
  workerConcurrency: number;
  /** Run phase workers inside the API process (embedded mode default). */
  inlineWorkers: boolean;
  /** JetStream stream, subject prefix and durable consumer of the work queue. */
  natsStream: string;
  natsSubject: string;
  natsDurable: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const EVENT_STORES: EventStoreKind[] = ['embedded', 'postgres', 'esdb'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name}=${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(`${name}=${JSON.stringify(value)} must be an integer from ${min} to ${max}`);
  }
  return Number(value);
}

function url(name: string, value: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name}=${JSON.stringify(value)} is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got ${parsed.protocol}`);
  }
  return value;
}

function flag(name: string, value: string): boolean {
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(`${name}=${JSON.stringify(value)} must be true or false`);
}

/** Reads the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const eventStore = oneOf('EVENT_STORE', env.EVENT_STORE || 'embedded', EVENT_STORES);
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : null;
  const eventStoreUrl = env.EVENTSTORE_URL ? url('EVENTSTORE_URL', env.EVENTSTORE_URL, ['esdb:', 'esdb+discover:']) : null;
  if (eventStore === 'postgres' && !databaseUrl) {
    throw new ConfigError('EVENT_STORE=postgres needs DATABASE_URL (postgres://user@host:5432/db)');
  }
  if (eventStore === 'esdb' && !eventStoreUrl) {
    throw new ConfigError('EVENT_STORE=esdb needs EVENTSTORE_URL (esdb://host:2113?tls=false)');
  }
  if (eventStore === 'esdb' && !databaseUrl) {
    throw new ConfigError('EVENT_STORE=esdb needs DATABASE_URL for the read models');
  }
  const natsUrl = env.NATS_URL ? url('NATS_URL', env.NATS_URL, ['nats:', 'tls:']) : null;
  const workQueue = oneOf('WORK_QUEUE', env.WORK_QUEUE || (natsUrl ? 'nats' : 'in-process'), ['in-process', 'nats'] as const);
  if (workQueue === 'nats' && !natsUrl) throw new ConfigError('WORK_QUEUE=nats needs NATS_URL (nats://127.0.0.1:4222)');
  if (workQueue === 'in-process' && env.INLINE_WORKERS && !flag('INLINE_WORKERS', env.INLINE_WORKERS)) {
    throw new ConfigError('INLINE_WORKERS=false needs WORK_QUEUE=nats: an in-process queue is only served by workers in the same process');
  }
  if (eventStore === 'embedded' && workQueue === 'nats') {
    throw new ConfigError('WORK_QUEUE=nats needs a shared event store (EVENT_STORE=postgres or esdb), not the embedded one');
  }
  return {
    eventStore,
    eventStoreUrl,
    databaseUrl,
    dataDir: resolve(env.DATA_DIR || './data'),
    port: integer('PORT', env.PORT || '8080', 0, 65535),
    host: env.HOST || '127.0.0.1',
    workQueue,
    natsUrl,
    inlineProjector: flag('INLINE_PROJECTOR', env.INLINE_PROJECTOR || 'true'),
    readYourWritesTimeoutMs: integer('READ_YOUR_WRITES_TIMEOUT_MS', env.READ_YOUR_WRITES_TIMEOUT_MS || '10000', 1, 600000),
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL || 'info', LOG_LEVELS),
    tileStoreDir: resolve(env.TILE_STORE_DIR || join(env.DATA_DIR || './data', 'blobs')),
    adminSocket: env.ADMIN_SOCKET !== undefined
      ? (env.ADMIN_SOCKET ? resolve(env.ADMIN_SOCKET) : null)
      : (eventStore === 'embedded' ? resolve(join(env.DATA_DIR || './data', 'admin.sock')) : null),
    tileCacheBytes: integer('TILE_CACHE_MB', env.TILE_CACHE_MB || '64', 0, 65536) * 1024 * 1024,
    apiKeyCacheTtlMs: integer('API_KEY_CACHE_TTL_MS', env.API_KEY_CACHE_TTL_MS || '5000', 0, 60_000),
    taskAckWaitMs: integer('TASK_ACK_WAIT_MS', env.TASK_ACK_WAIT_MS || '30000', 500, 3_600_000),
    taskMaxDeliveries: integer('TASK_MAX_DELIVERIES', env.TASK_MAX_DELIVERIES || '5', 1, 100),
    workerConcurrency: integer('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY || '2', 1, 64),
    inlineWorkers: flag('INLINE_WORKERS', env.INLINE_WORKERS || (workQueue === 'in-process' ? 'true' : 'false')),
    natsStream: env.NATS_STREAM || 'TERRAIN_TASKS',
    natsSubject: env.NATS_SUBJECT || 'terrain.tasks',
    natsDurable: env.NATS_DURABLE || 'terrain-workers',
  };
}
