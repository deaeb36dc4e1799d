// Service configuration from the environment. A bad value stops start-up with a one-line reason
// (ConfigError) rather than a half-working service.
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { LanguageModelSettings } from './language-model/open-language-model.ts';

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
  /**
   * Believe X-Forwarded-Proto / -Host / -For (Koa's app.proxy): only behind a proxy that sets them and
   * strips what clients send. Off by default: a client could otherwise choose the origin the API thinks
   * it is reached at (absolute links, the Secure flag of cookies).
   */
  trustProxy: boolean;
  /**
   * A request answered before its body arrived (401, 403/404, 413, 415, 422 from path or query): how
   * long and how many more bytes the API reads and drops after the answer, so that a client still
   * sending sees it rather than a reset (api/lingering-close.ts). 0 closes at once.
   */
  lingeringCloseMs: number;
  lingeringCloseBytes: number;
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
  /** Nice value of the analysis and phase threads (Linux): they yield the CPU to request handling. */
  workerThreadNice: number;
  /** Run the embedded database (PGlite) in its own worker thread, off the API's event loop. */
  pgliteThread: boolean;
  /** Draw the generated map assets when their inputs change (GENERATED_MAPS=off: never). */
  generatedMaps: boolean;
  /** Run phase workers inside the API process (embedded mode default). */
  inlineWorkers: boolean;
  /** JetStream stream, subject prefix and durable consumer of the work queue. */
  natsStream: string;
  natsSubject: string;
  natsDurable: string;
  /** Where uploaded documents and their extracted text are kept. */
  documentStorage: DocumentStorageConfig;
  /** HMAC key of the filesystem store's download URLs (null: generated once and kept in DATA_DIR). */
  documentUrlSigningKey: string | null;
  /** Lifetime of a presigned download URL. */
  documentUrlTtlSeconds: number;
  documentMaxFileBytes: number;
  documentMaxRequestBytes: number;
  documentMaxFiles: number;
  /** Heap of the text extraction thread, in MB: a document that needs more fails as too large. */
  documentExtractionMemoryMb: number;
  /** Browser login with OpenID Connect (null: not configured; the auth routes answer 503). */
  browserLogin: BrowserLoginConfig | null;
  /** The language model of the generation jobs (rule-based drafter when none is configured). */
  languageModel: LanguageModelSettings;
}

export interface BrowserLoginConfig {
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE alone). */
  clientSecret: string | null;
  /** The callback on the API; its origin is the API's public origin (trusted for cookie writes, as /docs). */
  redirectUri: string;
  /** The web application's URL: the callback redirects there; its origin is trusted for cookie writes. */
  webAppUrl: string;
  scopes: string;
  /** Signs the short-lived login-flow cookie (AUTH_COOKIE_SECRET, else the client secret). */
  cookieSecret: string;
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
}

export type DocumentStorageConfig =
  | { kind: 'filesystem'; root: string }
  | {
      kind: 's3';
      endpoint: string | null;
      publicEndpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
    };

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

function documentStorageConfig(env: NodeJS.ProcessEnv): DocumentStorageConfig {
  const kind = oneOf('DOCUMENT_STORAGE', env.DOCUMENT_STORAGE || 'filesystem', ['filesystem', 's3'] as const);
  if (kind === 'filesystem')
    return { kind, root: resolve(env.DOCUMENT_DIR || join(env.DATA_DIR || './data', 'documents')) };
  if (!env.S3_BUCKET) throw new ConfigError('DOCUMENT_STORAGE=s3 needs S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default credential chain)',
    );
  }
  return {
    kind,
    endpoint: env.S3_ENDPOINT ? url('S3_ENDPOINT', env.S3_ENDPOINT, ['http:', 'https:']) : null,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT
      ? url('S3_PUBLIC_ENDPOINT', env.S3_PUBLIC_ENDPOINT, ['http:', 'https:'])
      : null,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE || (env.S3_ENDPOINT ? 'true' : 'false')),
  };
}

