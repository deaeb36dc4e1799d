// The document storage contract against both adapters: the filesystem store (its signed URLs
// served by a stand-in for the API's download route, which checks the HMAC signature) and the S3
// adapter against a real S3 protocol server (s3rver on a loopback port). Then what only one side
// can show: filesystem URL expiry and forgery (the API checks those signatures itself), what an S3
// presigned URL carries (s3rver does not verify signatures, so X-Amz-Expires and the signed
// headers are checked in the URL), a missing bucket, and the S3 server stopping.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createFilesystemDocumentStorage } from '../../../infra/document-storage/filesystem-document-storage.ts';
import { createS3DocumentStorage } from '../../../infra/document-storage/s3-document-storage.ts';
import { StorageUnavailableError, type DocumentStorage } from '../../../infra/document-storage/document-storage.ts';
import { DOWNLOAD_PATH, verifyDownload } from '../../../infra/document-storage/url-signature.ts';
import { contentDisposition } from '../../../domain/document/content-disposition.ts';
import { startS3rver, type S3rverFixture } from '../../support/s3rver-fixture.ts';
import { documentStorageContract } from '../../contract/document-storage-contract.ts';

/** Serves the filesystem store's signed URLs as the API's download route does (signature, then bytes). */
async function serveSignedDownloads(
  storage: DocumentStorage,
  secret: Buffer,
  nowSeconds: () => number,
): Promise<{ origin: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.slice(DOWNLOAD_PATH.length));
    const checked = verifyDownload(key, Object.fromEntries(url.searchParams), secret, nowSeconds());
    if (!checked.ok) {
      res.writeHead(403).end(checked.reason);
      return;
    }
    const body = await storage.get(key);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': checked.contentType,
      'content-disposition': contentDisposition(checked.fileName),
    });
    body.pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, server };
}

function filesystemFixture(now: { seconds: number } | null = null) {
  const root = mkdtempSync(join(tmpdir(), 'document-storage-'));
  const secret = randomBytes(32);
  const nowSeconds = () => now?.seconds ?? Math.floor(Date.now() / 1000);
  const storage = createFilesystemDocumentStorage({ root, signingKey: secret, nowSeconds });
  return { root, secret, storage, nowSeconds };
}

documentStorageContract({
  name: 'filesystem',
  async open() {
    const { root, secret, storage, nowSeconds } = filesystemFixture();
    const { origin, server } = await serveSignedDownloads(storage, secret, nowSeconds);
    return {
      storage,
      origin,
      async dispose() {
        await new Promise((resolve) => server.close(resolve));
        rmSync(root, { recursive: true, force: true });
      },
    };
  },
}).run();

const s3Options = (s3: S3rverFixture, bucket: string) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

documentStorageContract({
  name: 's3 (s3rver)',
  async open() {
    const s3 = await startS3rver(['contract']);
    return { storage: createS3DocumentStorage(s3Options(s3, 'contract')), origin: 'unused', dispose: () => s3.close() };
  },
}).run();

const fs = suite('document storage: filesystem signed URLs (the API verifies these itself)');

