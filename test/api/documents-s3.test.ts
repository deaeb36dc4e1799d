// Issue 11, documents on S3-compatible storage (a real s3rver on a loopback port) with small
// limits, on PGlite and PostgreSQL: upload, extraction of PDF and DOCX by the workers (a corrupt
// and an encrypted PDF fail alone, with a code), presigned GETs fetched without a key, deletes
// removing the objects, the per-file, per-request and file-count limits (413), and the S3 server
// stopping mid-test (503 from the API, nothing recorded, nothing stored).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { s3Env, startS3rver, type S3rverFixture } from '../support/s3rver-fixture.ts';
import { makeDocx, makePdf } from '../support/document-fixtures.ts';
import { newOperation, recordedFor, storedKeys, upload, waitForText } from '../support/document-http.ts';

const MB = 1024 * 1024;
const LIMITS = { DOCUMENT_MAX_FILE_MB: '1', DOCUMENT_MAX_REQUEST_MB: '2', DOCUMENT_MAX_FILES: '3' };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService; s3: S3rverFixture }>(`documents on S3 [${backend}]`);
  test.before(async (ctx) => {
    ctx.s3 = await startS3rver(['documents']);
    ctx.svc = await startTestService(backend, { ...s3Env(ctx.s3, 'documents'), ...LIMITS });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    await ctx.s3?.close();
  });

  test('PDF and DOCX text extracted by the workers; a corrupt and an encrypted PDF fail alone with a code', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const pdf = makePdf(['OPORD 04-26 page one', 'Annex B page two']);
    const docx = makeDocx(['Fire support plan', 'Priority of fires: 1st Battalion']);
    const r = await upload(svc, { operation_id: op }, [
      { name: 'opord.pdf', bytes: pdf },
      { name: 'fires.docx', bytes: docx },
      { name: 'broken.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x41)]) },
    ]);
    assert.is(r.status, 200, r.text);
    assert.equal(
      r.body.items.map((d: any) => d.media_type),
      ['application/pdf', DOCX, 'application/pdf'],
    );
    const encrypted = await upload(svc, { operation_id: op }, [
      { name: 'secret.pdf', bytes: makePdf(['classified'], { encrypt: true }) },
    ]);
    const [opord, fires, broken] = await Promise.all(r.body.items.map((d: any) => waitForText(svc, d.id)));
    assert.equal(
      [opord.text_status, opord.page_count, opord.characters],
      ['extracted', 2, 'OPORD 04-26 page one\nAnnex B page two'.length],
    );
    assert.equal([fires.text_status, fires.page_count, fires.text_error], ['extracted', null, null]);
    assert.equal([broken.text_status, broken.text_error?.code], ['failed', 'PDF_CORRUPT']);
    const secret = await waitForText(svc, encrypted.body.items[0].id);
    assert.equal([secret.text_status, secret.text_error?.code], ['failed', 'PDF_ENCRYPTED']);
    const text = await svc.service.documents.get(
      `documents/${op}/${(await svc.service.db.knex('documents').where({ document_id: fires.id }).first()).upload_id}.txt`,
    );
    let extracted = '';
    for await (const chunk of text!) extracted += chunk.toString();
    assert.match(extracted, /Fire support plan\s+Priority of fires: 1st Battalion/);
  });

  test('presigned S3 GET downloads without an API key; delete removes the object and the text', async ({ svc, s3 }) => {
    const op = await newOperation(svc);
    const pdf = makePdf(['Overlay legend']);
    const doc = (await upload(svc, { operation_id: op }, [{ name: 'Légende.pdf', bytes: pdf }])).body.items[0];
    assert.is(doc.sha256, sha(pdf));
    await waitForText(svc, doc.id);
    const url = (await http(svc.url, 'GET', `/api/documents/${doc.id}/presigned-url`, { key: svc.key })).body as string;
    assert.ok(url.startsWith(`${s3.endpoint}/documents/documents/${op}/`), url);
    assert.ok(new URL(url).searchParams.get('X-Amz-Expires') === '900', 'default lifetime 15 min');
    const download = await fetch(url);
    assert.is(download.status, 200);
    assert.is(sha(Buffer.from(await download.arrayBuffer())), sha(pdf));
    assert.is(download.headers.get('content-type'), 'application/pdf');
    assert.match(download.headers.get('content-disposition') ?? '', /filename\*=UTF-8''L%C3%A9gende\.pdf/);
    assert.is((await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)).length, 2);
    assert.is((await http(svc.url, 'DELETE', `/api/documents/${doc.id}`, { key: svc.key })).status, 200);
    assert.equal(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
      [],
    );
    assert.is((await fetch(url)).status, 404, 'the object is gone');
  });

  test(
    'limits: a file over DOCUMENT_MAX_FILE_MB, a request over DOCUMENT_MAX_REQUEST_MB, ' +
      'more than DOCUMENT_MAX_FILES → 413, nothing kept',
    async ({ svc }) => {
      const op = await newOperation(svc);
      const head = await svc.service.store.headPosition();
      const text = (bytes: number, fill: string) => fill.repeat(bytes);
      const big = await upload(svc, { operation_id: op }, [
        { name: 'ok.txt', bytes: 'fine' },
        { name: 'big.txt', bytes: text(MB + 10, 'a') },
      ]);
      assert.is(big.status, 413, big.text);
      assert.match(big.body.detail, /big\.txt is larger than 1 MB/);
      const many = await upload(
        svc,
        { operation_id: op },
        ['1', '2', '3', '4'].map((n) => ({ name: `${n}.txt`, bytes: `file ${n}` })),
      );
      assert.is(many.status, 413, many.text);
      assert.match(many.body.detail, /At most 3 files/);
      const total = await upload(
        svc,
        { operation_id: op },
        ['x', 'y', 'z'].map((c) => ({ name: `${c}.txt`, bytes: text(0.8 * MB, c) })),
      );
      assert.is(total.status, 413, total.text);
      assert.match(total.body.detail, /request is larger than 2 MB/);
      assert.equal(
        (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
        [],
        'no object left behind',
      );
      assert.equal(await recordedFor(svc, op, head), [], 'nothing recorded');
    },
  );

  test('the S3 server stopping: uploads answer 503 and record nothing; the health check says so; back once it is', async ({
    svc,
    s3,
  }) => {
    const op = await newOperation(svc);
    const head = await svc.service.store.headPosition();
    await s3.stop();
    try {
      const r = await upload(svc, { operation_id: op }, [{ name: 'while-down.txt', bytes: 'no storage' }]);
      assert.is(r.status, 503, r.text);
      assert.match(r.body.detail, /Document storage is unavailable/);
      assert.equal(await recordedFor(svc, op, head), [], 'nothing recorded');
      const listed = await http(svc.url, 'GET', `/api/documents/?operation_id=${op}`, { key: svc.key });
      assert.is(listed.body.total, 0);
      const health = await http(svc.url, 'GET', '/api/health/');
      assert.equal([health.status, health.body.backends.document_storage], [503, { kind: 's3', ok: false }]);
    } finally {
      await s3.start();
    }
    assert.equal(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
      [],
    );
    const again = await upload(svc, { operation_id: op }, [{ name: 'after.txt', bytes: 'storage back' }]);
    assert.is(again.status, 200, again.text);
    assert.equal((await http(svc.url, 'GET', '/api/health/')).body.backends.document_storage, { kind: 's3', ok: true });
  });

  test.run();
}
