// The contract every DocumentStorage adapter keeps (filesystem, S3), run by document-storage.test.ts
// against each: streamed puts with size and SHA-256, gets, idempotent deletes, listing by prefix,
// a failed or aborted put leaving nothing, and presigned GETs fetched with a plain HTTP client.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash, randomUUID } from 'node:crypto';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import { readObject } from '../../infra/document-storage/filesystem-document-storage.ts';

export interface DocumentStorageFixture {
  storage: DocumentStorage;
  /** Origin the filesystem store's URLs point at (a server standing in for the API's download route). */
  origin: string;
  dispose(): Promise<void>;
}

export interface DocumentStorageContract {
  name: string;
  open(): Promise<DocumentStorageFixture>;
}

async function* chunks(...parts: Array<string | Uint8Array>) {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keyOf = () => `documents/${randomUUID()}/${randomUUID()}`;

export function documentStorageContract(contract: DocumentStorageContract) {
  const test = suite<{ fx: DocumentStorageFixture }>(`document storage contract [${contract.name}]`);
  test.before(async (ctx) => {
    ctx.fx = await contract.open();
  });
  test.after(async (ctx) => {
    await ctx.fx?.dispose();
  });

  test('put streams the body and answers its size and SHA-256; get answers the same bytes', async ({ fx }) => {
    const key = keyOf();
    const big = Buffer.alloc(6 * 1024 * 1024 + 123, 7); // over one S3 part: the multipart path
    const put = await fx.storage.put(key, chunks('head ', big, ' tail'), { contentType: 'text/plain' });
    const expected = Buffer.concat([Buffer.from('head '), big, Buffer.from(' tail')]);
    assert.equal(put, { size: expected.length, sha256: sha(expected) });
    const body = await fx.storage.get(key);
    assert.ok(body);
    assert.is(sha(await readObject(body!)), sha(expected));
    assert.is(await fx.storage.get(keyOf()), null, 'a missing key answers null');
  });

  test('delete removes the object and is idempotent; list answers the keys under a prefix', async ({ fx }) => {
    const folder = `documents/${randomUUID()}`;
    for (const name of ['a', 'b', 'c.txt'])
      await fx.storage.put(`${folder}/${name}`, chunks(name), { contentType: 'text/plain' });
    const listed = [];
    for await (const object of fx.storage.list(`${folder}/`)) listed.push(object);
    assert.equal(listed.map((o) => [o.key, o.size]).sort(), [
      [`${folder}/a`, 1],
      [`${folder}/b`, 1],
      [`${folder}/c.txt`, 5],
    ]);
    assert.ok(
      listed.every((o) => o.lastModified instanceof Date && Math.abs(o.lastModified.getTime() - Date.now()) < 600_000),
    );
    await fx.storage.delete(`${folder}/b`);
    await fx.storage.delete(`${folder}/b`);
    assert.is(await fx.storage.get(`${folder}/b`), null);
    const after = [];
    for await (const object of fx.storage.list(`${folder}/`)) after.push(object.key);
    assert.equal(after.sort(), [`${folder}/a`, `${folder}/c.txt`]);
  });

  test('a body that fails midway, or an aborted put, leaves no object', async ({ fx }) => {
    const key = keyOf();
    const failing = (async function* () {
      yield Buffer.alloc(1024, 1);
      throw new Error('client went away');
    })();
    await fx.storage.put(key, failing, { contentType: 'text/plain' }).then(
      () => assert.unreachable('put succeeded'),
      (error: Error) => {
        assert.match(error.message, /client went away/);
      },
    );
    assert.is(await fx.storage.get(key), null);
    const abort = new AbortController();
    const aborted = keyOf();
    const slow = (async function* () {
      yield Buffer.alloc(1024, 2);
      abort.abort(new Error('stopped by the caller'));
      yield Buffer.alloc(1024, 3);
    })();
    await fx.storage.put(aborted, slow, { contentType: 'text/plain', signal: abort.signal }).then(
      () => assert.unreachable('put succeeded'),
      (error: Error) => {
        assert.match(error.message, /stopped by the caller/);
      },
    );
    assert.is(await fx.storage.get(aborted), null);
  });

  test('a presigned GET downloads the object without credentials, with the original name and the type', async ({
    fx,
  }) => {
    const key = keyOf();
    await fx.storage.put(key, chunks('# Annex C\n'), { contentType: 'text/markdown' });
    const url = await fx.storage.presignGet(key, {
      expiresInSeconds: 900,
      fileName: 'Annex C «Fires».md',
      contentType: 'text/markdown',
      origin: fx.origin,
    });
    const response = await fetch(url);
    assert.is(response.status, 200);
    assert.is(await response.text(), '# Annex C\n');
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(
      response.headers.get('content-disposition') ?? '',
      /filename\*=UTF-8''Annex%20C%20%C2%ABFires%C2%BB\.md/,
    );
  });

  test('keys outside the portable form are refused before any I/O', async ({ fx }) => {
    for (const bad of ['../etc/passwd', 'documents//x', '/abs', 'a/./b', 'sp ace']) {
      await fx.storage.put(bad, chunks('x'), { contentType: 'text/plain' }).then(
        () => assert.unreachable(bad),
        () => undefined,
      );
    }
  });

  test('ping answers true when the storage is there', async ({ fx }) => {
    assert.is(await fx.storage.ping(), true);
  });

  return test;
}