const LOGIN_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI', 'WEB_APP_URL'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function browserLoginConfig(env: NodeJS.ProcessEnv): BrowserLoginConfig | null {
  const missing = LOGIN_SETTINGS.filter((name) => !env[name]);
  if (missing.length === LOGIN_SETTINGS.length) return null;
  if (missing.length > 0)
    throw new ConfigError(`Browser login needs ${LOGIN_SETTINGS.join(', ')}; missing ${missing.join(', ')}`);
  const issuer = url('OIDC_ISSUER', env.OIDC_ISSUER!, ['http:', 'https:']);
  // Plain http only for a provider on this machine (development, tests): tokens cross that link.
  if (new URL(issuer).protocol === 'http:' && !LOOPBACK_HOSTS.has(new URL(issuer).hostname)) {
    throw new ConfigError(`OIDC_ISSUER must use https: (http: only on a loopback host), got ${issuer}`);
  }
  const clientSecret = env.OIDC_CLIENT_SECRET || null;
  const cookieSecret = env.AUTH_COOKIE_SECRET || clientSecret;
  if (!cookieSecret)
    throw new ConfigError('A public client (no OIDC_CLIENT_SECRET) needs AUTH_COOKIE_SECRET (at least 32 characters)');
  if (cookieSecret.length < 32) {
    const which = env.AUTH_COOKIE_SECRET
      ? 'AUTH_COOKIE_SECRET'
      : 'OIDC_CLIENT_SECRET (signing the login cookie without AUTH_COOKIE_SECRET)';
    throw new ConfigError(`${which} must be at least 32 characters`);
  }
  const idleTimeoutSeconds = integer(
    'SESSION_IDLE_TIMEOUT_SECONDS',
    env.SESSION_IDLE_TIMEOUT_SECONDS || '1800',
    60,
    30 * 86400,
  );
  const maxAgeSeconds = integer('SESSION_MAX_AGE_SECONDS', env.SESSION_MAX_AGE_SECONDS || '43200', 60, 365 * 86400);
  if (idleTimeoutSeconds > maxAgeSeconds) {
    throw new ConfigError(
      `SESSION_IDLE_TIMEOUT_SECONDS (${idleTimeoutSeconds}) must not exceed SESSION_MAX_AGE_SECONDS (${maxAgeSeconds})`,
    );
  }
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret,
    redirectUri: url('OIDC_REDIRECT_URI', env.OIDC_REDIRECT_URI!, ['http:', 'https:']),
    webAppUrl: url('WEB_APP_URL', env.WEB_APP_URL!, ['http:', 'https:']),
    scopes: env.OIDC_SCOPES || 'openid email profile',
    cookieSecret,
    idleTimeoutSeconds,
    maxAgeSeconds,
  };
}

function languageModelConfig(env: NodeJS.ProcessEnv): LanguageModelSettings {
  if (!env.LLM_PROVIDER && env.LLM_BASE_URL && env.LLM_MODEL_PATH) {
    throw new ConfigError(
      'LLM_BASE_URL and LLM_MODEL_PATH are both set: choose one with LLM_PROVIDER=openai or llama_cpp',
    );
  }
  const inferred = env.LLM_BASE_URL ? 'openai' : env.LLM_MODEL_PATH ? 'llama_cpp' : 'rule_based';
  const provider = oneOf('LLM_PROVIDER', env.LLM_PROVIDER || inferred, ['openai', 'llama_cpp', 'rule_based'] as const);
  const common = {
    timeoutMs: integer('LLM_TIMEOUT_MS', env.LLM_TIMEOUT_MS || '120000', 100, 3_600_000),
    maxTokens: integer('LLM_MAX_TOKENS', env.LLM_MAX_TOKENS || '2048', 16, 131_072),
    repairAttempts: integer('LLM_REPAIR_ATTEMPTS', env.LLM_REPAIR_ATTEMPTS || '2', 0, 10),
    maxToolSteps: integer('LLM_MAX_TOOL_STEPS', env.LLM_MAX_TOOL_STEPS || '6', 1, 50),
  };
  if (provider === 'openai') {
    if (!env.LLM_BASE_URL)
      throw new ConfigError('LLM_PROVIDER=openai needs LLM_BASE_URL (e.g. http://127.0.0.1:11434/v1)');
    if (!env.LLM_MODEL) throw new ConfigError('LLM_PROVIDER=openai needs LLM_MODEL (the model name the server knows)');
    return {
      provider,
      ...common,
      baseUrl: url('LLM_BASE_URL', env.LLM_BASE_URL, ['http:', 'https:']),
      apiKey: env.LLM_API_KEY || null,
      model: env.LLM_MODEL,
      maxRetries: integer('LLM_MAX_RETRIES', env.LLM_MAX_RETRIES || '2', 0, 10),
    };
  }
  if (provider === 'llama_cpp') {
    if (!env.LLM_MODEL_PATH) throw new ConfigError('LLM_PROVIDER=llama_cpp needs LLM_MODEL_PATH (a GGUF file)');
    const modelPath = resolve(env.LLM_MODEL_PATH);
    if (!existsSync(modelPath))
      throw new ConfigError(`LLM_MODEL_PATH=${JSON.stringify(env.LLM_MODEL_PATH)}: no such file`);
    return {
      provider,
      ...common,
      modelPath,
      contextSize: integer('LLM_CONTEXT_SIZE', env.LLM_CONTEXT_SIZE || '4096', 256, 1_048_576),
      threads: integer('LLM_THREADS', env.LLM_THREADS || String(availableParallelism()), 1, 256),
    };
  }
  return { provider, ...common };
}

