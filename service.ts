// Composition root: wires configuration, database, event store, projections and the HTTP API.
// Used by the entry points (entrypoints/) and the integration tests.
import { readWargameTerrain } from './workers/generation/read-wargame-terrain.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './infra/config.ts';
import { openDatabase, type Database } from './infra/database/database.ts';
import { openEventStore } from './infra/event-store/open-event-store.ts';
import type { EventStore } from './infra/event-store/event-store.ts';
import { lockEmbeddedDataDir } from './infra/embedded-lock.ts';
import { createLogger } from './infra/logger.ts';
import { migrateReadModels } from './projections/schema/read-model-migrations.ts';
import { ProjectionRunner } from './projections/projection-runner.ts';
import { PollingReadModelWaiter, type ReadModelWaiter } from './projections/read-model-waiter.ts';
import { PollingReadModelFeed, type ReadModelFeed } from './projections/read-model-feed.ts';
import { createApiCaches, type ApiCaches } from './api/cache/create-api-caches.ts';
import { allProjectors } from './projections/projectors/all-projectors.ts';
import { createRequestListener } from './api/app.ts';
import { startAdminSocket } from './api/admin/admin-socket-server.ts';
import type { ApiDependencies } from './api/api-dependencies.ts';
import { createFsBlobStore } from './infra/blob-store/create-fs-blob-store.ts';
import type { BlobStore } from './infra/blob-store/blob-store.ts';
import { sourceProvidersFromEnv } from './workers/terrain/sources/create-source-provider.ts';
import type { SourceProvider } from './workers/terrain/sources/source-provider.ts';
import type { DatasetName } from './domain/terrain/types.ts';
import { startWorkPipeline, type WorkPipeline } from './workers/work-pipeline.ts';
import type { DocumentStorage } from './infra/document-storage/document-storage.ts';
import { openDocumentStorage } from './infra/document-storage/open-document-storage.ts';
import { loadUrlSigningKey } from './infra/document-storage/url-signing-key.ts';
import { verifyDownload } from './infra/document-storage/url-signature.ts';
import { browserLogin } from './api/auth/browser-login.ts';
import { openIdConnectProvider } from './infra/identity-provider/openid-connect-provider.ts';
import { scheduleDocumentStorageSweeps, sweepDocumentStorage } from './api/documents/sweep-document-storage.ts';

export interface Backends {
  config: Config;
  logger: Logger;
  db: Database;
  store: EventStore;
  blobStore: BlobStore;
  /** The terrain source of each dataset (ELEVATION_SOURCE, ...; synthetic by default). */
  providers: Record<DatasetName, SourceProvider>;
  /** Uploaded documents and their extracted text (DOCUMENT_STORAGE). */
  documents: DocumentStorage;
  /** The key of the filesystem store's download URLs (null for S3). */
  documentUrlKey: Buffer | null;
  close(): Promise<void>;
}

/** Database and event store for a configuration (no HTTP, no projector). */
export interface BackendOptions {
  logger?: Logger;
  /** Database schema for event store and read models (tests isolate themselves this way). */
  schema?: string;
  /** Embedded mode only: keep PGlite in memory instead of under DATA_DIR (tests). */
  inMemory?: boolean;
  /** Terrain source providers (default: from the environment). */
  providers?: Record<DatasetName, SourceProvider>;
  /** Environment to read source settings from (default process.env). */
  env?: Record<string, string | undefined>;
  /** Bring the read-model schema up to date (workers, which never read them, skip it). */
  migrateReadModels?: boolean;
}

