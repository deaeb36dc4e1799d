// Key checks from memory (issue 9, tile speed): a credential read from the read models is kept for
// a few seconds. A revocation takes effect at once in the process that revoked (its route calls
// `forget`) and, elsewhere, as soon as the read-model feed brings the ApiKeyRevoked event, with the
// TTL as the bound if that feed lags. Unknown ids are not kept, so random tokens cannot fill it.
import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ApiKeyCredential } from '../../projections/queries/api-key-queries.ts';
import type { ReadModelListener } from '../../projections/read-model-feed.ts';

export const API_KEY_CACHE_TTL_MS = 5_000;

export class ApiKeyCredentialCache {
  /** The credential and the last secret seen to match its hash (so a hit skips the SHA-256). */
  private readonly entries: LRUCache<string, { credential: ApiKeyCredential; verifiedSecret: string | null }>;
  /** Bumped by every forget, so a lookup that started before it does not store what it read. */
  private generation = 0;
  private readonly ttlMs: number;
  /** Whole bearer tokens already verified, each living no longer than its credential's entry. */
  private readonly verifiedTokens: LRUCache<string, ApiKeyCredential>;

  constructor(
    private readonly load: (apiKeyId: string) => Promise<ApiKeyCredential | null>,
    options: { ttlMs?: number; max?: number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? API_KEY_CACHE_TTL_MS;
    // A TTL of 0 turns the cache off (lru-cache would read 0 as "never expires").
    this.entries = new LRUCache({ max: options.max ?? 10_000, ttl: Math.max(this.ttlMs, 1) });
    this.verifiedTokens = new LRUCache({ max: options.max ?? 10_000, ttl: Math.max(this.ttlMs, 1) });
  }

  async get(apiKeyId: string): Promise<ApiKeyCredential | null> {
    const hit = this.entries.get(apiKeyId);
    if (hit) return hit.credential;
    const generation = this.generation;
    const credential = await this.load(apiKeyId);
    if (credential && this.ttlMs > 0 && generation === this.generation)
      this.entries.set(apiKeyId, { credential, verifiedSecret: null });
    return credential;
  }

  /**
   * The cached credential of a bearer token already found to match it, or null: one lookup by the
   * whole token, for the tile fast path. Emptied by every forget (revocations are rare).
   */
  peekToken(token: string): ApiKeyCredential | null {
    return this.verifiedTokens.get(token) ?? null;
  }

  /** Whether `secret` was already found to match the cached credential of `apiKeyId`. */
  secretVerified(apiKeyId: string, secret: string): boolean {
    const verified = this.entries.get(apiKeyId, { updateAgeOnGet: false })?.verifiedSecret;
    if (!verified || verified.length !== secret.length) return false;
    // Constant time, like the hash comparison it stands in for.
    return timingSafeEqual(Buffer.from(verified), Buffer.from(secret));
  }

  rememberVerified(apiKeyId: string, secret: string, token?: string): void {
    const entry = this.entries.get(apiKeyId, { updateAgeOnGet: false });
    if (!entry) return;
    entry.verifiedSecret = secret;
    if (token)
      this.verifiedTokens.set(token, entry.credential, { ttl: Math.max(1, this.entries.getRemainingTTL(apiKeyId)) });
  }

  forget(apiKeyId: string): void {
    this.generation += 1;
    this.entries.delete(apiKeyId);
    this.verifiedTokens.clear();
  }

  /** Drops the keys the events revoke. */
  readonly onEvents: ReadModelListener = (events) => {
    for (const event of events) {
      if (event.type === 'ApiKeyRevoked') this.forget((event.data as { api_key_id: string }).api_key_id);
    }
  };
}
