// The API caches (api/cache/) never keep what a lookup read before an invalidation that overtook
// it, and keep nothing when turned off.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiKeyCredentialCache } from '../../api/cache/api-key-credential-cache.ts';
import { TileReadinessCache } from '../../api/cache/tile-readiness-cache.ts';
import { TileBodyCache } from '../../api/cache/tile-body-cache.ts';
import type { ApiKeyCredential } from '../../projections/queries/api-key-queries.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const credential = (revoked: boolean): ApiKeyCredential => ({
  api_key_id: ID,
  account_id: ID,
  secret_sha256: 'ab',
  expires_at: null,
  revoked,
});
const event = (type: string, data: object) => ({ type, data }) as unknown as RecordedEvent;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

test('a credential read before a revocation overtook it is not kept', async () => {
  let stored = credential(false);
  let pending = deferred<void>();
  let loads = 0;
  const cache = new ApiKeyCredentialCache(async () => {
    loads += 1;
    const read = stored;
    await pending.promise;
    return read;
  });
  const slow = cache.get(ID);
  cache.onEvents([event('ApiKeyRevoked', { api_key_id: ID })]);
  stored = credential(true);
  pending.resolve();
  assert.is((await slow)!.revoked, false, 'the slow lookup answers what it read');
  pending = deferred<void>();
  const next = cache.get(ID);
  pending.resolve();
  assert.is((await next)!.revoked, true, 'but did not keep it: the next lookup reads again');
  assert.is(loads, 2);
  assert.is((await cache.get(ID))!.revoked, true);
  assert.is(loads, 2, 'the fresh answer is kept');
});

test('verified tokens are forgotten with their key; a TTL of 0 keeps nothing', async () => {
  const cache = new ApiKeyCredentialCache(async () => credential(false));
  await cache.get(ID);
  cache.rememberVerified(ID, 'secret', 'opk_token');
  assert.ok(cache.secretVerified(ID, 'secret'));
  assert.not.ok(cache.secretVerified(ID, 'secreT'));
  assert.is(cache.peekToken('opk_token')!.api_key_id, ID);
  cache.forget(ID);
  assert.is(cache.peekToken('opk_token'), null);
  assert.not.ok(cache.secretVerified(ID, 'secret'));

  let loads = 0;
  const off = new ApiKeyCredentialCache(
    async () => {
      loads += 1;
      return credential(false);
    },
    { ttlMs: 0 },
  );
  await off.get(ID);
  await off.get(ID);
  assert.is(loads, 2);
});

test('tile readiness is kept until a terrain-job event, and other events leave it', async () => {
  let answer: 'empty' | 'not-ready' = 'empty';
  let loads = 0;
  const cache = new TileReadinessCache(async () => {
    loads += 1;
    return { status: answer };
  });
  const query = { tile: { z: 12, x: 1, y: 2 }, phase: 'terrain_display_tiles' as const, dataset: 'elevation' as const };
  assert.is((await cache.get(query)).status, 'empty');
  assert.is(cache.peek(query)!.status, 'empty');
  cache.onEvents([event('OperationCreated', {})]);
  assert.is((await cache.get(query)).status, 'empty');
  assert.is(loads, 1);
  answer = 'not-ready';
  cache.onEvents([event('TerrainJobRequested', {})]);
  assert.is(cache.peek(query), undefined);
  assert.is((await cache.get(query)).status, 'not-ready');
});

test('tile bytes: kept within the budget, never when missing, empty or larger than the budget', async () => {
  const blobs = new Map<string, Uint8Array>();
  let reads = 0;
  const cache = new TileBodyCache(
    async (key) => {
      reads += 1;
      return blobs.get(key) ?? null;
    },
    { maxBytes: 1000 },
  );
  const tile = (x: number) => ({ z: 12, x, y: 0 });
  const { displayTileKey } = await import('../../domain/terrain/display-tile-key.ts');
  blobs.set(displayTileKey('svc-native--roads', 'f', tile(1)), new Uint8Array(100).fill(1));
  blobs.set(displayTileKey('svc-native--roads', 'f', tile(2)), new Uint8Array(0));
  blobs.set(displayTileKey('svc-native--roads', 'f', tile(3)), new Uint8Array(5000));
  assert.is((await cache.get('svc-native--roads', 'f', tile(1)))!.bytes.length, 100);
  assert.ok(cache.peek('svc-native--roads', 'f', tile(1)));
  assert.is(await cache.get('svc-native--roads', 'f', tile(2)), null, 'a 0-byte tile is empty');
  assert.is(await cache.get('svc-native--roads', 'f', tile(4)), null);
  assert.is((await cache.get('svc-native--roads', 'f', tile(3)))!.bytes.length, 5000, 'served...');
  assert.is(cache.peek('svc-native--roads', 'f', tile(3)), undefined, '...not kept');
  assert.is(cache.peek('svc-native--roads', 'f', tile(2)), undefined);
  const before = reads;
  await cache.get('svc-native--roads', 'f', tile(1));
  assert.is(reads, before, 'a kept tile is not read again');
  cache.onEvents([event('TerrainJobFinished', {})]);
  assert.is(cache.peek('svc-native--roads', 'f', tile(1)), undefined);
});

test.run();