export async function openBackends(config: Config, options: BackendOptions = {}): Promise<Backends> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const embedded = config.eventStore === 'embedded';
  const release = embedded && !options.inMemory ? lockEmbeddedDataDir(config.dataDir) : () => undefined;
  try {
    const db = await openDatabase({
      connectionString: embedded ? null : config.databaseUrl,
      pgliteDir: embedded && !options.inMemory ? join(config.dataDir, 'pglite') : null,
      pgliteThread: config.pgliteThread,
      schema: options.schema ?? process.env.DATABASE_SCHEMA ?? 'public',
    });
    const store = await openEventStore(config, db);
    if (options.migrateReadModels !== false) await migrateReadModels(db.knex, db.schema);
    const providers = options.providers ?? sourceProvidersFromEnv(options.env ?? process.env);
    const blobStore = createFsBlobStore(config.tileStoreDir);
    const storageConfig = config.documentStorage;
    const documentUrlKey =
      storageConfig.kind === 'filesystem'
        ? await loadUrlSigningKey(config.documentUrlSigningKey, config.dataDir)
        : null;
    const documents = openDocumentStorage(
      storageConfig.kind === 'filesystem'
        ? { kind: 'filesystem', root: storageConfig.root, signingKey: documentUrlKey! }
        : {
            ...storageConfig,
            endpoint: storageConfig.endpoint ?? undefined,
            publicEndpoint: storageConfig.publicEndpoint ?? undefined,
            accessKeyId: storageConfig.accessKeyId ?? undefined,
            secretAccessKey: storageConfig.secretAccessKey ?? undefined,
          },
    );
    return {
      config,
      logger,
      db,
      store,
      blobStore,
      providers,
      documents,
      documentUrlKey,
      async close() {
        await store.close();
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export interface RunningService extends Backends {
  server: Server;
  url: string;
  runner: ProjectionRunner | null;
  pipeline: WorkPipeline | null;
  /** The API's memory caches (api/cache/). */
  apiCaches: ApiCaches;
}

export interface ServiceOptions extends BackendOptions {
  backends?: Backends;
  /** The clock of browser sessions and login flows (tests move it to reach the limits). */
  browserLoginClock?: () => Date;
}

export async function startService(config: Config, options: ServiceOptions = {}): Promise<RunningService> {
  const backends = options.backends ?? (await openBackends(config, options));
  const { logger, db, store } = backends;
  let runner: ProjectionRunner | null = null;
  let waiter: ReadModelWaiter;
  let feed: ReadModelFeed;
  let polledFeed: PollingReadModelFeed | null = null;
  if (config.inlineProjector) {
    runner = new ProjectionRunner(store, db.knex, allProjectors, {
      onError: (error) => logger.error({ err: error }, 'projection batch failed; retrying from the checkpoint'),
    });
    await runner.start();
    waiter = runner;
    feed = runner;
  } else {
    waiter = new PollingReadModelWaiter(db.knex);
    polledFeed = new PollingReadModelFeed(store, db.knex);
    await polledFeed.start();
    feed = polledFeed;
  }
  const caches = createApiCaches(db.knex, backends.blobStore, feed, {
    tileCacheBytes: config.tileCacheBytes,
    apiKeyCacheTtlMs: config.apiKeyCacheTtlMs,
  });
  // The dispatcher runs where the projector runs (one per deployment); workers where configured.
  const pipeline =
    config.inlineProjector || config.inlineWorkers
      ? await startWorkPipeline({
          config,
          store,
          knex: db.knex,
          logger,
          providers: backends.providers,
          documents: backends.documents,
          blobStore: backends.blobStore,
          env: options.env ?? process.env,
          dispatcher: config.inlineProjector,
          workers: config.inlineWorkers,
        })
      : null;
  const deps: ApiDependencies = {
    store,
    readModels: db.knex,
    waiter,
    readModelFeed: feed,
    logger,
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    trustProxy: config.trustProxy,
    lingeringClose: { timeoutMs: config.lingeringCloseMs, maxBytes: config.lingeringCloseBytes },
    healthChecks: [
      { name: 'event_store', kind: store.kind, check: () => store.ping() },
      { name: 'read_models', kind: db.kind, check: () => db.ping() },
      { name: 'document_storage', kind: backends.documents.kind, check: () => backends.documents.ping() },
    ],
    blobStore: backends.blobStore,
    readWargameTerrain: (sources, workTiles, bbox) => readWargameTerrain(backends.blobStore, sources, workTiles, bbox),
    apiKeys: caches.apiKeys,
    tileReadiness: caches.tileReadiness,
    tileBodies: caches.tileBodies,
    terrainSources: () =>
      Object.fromEntries(
        Object.entries(backends.providers).map(([dataset, p]) => [
          dataset,
          { fingerprint: p.fingerprint, description: p.description },
        ]),
      ) as ReturnType<ApiDependencies['terrainSources']>,
    documents: {
      storage: backends.documents,
      limits: {
        maxFileBytes: config.documentMaxFileBytes,
        maxRequestBytes: config.documentMaxRequestBytes,
        maxFiles: config.documentMaxFiles,
      },
      urlTtlSeconds: config.documentUrlTtlSeconds,
      verifyDownload: backends.documentUrlKey
        ? (
            (key) => (k: string, query: Record<string, string | undefined>) =>
              verifyDownload(k, query, key, Math.floor(Date.now() / 1000))
          )(backends.documentUrlKey)
        : null,
    },
    browserLogin: config.browserLogin
      ? browserLogin(
          openIdConnectProvider({
            issuer: config.browserLogin.issuer,
            clientId: config.browserLogin.clientId,
            clientSecret: config.browserLogin.clientSecret,
            redirectUri: config.browserLogin.redirectUri,
            postLogoutRedirectUri: config.browserLogin.webAppUrl,
            scopes: config.browserLogin.scopes,
          }),
          config.browserLogin,
          options.browserLoginClock,
        )
      : null,
  };
  // The storage sweeper runs where the dispatchers run (one per deployment).
  const sweeps = config.inlineProjector
    ? scheduleDocumentStorageSweeps(() => sweepDocumentStorage(store, db.knex, backends.documents, logger), logger)
    : null;
  const server = createServer(createRequestListener(deps));
  // Idle keep-alive connections are kept for 65 s (Node's default is 5 s): a client reusing a socket
  // just as the server drops it sees its POST fail with no answer (clients retry only idempotent
  // requests), and load balancers expect the upstream to outlast their own 60 s idle timeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Embedded servers in tests keep PGlite in memory and listen on no admin socket.
  const adminSocket =
    config.adminSocket && !options.inMemory ? await startAdminSocket(config.adminSocket, store, waiter) : null;
  const address = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}`;
  return {
    ...backends,
    server,
    url,
    runner,
    pipeline,
    apiCaches: caches,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (adminSocket) await new Promise<void>((resolve) => adminSocket.close(() => resolve()));
      sweeps?.stop();
      await pipeline?.close();
      caches.close();
      await polledFeed?.close();
      await runner?.stop();
      await backends.close();
    },
  };
}
