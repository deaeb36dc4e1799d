// One contract for every BlobStore adapter: the filesystem and the in-memory one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from '../../../infra/blob-store/blob-store.ts';
import { createFsBlobStore } from '../../../infra/blob-store/create-fs-blob-store.ts';
import { createMemoryBlobStore } from '../../../infra/blob-store/create-memory-blob-store.ts';
import { BlobKeyError } from '../../../infra/blob-store/validate-blob-key.ts';

type Adapter = { name: string; open(): Promise<{ store: Required<BlobStore>; close(): Promise<void> }> };

const adapters: Adapter[] = [
  {
    name: 'memory',
    async open() {
      return { store: createMemoryBlobStore(), close: async () => {} };
    },
  },
  {
    name: 'fs',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'blob-store-'));
      return { store: createFsBlobStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
];

for (const adapter of adapters) {
  test(`${adapter.name}: put then get returns the same bytes; has is true`, async () => {
    const { store, close } = await adapter.open();
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await store.put('tiles/svc-native--roads/abc/12/2345/1234.mvt', bytes, 'application/vnd.mapbox-vector-tile');
    const back = await store.get('tiles/svc-native--roads/abc/12/2345/1234.mvt');
    assert.equal(Array.from(back!), [1, 2, 3, 250]);
    assert.is(await store.has('tiles/svc-native--roads/abc/12/2345/1234.mvt'), true);
    await close();
  });

  test(`${adapter.name}: a missing key reads as null and has() is false`, async () => {
    const { store, close } = await adapter.open();
    assert.is(await store.get('artifacts/roads/x/1/2/3.geojson'), null);
    assert.is(await store.has('artifacts/roads/x/1/2/3.geojson'), false);
    // A key below a path that is itself a key is missing, not an error.
    await store.put('a/b', new Uint8Array([1]));
    assert.is(await store.get('a/b/c'), null);
    assert.is(await store.has('a/b/c'), false);
    await close();
  });

  test(`${adapter.name}: put replaces; stored bytes do not change when the caller's array does`, async () => {
    const { store, close } = await adapter.open();
    const first = new Uint8Array([9, 9]);
    await store.put('k/one', first);
    first[0] = 0;
    assert.equal(Array.from((await store.get('k/one'))!), [9, 9]);
    await store.put('k/one', new Uint8Array([7]));
    assert.equal(Array.from((await store.get('k/one'))!), [7]);
    await close();
  });

  test(`${adapter.name}: empty values are stored (an empty tile is a fact)`, async () => {
    const { store, close } = await adapter.open();
    await store.put('tiles/x/empty.mvt', new Uint8Array(0));
    assert.is(await store.has('tiles/x/empty.mvt'), true);
    assert.is((await store.get('tiles/x/empty.mvt'))!.length, 0);
    await close();
  });

  test(`${adapter.name}: delete(prefix) removes exactly the keys that start with it`, async () => {
    const { store, close } = await adapter.open();
    for (const key of ['t/a/1', 't/a/2', 't/ab/3', 't/b/4', 'u/5']) await store.put(key, new Uint8Array([1]));
    assert.is(await store.delete('t/a/'), 2);
    assert.is(await store.has('t/ab/3'), true);
    assert.is(await store.delete('t/a'), 1); // 't/ab/3'
    assert.is(await store.has('t/b/4'), true);
    assert.is(await store.delete(), 2);
    assert.is(await store.has('u/5'), false);
    await close();
  });

  test(`${adapter.name}: bad keys are refused`, async () => {
    const { store, close } = await adapter.open();
    for (const key of ['', '/abs', 'a//b', '../up', 'a/../b', 'a/./b', 'sp ace', 'a\\b', 'x'.repeat(513)]) {
      let error: unknown = null;
      try {
        await store.put(key, new Uint8Array([1]));
      } catch (e) {
        error = e;
      }
      assert.instance(error, BlobKeyError, `key ${JSON.stringify(key)}`);
    }
    await close();
  });

  test(`${adapter.name}: 20 concurrent puts of one key leave one whole value`, async () => {
    const { store, close } = await adapter.open();
    const values = Array.from({ length: 20 }, (_, i) => new Uint8Array(10_000).fill(i + 1));
    await Promise.all(values.map((v) => store.put('race/key', v)));
    const back = (await store.get('race/key'))!;
    assert.is(back.length, 10_000);
    assert.ok(
      back.every((b) => b === back[0]),
      'a torn value mixes two writes',
    );
    await close();
  });
}

test('fs: a put leaves no temporary file behind', async () => {
  const root = await mkdtemp(join(tmpdir(), 'blob-store-'));
  const store = createFsBlobStore(root);
  await store.put('a/b.bin', new Uint8Array([1, 2]));
  assert.equal(await readdir(join(root, '.tmp')), []);
  assert.equal(await readdir(join(root, 'a')), ['b.bin']);
  await rm(root, { recursive: true, force: true });
});

test.run();