/** Reads the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const eventStore = oneOf('EVENT_STORE', env.EVENT_STORE || 'embedded', EVENT_STORES);
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : null;
  const eventStoreUrl = env.EVENTSTORE_URL
    ? url('EVENTSTORE_URL', env.EVENTSTORE_URL, ['esdb:', 'esdb+discover:'])
    : null;
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
  const workQueue = oneOf('WORK_QUEUE', env.WORK_QUEUE || (natsUrl ? 'nats' : 'in-process'), [
    'in-process',
    'nats',
  ] as const);
  if (workQueue === 'nats' && !natsUrl) throw new ConfigError('WORK_QUEUE=nats needs NATS_URL (nats://127.0.0.1:4222)');
  if (workQueue === 'in-process' && env.INLINE_WORKERS && !flag('INLINE_WORKERS', env.INLINE_WORKERS)) {
    throw new ConfigError(
      'INLINE_WORKERS=false needs WORK_QUEUE=nats: an in-process queue is only served by workers in the same process',
    );
  }
  if (eventStore === 'embedded' && workQueue === 'nats') {
    throw new ConfigError(
      'WORK_QUEUE=nats needs a shared event store (EVENT_STORE=postgres or esdb), not the embedded one',
    );
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
    trustProxy: flag('TRUST_PROXY', env.TRUST_PROXY || 'false'),
    lingeringCloseMs: integer('LINGERING_CLOSE_MS', env.LINGERING_CLOSE_MS || '10000', 0, 600_000),
    lingeringCloseBytes: integer('LINGERING_CLOSE_MB', env.LINGERING_CLOSE_MB || '64', 0, 4096) * 1024 * 1024,
    inlineProjector: flag('INLINE_PROJECTOR', env.INLINE_PROJECTOR || 'true'),
    readYourWritesTimeoutMs: integer(
      'READ_YOUR_WRITES_TIMEOUT_MS',
      env.READ_YOUR_WRITES_TIMEOUT_MS || '10000',
      1,
      600000,
    ),
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL || 'info', LOG_LEVELS),
    tileStoreDir: resolve(env.TILE_STORE_DIR || join(env.DATA_DIR || './data', 'blobs')),
    adminSocket:
      env.ADMIN_SOCKET !== undefined
        ? env.ADMIN_SOCKET
          ? resolve(env.ADMIN_SOCKET)
          : null
        : eventStore === 'embedded'
          ? resolve(join(env.DATA_DIR || './data', 'admin.sock'))
          : null,
    tileCacheBytes: integer('TILE_CACHE_MB', env.TILE_CACHE_MB || '64', 0, 65536) * 1024 * 1024,
    apiKeyCacheTtlMs: integer('API_KEY_CACHE_TTL_MS', env.API_KEY_CACHE_TTL_MS || '5000', 0, 60_000),
    taskAckWaitMs: integer('TASK_ACK_WAIT_MS', env.TASK_ACK_WAIT_MS || '30000', 500, 3_600_000),
    taskMaxDeliveries: integer('TASK_MAX_DELIVERIES', env.TASK_MAX_DELIVERIES || '5', 1, 100),
    workerConcurrency: integer('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY || '2', 1, 64),
    workerThreadNice: integer('WORKER_THREAD_NICE', env.WORKER_THREAD_NICE || '10', 0, 19),
    pgliteThread: flag('PGLITE_THREAD', env.PGLITE_THREAD || 'true'),
    generatedMaps: flag('GENERATED_MAPS', env.GENERATED_MAPS || 'true'),
    inlineWorkers: flag('INLINE_WORKERS', env.INLINE_WORKERS || (workQueue === 'in-process' ? 'true' : 'false')),
    natsStream: env.NATS_STREAM || 'TERRAIN_TASKS',
    natsSubject: env.NATS_SUBJECT || 'terrain.tasks',
    natsDurable: env.NATS_DURABLE || 'terrain-workers',
    documentStorage: documentStorageConfig(env),
    documentUrlSigningKey: env.DOCUMENT_URL_SIGNING_KEY || null,
    documentUrlTtlSeconds: integer('DOCUMENT_URL_TTL_SECONDS', env.DOCUMENT_URL_TTL_SECONDS || '900', 1, 7 * 24 * 3600),
    documentMaxFileBytes: integer('DOCUMENT_MAX_FILE_MB', env.DOCUMENT_MAX_FILE_MB || '50', 1, 5120) * 1024 * 1024,
    documentMaxRequestBytes:
      integer('DOCUMENT_MAX_REQUEST_MB', env.DOCUMENT_MAX_REQUEST_MB || '200', 1, 51200) * 1024 * 1024,
    documentMaxFiles: integer('DOCUMENT_MAX_FILES', env.DOCUMENT_MAX_FILES || '20', 1, 1000),
    documentExtractionMemoryMb: integer(
      'DOCUMENT_EXTRACTION_MEMORY_MB',
      env.DOCUMENT_EXTRACTION_MEMORY_MB || '128',
      64,
      16384,
    ),
    browserLogin: browserLoginConfig(env),
    languageModel: languageModelConfig(env),
  };
}