fs('an expired, altered or forged filesystem URL is refused (403); a valid one within its lifetime works', async () => {
  const now = { seconds: 1_800_000_000 };
  const { root, secret, storage, nowSeconds } = filesystemFixture(now);
  const { origin, server } = await serveSignedDownloads(storage, secret, nowSeconds);
  try {
    await storage.put(
      'documents/op/one',
      (async function* () {
        yield Buffer.from('bytes');
      })(),
      { contentType: 'text/plain' },
    );
    const url = new URL(
      await storage.presignGet('documents/op/one', {
        expiresInSeconds: 900,
        fileName: 'one.txt',
        contentType: 'text/plain',
        origin,
      }),
    );
    assert.is(url.searchParams.get('expires'), String(now.seconds + 900));
    now.seconds += 899;
    assert.is((await fetch(url)).status, 200, 'valid until its last second');
    now.seconds += 1;
    const expired = await fetch(url);
    assert.equal([expired.status, await expired.text()], [403, 'expired']);
    now.seconds -= 900;
    const forgedKey = randomBytes(32);
    const other = createFilesystemDocumentStorage({ root, signingKey: forgedKey, nowSeconds });
    const forged = await other.presignGet('documents/op/one', {
      expiresInSeconds: 900,
      fileName: 'one.txt',
      contentType: 'text/plain',
      origin,
    });
    assert.equal([(await fetch(forged)).status], [403], 'signed with another key');
    const altered = new URL(url);
    altered.searchParams.set(
      'signature',
      url.searchParams.get('signature')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    assert.is((await fetch(altered)).status, 403);
    const missing = new URL(url);
    missing.searchParams.delete('signature');
    assert.is((await fetch(missing)).status, 403);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  }
});

fs('a failed put leaves no temporary file behind either', async () => {
  const { root, storage } = filesystemFixture();
  try {
    const failing = (async function* () {
      yield Buffer.alloc(4096, 1);
      throw new Error('cut off');
    })();
    await storage.put('documents/op/cut', failing, { contentType: 'text/plain' }).catch(() => undefined);
    assert.equal(readdirSync(join(root, '.tmp')), []);
    assert.equal(readdirSync(join(root, 'documents', 'op')), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

fs.run();

const s3 = suite<{ s3: S3rverFixture }>(
  'document storage: S3 specifics (s3rver does not verify signatures: the URL is inspected)',
);
s3.before(async (ctx) => {
  ctx.s3 = await startS3rver(['docs']);
});
s3.after(async (ctx) => {
  await ctx.s3?.close();
});

s3(
  'an S3 presigned URL carries X-Amz-Expires, a SigV4 signature over the host, and the response overrides ' +
    '(not verified by s3rver)',
  async ({ s3 }) => {
    const storage = createS3DocumentStorage(s3Options(s3, 'docs'));
    const url = new URL(
      await storage.presignGet('documents/op/x', {
        expiresInSeconds: 600,
        fileName: 'Plan «A».pdf',
        contentType: 'application/pdf',
        origin: '',
      }),
    );
    assert.is(url.origin, s3.endpoint);
    assert.is(url.pathname, '/docs/documents/op/x', 'path-style');
    assert.is(url.searchParams.get('X-Amz-Expires'), '600');
    assert.is(url.searchParams.get('X-Amz-Algorithm'), 'AWS4-HMAC-SHA256');
    assert.match(url.searchParams.get('X-Amz-SignedHeaders') ?? '', /^host$/);
    assert.match(url.searchParams.get('X-Amz-Signature') ?? '', /^[0-9a-f]{64}$/);
    assert.is(url.searchParams.get('response-content-type'), 'application/pdf');
    assert.is(url.searchParams.get('response-content-disposition'), contentDisposition('Plan «A».pdf'));
  },
);

s3(
  'with S3_PUBLIC_ENDPOINT the URL is signed for the public host (the API still talks to the internal one)',
  async ({ s3 }) => {
    const storage = createS3DocumentStorage({ ...s3Options(s3, 'docs'), publicEndpoint: 'https://files.example.org' });
    await storage.put(
      'documents/op/p',
      (async function* () {
        yield Buffer.from('p');
      })(),
      { contentType: 'text/plain' },
    );
    const url = new URL(
      await storage.presignGet('documents/op/p', {
        expiresInSeconds: 60,
        fileName: 'p.txt',
        contentType: 'text/plain',
        origin: '',
      }),
    );
    assert.equal(
      [url.origin, url.pathname, url.searchParams.get('X-Amz-Expires')],
      ['https://files.example.org', '/docs/documents/op/p', '60'],
    );
  },
);

s3('a missing bucket is StorageUnavailableError (503 at the API) and ping answers false', async ({ s3 }) => {
  const storage = createS3DocumentStorage(s3Options(s3, 'no-such-bucket'));
  assert.is(await storage.ping(), false);
  const error = await storage
    .put(
      'documents/op/y',
      (async function* () {
        yield Buffer.from('x');
      })(),
      { contentType: 'text/plain' },
    )
    .then(
      () => null,
      (e: unknown) => e,
    );
  assert.instance(error, StorageUnavailableError);
  assert.match((error as Error).message, /no-such-bucket/);
});

s3(
  'the server stopping: puts, gets and lists fail with StorageUnavailableError; it answers again once back',
  async ({ s3 }) => {
    const storage = createS3DocumentStorage(s3Options(s3, 'docs'));
    await storage.put(
      'documents/op/kept',
      (async function* () {
        yield Buffer.from('kept');
      })(),
      { contentType: 'text/plain' },
    );
    await s3.stop();
    try {
      for (const attempt of [
        () =>
          storage.put(
            'documents/op/z',
            (async function* () {
              yield Buffer.from('x');
            })(),
            { contentType: 'text/plain' },
          ),
        () => storage.get('documents/op/kept'),
        async () => {
          for await (const _ of storage.list('documents/')) {
            /* none */
          }
        },
      ]) {
        const error = await attempt().then(
          () => null,
          (e: unknown) => e,
        );
        assert.instance(error, StorageUnavailableError);
      }
      assert.is(await storage.ping(), false);
    } finally {
      await s3.start();
    }
    assert.ok(await storage.get('documents/op/kept'));
  },
);

s3.run();
