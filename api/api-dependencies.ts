// What the HTTP layer needs from the rest of the service, wired by service.ts (or a test).
import type { WargameTerrainReader } from '../domain/wargame/wargame-terrain-reader.ts';
import type { LingeringCloseLimits } from './lingering-close.ts';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { ReadModelWaiter } from '../projections/read-model-waiter.ts';
import type { ReadModelFeed } from '../projections/read-model-feed.ts';
import type { BlobStore } from '../infra/blob-store/blob-store.ts';
import type { DatasetName } from '../domain/terrain/types.ts';
import type { ApiKeyCredentialCache } from './cache/api-key-credential-cache.ts';
import type { TileReadinessCache } from './cache/tile-readiness-cache.ts';
import type { TileBodyCache } from './cache/tile-body-cache.ts';
import type { DocumentStorage } from '../infra/document-storage/document-storage.ts';
import type { UploadLimits } from './documents/receive-upload.ts';
import type { BrowserLogin } from './auth/browser-login.ts';

export interface HealthCheck {
  name: string;
  kind: string;
  check(): Promise<boolean>;
}

export interface ApiDependencies {
  store: EventStore;
  /** Read-model database (answers every GET). */
  readModels: Knex;
  waiter: ReadModelWaiter;
  /** The events the read models have just taken in (a request waiting for a change listens here). */
  readModelFeed?: ReadModelFeed;
  logger: Logger;
  readYourWritesTimeoutMs: number;
  healthChecks: HealthCheck[];
  /** Artifacts and display tiles (OGC Tiles reads them). */
  blobStore: BlobStore;
  /** A war game's terrain from the tile store (GET …/coa-comparison replays the recorded games). */
  readWargameTerrain: WargameTerrainReader;
  /** Checked API keys, kept briefly (api/cache/). */
  apiKeys: ApiKeyCredentialCache;
  /** Tile readiness and tile bytes served from memory, emptied by terrain-job events. */
  tileReadiness: TileReadinessCache;
  tileBodies: TileBodyCache;
  /** The configured terrain sources: what a new terrain job records it will use. */
  terrainSources: () => Record<DatasetName, { fingerprint: string; description: string }>;
  documents: {
    storage: DocumentStorage;
    limits: UploadLimits;
    urlTtlSeconds: number;
    /** Checks a download URL the filesystem store signed (null for S3: the object store checks its own). */
    verifyDownload:
      | ((
          key: string,
          query: Record<string, string | undefined>,
        ) => { ok: true; fileName: string; contentType: string } | { ok: false; reason: 'expired' | 'invalid' })
      | null;
  };
  /** TRUST_PROXY: take the request's scheme, host and client address from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** How long and how much of a refused request's body is read and dropped after the answer (default 10 s, 64 MB). */
  lingeringClose?: LingeringCloseLimits;
  /** Browser login with OpenID Connect and its sessions (null: not configured; the auth routes answer 503). */
  browserLogin: BrowserLogin | null;
}
