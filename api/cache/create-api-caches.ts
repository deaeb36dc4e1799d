// The API's in-memory caches over the read models and the blob store, each subscribed to the
// read-model feed so that the events which make an entry stale drop it.
import type { Knex } from 'knex';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { findApiKeyCredential } from '../../projections/queries/api-key-queries.ts';
import { findTileCoverage } from '../../projections/queries/tile-readiness-queries.ts';
import { tileReadiness } from '../../projections/queries/tile-readiness.ts';
import type { ReadModelFeed } from '../../projections/read-model-feed.ts';
import { ApiKeyCredentialCache } from './api-key-credential-cache.ts';
import { TileBodyCache } from './tile-body-cache.ts';
import { TileReadinessCache } from './tile-readiness-cache.ts';

export interface ApiCaches {
  apiKeys: ApiKeyCredentialCache;
  tileReadiness: TileReadinessCache;
  tileBodies: TileBodyCache;
  /** Unsubscribes from the feed. */
  close(): void;
}

export function createApiCaches(
  readModels: Knex,
  blobStore: BlobStore,
  feed: ReadModelFeed,
  options: { tileCacheBytes?: number; apiKeyCacheTtlMs?: number } = {},
): ApiCaches {
  const apiKeys = new ApiKeyCredentialCache((id) => findApiKeyCredential(readModels, id), {
    ttlMs: options.apiKeyCacheTtlMs,
  });
  const readiness = new TileReadinessCache(async (query) => tileReadiness(await findTileCoverage(readModels, query)));
  const tileBodies = new TileBodyCache((key) => blobStore.get(key), { maxBytes: options.tileCacheBytes });
  const unsubscribe = [apiKeys, readiness, tileBodies].map((cache) => feed.subscribe(cache.onEvents));
  return {
    apiKeys,
    tileReadiness: readiness,
    tileBodies,
    close: () => unsubscribe.forEach((off) => off()),
  };
}
