// Issue 9, tile speed: the API answers keys, tile readiness and tile bytes from memory, and the
// events that make an answer stale drop it, so nothing served differs from the read models: a
// revocation is refused at once where it was made and within seconds by another API process; a
// tile follows its jobs from empty to not-ready to ready and to a newer source's bytes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { contentEtag } from '../../api/ogc/content-etag.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { createJob, elevationPng, putTile } from './ogc-tiles-support.ts';

const tilePath = (t: TileAddress) =>
  `/api/ogc/tiles/collections/svc-native--terrain-elevation/tiles/WebMercatorQuad/${t.z}/${t.y}/${t.x}.png`;

async function getTile(svc: { url: string }, key: string, t: TileAddress) {
  const r = await fetch(svc.url + tilePath(t), { headers: { authorization: `Bearer ${key}` } });
  return {
    status: r.status,
    tileStatus: r.headers.get('x-tile-status'),
    etag: r.headers.get('etag'),
    bytes: Buffer.from(await r.arrayBuffer()),
  };
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) {
      assert.ok(ok(value), `${what} within ${timeoutMs} ms`);
      return value;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`API memory caches [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTestService(backend);
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('a revoked key is refused at once by the process that revoked it, on tiles and on other routes', async ({
    svc,
  }) => {
    const tile = { z: 12, x: 2600, y: 1600 };
    await createJob(svc, {
      tiles: [[tile.x, tile.y]],
      fingerprint: 'revoke',
      phases: { terrain_display_tiles: 'complete' },
    });
    await putTile(svc, 'svc-native--terrain-elevation', 'revoke', tile, elevationPng(tile));
    const created = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'to revoke' } })).body;
    for (let i = 0; i < 3; i++) {
      assert.is((await getTile(svc, created.key, tile)).status, 200, 'served (and the key kept in memory)');
      assert.is((await http(svc.url, 'GET', '/api/operations/', { key: created.key })).status, 200);
    }
    assert.is((await http(svc.url, 'DELETE', `/api/api-keys/${created.id}`, { key: svc.key })).status, 200);
    assert.is((await getTile(svc, created.key, tile)).status, 401, 'the tile is refused on the very next request');
    const refused = await http(svc.url, 'GET', '/api/operations/', { key: created.key });
    assert.is(refused.status, 401);
    assert.equal(refused.body, { detail: 'API key revoked' });
    assert.is((await getTile(svc, svc.key, tile)).status, 200, 'other keys are unaffected');
  });

  test("a tile follows its jobs: empty, then not-ready, then ready, then a newer source's bytes", async ({ svc }) => {
    const tile = { z: 12, x: 2700, y: 1700 };
    const empty = await getTile(svc, svc.key, tile);
    assert.equal([empty.status, empty.tileStatus], [204, 'empty']);
    assert.equal([(await getTile(svc, svc.key, tile)).status], [204], 'the answer is kept...');
    await createJob(svc, {
      tiles: [[tile.x, tile.y]],
      fingerprint: 'first',
      phases: { terrain_display_tiles: 'running' },
    });
    const running = await getTile(svc, svc.key, tile);
    assert.equal(
      [running.status, running.tileStatus],
      [204, 'not-ready'],
      '...until a job event reaches the read models',
    );

    const firstBytes = elevationPng(tile);
    await putTile(svc, 'svc-native--terrain-elevation', 'first', tile, firstBytes);
    await createJob(svc, {
      tiles: [[tile.x, tile.y]],
      fingerprint: 'first',
      phases: { terrain_display_tiles: 'complete' },
    });
    const ready = await getTile(svc, svc.key, tile);
    assert.is(ready.status, 200);
    assert.ok(ready.bytes.equals(firstBytes));
    assert.is(ready.etag, contentEtag(firstBytes));

    const newerBytes = elevationPng({ ...tile, x: tile.x + 1 });
    await putTile(svc, 'svc-native--terrain-elevation', 'newer', tile, newerBytes);
    await createJob(svc, {
      tiles: [[tile.x, tile.y]],
      fingerprint: 'newer',
      phases: { terrain_display_tiles: 'complete' },
    });
    const newer = await getTile(svc, svc.key, tile);
    assert.ok(newer.bytes.equals(newerBytes), "the newest ready job's source is served at once");
    assert.is(newer.etag, contentEtag(newerBytes));
    const r = await fetch(svc.url + tilePath(tile), {
      headers: { authorization: `Bearer ${svc.key}`, 'if-none-match': ready.etag! },
    });
    assert.is(r.status, 200, 'the old ETag no longer matches');
  });

  if (backend === 'postgres') {
    test('a second API process, its projector elsewhere, follows revocations and new tiles within seconds', async ({
      svc,
    }) => {
      const other = await startTestService(
        'postgres',
        {},
        {
          env: { ...svc.env, INLINE_PROJECTOR: 'false' },
          key: svc.key,
          accountId: svc.accountId,
        },
      );
      try {
        const tile = { z: 12, x: 2800, y: 1800 };
        const created = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'elsewhere' } }))
          .body;
        await until(
          'the new key works on the second process',
          () => getTile(other, created.key, tile),
          (r) => r.status === 204,
        );
        assert.is((await getTile(other, created.key, tile)).tileStatus, 'empty');

        const bytes = elevationPng(tile);
        await putTile(svc, 'svc-native--terrain-elevation', 'elsewhere', tile, bytes);
        await createJob(svc, {
          tiles: [[tile.x, tile.y]],
          fingerprint: 'elsewhere',
          phases: { terrain_display_tiles: 'complete' },
        });
        const ready = await until(
          'the tile is ready on the second process',
          () => getTile(other, created.key, tile),
          (r) => r.status === 200,
        );
        assert.ok(ready.bytes.equals(bytes));

        assert.is((await http(svc.url, 'DELETE', `/api/api-keys/${created.id}`, { key: svc.key })).status, 200);
        await until(
          'the revocation reaches the second process',
          () => getTile(other, created.key, tile),
          (r) => r.status === 401,
          3000,
        );
      } finally {
        await other.stop();
      }
    });
  }

  test.run();
}
