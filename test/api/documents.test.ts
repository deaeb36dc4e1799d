// Issue 11, documents: multipart upload streamed to storage (filesystem store here; S3 in
// documents-s3.test.ts), types sniffed from the bytes, limits, duplicates, sanitised names,
// asynchronous text extraction by the workers, list and delete (objects removed after the event),
// signed download URLs (expiry, tampering, deletion), aborted uploads, the storage sweeper.
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import {
  newOperation,
  recordedFor,
  storedKeys,
  upload,
  waitForText,
  type UploadFile,
} from '../support/document-http.ts';
import { sweepDocumentStorage } from '../../api/documents/sweep-document-storage.ts';
import { createLogger } from '../../infra/logger.ts';
import { nextRequestHandled } from '../support/request-handled.ts';

const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const ORDER = '# OPORD 03-26\n\n1. Situation\n\nEnemy forces defend along PL RED.\n';
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Array(200).fill(0)]);

forEachBackend('documents', (test) => {
  test('upload: types sniffed from the bytes, names sanitised, SHA-256 kept, text extracted by the workers', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [] });
    const r = await upload(
      svc,
      { operation_id: op, description: 'Brigade order and overlay', classification: 'NATO RESTRICTED' },
      [
        { name: '../../orders/opord-03-26.md', bytes: ORDER, type: 'application/pdf' },
        { name: 'overlay.geojson', bytes: geojson },
        { name: 'pixel.png', bytes: PNG, type: 'text/plain' },
      ],
    );
    assert.is(r.status, 200, r.text);
    assert.equal(
      r.body.items.map((d: any) => [d.file_name, d.media_type, d.size, d.sha256, d.duplicate]),
      [
        ['opord-03-26.md', 'text/markdown', Buffer.byteLength(ORDER), sha(ORDER), false],
        ['overlay.geojson', 'application/geo+json', geojson.length, sha(geojson), false],
        ['pixel.png', 'image/png', PNG.length, sha(PNG), false],
      ],
    );
    const [md, , png] = r.body.items;
    assert.equal(
      [md.description, md.classification, md.operation_id],
      ['Brigade order and overlay', 'NATO RESTRICTED', op],
    );
    // The in-process workers may have extracted it before the answer was written.
    assert.ok(['pending', 'extracted'].includes(md.text_status), md.text_status);
    assert.is(md.uploaded_by.account_id, svc.accountId);
    const extracted = await waitForText(svc, md.id);
    assert.equal(
      [extracted.text_status, extracted.characters, extracted.text_error],
      ['extracted', ORDER.length, null],
    );
    const overlay = await waitForText(svc, r.body.items[1].id);
    assert.equal([overlay.text_status, overlay.characters, overlay.page_count], ['extracted', geojson.length, null]);
    const image = await waitForText(svc, png.id);
    assert.equal([image.text_status, image.text_error?.code], ['failed', 'NOT_EXTRACTABLE']);
    const list = (await http(svc.url, 'GET', `/api/documents/?operation_id=${op}&size=2`, { key: svc.key })).body;
    assert.equal([list.total, list.pages, list.items.length], [3, 2, 2]);
    assert.is(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)).length,
      5,
      'three files and two texts (the image has none)',
    );
  });

  test('the same content twice is reported as a duplicate and stored once; concurrent duplicates too', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const first = await upload(svc, { operation_id: op }, [{ name: 'a.txt', bytes: 'Same bytes' }]);
    const again = await upload(svc, { operation_id: op }, [
      { name: 'b.txt', bytes: 'Same bytes' },
      { name: 'c.txt', bytes: 'Other bytes' },
    ]);
    assert.is(again.status, 200, again.text);
    assert.equal(
      again.body.items.map((d: any) => [d.id === first.body.items[0].id, d.duplicate, d.file_name]),
      [
        [true, true, 'a.txt'],
        [false, false, 'c.txt'],
      ],
    );
    const racing = await Promise.all(
      [1, 2, 3].map(() => upload(svc, { operation_id: op }, [{ name: 'r.txt', bytes: 'Racing bytes' }])),
    );
    assert.equal(
      racing.map((r) => r.status),
      [200, 200, 200],
    );
    assert.is(new Set(racing.map((r) => r.body.items[0].id)).size, 1);
    assert.equal(racing.map((r) => r.body.items[0].duplicate).sort(), [false, true, true]);
    assert.is((await http(svc.url, 'GET', `/api/documents/?operation_id=${op}`, { key: svc.key })).body.total, 3);
    await Promise.all(racing.map(() => waitForText(svc, racing[0]!.body.items[0].id)));
    const objects = (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`) && !k.endsWith('.txt'));
    assert.is(objects.length, 3, 'one object per document');
    // Another operation may hold the same content.
    const otherOp = await newOperation(svc);
    assert.is(
      (await upload(svc, { operation_id: otherOp }, [{ name: 'a.txt', bytes: 'Same bytes' }])).body.items[0].duplicate,
      false,
    );
  });

  test(
    'refusals: type outside the allow-list 415, operation checks before any byte is stored, bad form 422 ' +
      '(limits 413: documents-s3.test.ts)',
    async ({ svc }) => {
      const op = await newOperation(svc);
      const other = await svc.newAccount();
      const head = await svc.service.store.headPosition();
      const exe = await upload(svc, { operation_id: op }, [
        { name: 'ok.txt', bytes: 'fine' },
        { name: 'setup.pdf', bytes: EXE, type: 'application/pdf' },
      ]);
      assert.is(exe.status, 415, exe.text);
      assert.match(exe.body.detail, /setup\.pdf/);
      const nul = await upload(svc, { operation_id: op }, [{ name: 'bin.txt', bytes: 'a\u0000b' }]);
      assert.is(nul.status, 415);
      assert.is(
        (await upload(svc, { operation_id: op }, [{ name: 'x.txt', bytes: 'x' }], { key: other.key })).status,
        403,
      );
      assert.is(
        (await upload(svc, {}, [{ name: 'x.txt', bytes: 'x' }], { key: other.key, query: `?operation_id=${op}` }))
          .status,
        403,
      );
      assert.is(
        (await upload(svc, { operation_id: '00000000-0000-4000-8000-000000000000' }, [{ name: 'x.txt', bytes: 'x' }]))
          .status,
        404,
      );
      const cases: Array<[Record<string, string>, UploadFile[], unknown[]]> = [
        [{}, [{ name: 'x.txt', bytes: 'x' }], ['body', 'operation_id']],
        [{ operation_id: 'nope' }, [{ name: 'x.txt', bytes: 'x' }], ['body', 'operation_id']],
        [{ operation_id: op }, [], ['body', 'files']],
        [
          { operation_id: op, classification: 'secret stuff' },
          [{ name: 'x.txt', bytes: 'x' }],
          ['body', 'classification'],
        ],
        [{ operation_id: op, colour: 'red' }, [{ name: 'x.txt', bytes: 'x' }], ['body', 'colour']],
      ];
      for (const [fields, files, loc] of cases) {
        const r = await upload(svc, fields, files);
        assert.is(r.status, 422, `${JSON.stringify(fields)} → ${r.status} ${r.text}`);
        assert.equal(r.body.detail[0].loc, loc);
      }
      // operation_id after the files
      const form = new FormData();
      form.append('files', new Blob(['x']), 'x.txt');
      form.append('operation_id', op);
      const late = await fetch(`${svc.url}/api/documents/`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${svc.key}` },
      });
      assert.is(late.status, 422);
      const json = await http(svc.url, 'POST', '/api/documents/', { key: svc.key, body: { operation_id: op } });
      assert.is(json.status, 415);
      assert.equal(
        (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
        [],
        'no object left behind',
      );
      assert.equal(await recordedFor(svc, op, head), [], 'nothing recorded');
    },
  );

  test('delete: answers the record, later reads 404, objects leave storage, history shows the events', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const doc = (await upload(svc, { operation_id: op }, [{ name: 'annex-b.txt', bytes: 'Annex B: Intelligence' }]))
      .body.items[0];
    await waitForText(svc, doc.id);
    assert.is((await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)).length, 2);
    const other = await svc.newAccount();
    assert.is((await http(svc.url, 'DELETE', `/api/documents/${doc.id}`, { key: other.key })).status, 403);
    const deleted = await http(svc.url, 'DELETE', `/api/documents/${doc.id}`, { key: svc.key });
    assert.equal([deleted.status, deleted.body.id, deleted.body.file_name], [200, doc.id, 'annex-b.txt']);
    assert.is((await http(svc.url, 'GET', `/api/documents/${doc.id}`, { key: svc.key })).status, 404);
    assert.is((await http(svc.url, 'DELETE', `/api/documents/${doc.id}`, { key: svc.key })).status, 404);
    assert.is((await http(svc.url, 'GET', `/api/documents/?operation_id=${op}`, { key: svc.key })).body.total, 0);
    assert.equal(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
      [],
    );
    const history = (await http(svc.url, 'GET', `/api/operations/${op}/history`, { key: svc.key })).body.items.map(
      (e: any) => e.type,
    );
    for (const type of ['DocumentUploaded', 'DocumentTextExtracted', 'DocumentDeleted'])
      assert.ok(history.includes(type), type);
    // Uploaded again after its deletion: a new life of the same document, extracted again.
    const again = (await upload(svc, { operation_id: op }, [{ name: 'annex-b.txt', bytes: 'Annex B: Intelligence' }]))
      .body.items[0];
    assert.equal([again.id, again.duplicate], [doc.id, false]);
    assert.is((await waitForText(svc, again.id)).text_status, 'extracted');
  });

  test('presigned URL: downloads without a key, with name and type; tampered, forged, expired or deleted → refused', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const doc = (await upload(svc, { operation_id: op }, [{ name: 'Überlagerung «Nord».md', bytes: ORDER }])).body
      .items[0];
    const answer = await http(svc.url, 'GET', `/api/documents/${doc.id}/presigned-url`, { key: svc.key });
    assert.is(answer.status, 200, answer.text);
    assert.match(answer.headers.get('content-type') ?? '', /application\/json/);
    assert.type(answer.body, 'string');
    const url = new URL(answer.body);
    const download = await fetch(url);
    assert.is(download.status, 200);
    assert.is(await download.text(), ORDER);
    assert.match(download.headers.get('content-type') ?? '', /^text\/markdown/);
    assert.match(
      download.headers.get('content-disposition') ?? '',
      /filename\*=UTF-8''%C3%9Cberlagerung%20%C2%ABNord%C2%BB\.md/,
    );
    for (const [name, value] of [
      ['name', 'evil.exe'],
      ['type', 'text/html'],
      ['expires', String(Number(url.searchParams.get('expires')) + 3600)],
    ]) {
      const tampered = new URL(url);
      tampered.searchParams.set(name!, value!);
      assert.is((await fetch(tampered)).status, 403, `changed ${name}`);
    }
    const forged = new URL(url);
    forged.searchParams.set('signature', '0'.repeat(64));
    assert.is((await fetch(forged)).status, 403);
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    assert.is((await fetch(otherKey)).status, 403, 'the signature covers the key');
    assert.is(
      (await http(svc.url, 'GET', `/api/documents/${doc.id}/presigned-url`, { key: (await svc.newAccount()).key }))
        .status,
      403,
    );
    await http(svc.url, 'DELETE', `/api/documents/${doc.id}`, { key: svc.key });
    assert.is((await fetch(url)).status, 404, 'a URL stops working once the document is deleted');
  });

  test('an upload the client aborts midway leaves no record and no object', async ({ svc }) => {
    const op = await newOperation(svc);
    const head = await svc.service.store.headPosition();
    const boundary = 'XbOuNdArY';
    const prefix = `--${boundary}\r\nContent-Disposition: form-data; name="operation_id"\r\n\r\n${op}\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const { port } = new URL(svc.url);
    const handled = nextRequestHandled(svc.service.server);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/documents/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${svc.key}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n${prefix}`,
        );
        socket.write('planning text '.repeat(50_000));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on('error', reject);
    });
    await handled; // the upload's clean-up has run by then
    assert.equal(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)),
      [],
    );
    assert.equal(await recordedFor(svc, op, head), []);
  });

  test('OpenAPI: the routes, the multipart body Body_DocumentRouter_upload_documents, DocumentResponse, ListDocumentResponse', async ({
    svc,
  }) => {
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const upload = doc.paths['/api/documents/'].post;
    assert.is(
      upload.requestBody.content['multipart/form-data'].schema.$ref,
      '#/components/schemas/Body_DocumentRouter_upload_documents',
    );
    const form = doc.components.schemas.Body_DocumentRouter_upload_documents;
    assert.equal(form.required.sort(), ['files', 'operation_id']);
    assert.equal(form.properties.files.items, { type: 'string', format: 'binary' });
    assert.is(
      upload.responses['200'].content['application/json'].schema.$ref,
      '#/components/schemas/ListDocumentResponse',
    );
    assert.ok(doc.components.schemas.DocumentResponse.properties.text_status.enum.includes('extracted'));
    for (const [path, method] of [
      ['/api/documents/{document_id}', 'delete'],
      ['/api/documents/{document_id}/presigned-url', 'get'],
      ['/api/documents/download/{key}', 'get'],
    ]) {
      assert.ok(doc.paths[path!]?.[method!], `${method} ${path}`);
    }
  });

  test('the sweeper removes what a crash left: objects of deleted documents at once, unrecorded uploads after the grace period', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const doc = (await upload(svc, { operation_id: op }, [{ name: 'keep.txt', bytes: 'kept' }])).body.items[0];
    await waitForText(svc, doc.id);
    const storage = svc.service.documents;
    const orphan = `documents/${op}/11111111-1111-4111-8111-111111111111`;
    await storage.put(
      orphan,
      (async function* () {
        yield Buffer.from('orphan');
      })(),
      { contentType: 'text/plain' },
    );
    const logger = createLogger('fatal');
    const now = await svc.service.store.headPosition().then(() => new Date());
    let swept = await sweepDocumentStorage(svc.service.store, svc.service.db.knex, storage, logger, now);
    assert.equal(swept.removed, [], 'a young object may be an upload in flight');
    swept = await sweepDocumentStorage(
      svc.service.store,
      svc.service.db.knex,
      storage,
      logger,
      new Date(now.getTime() + 3600_000),
    );
    assert.equal(swept.removed, [orphan]);
    // A deletion whose object removal never happened (as after a crash): the sweeper removes it.
    const gone = (await upload(svc, { operation_id: op }, [{ name: 'gone.txt', bytes: 'to be deleted' }])).body
      .items[0];
    await waitForText(svc, gone.id);
    const keysBefore = await storedKeys(svc);
    const { deleteDocument } = await import('../../commands/document-commands.ts');
    const { systemContext } = await import('../../commands/command-context.ts');
    const result = await deleteDocument(
      svc.service.store,
      systemContext({ account_id: svc.accountId, api_key_id: null }),
      gone.id,
    );
    await svc.service.runner!.waitFor(result.position!, 10_000);
    assert.equal(await storedKeys(svc), keysBefore, 'objects still there');
    swept = await sweepDocumentStorage(svc.service.store, svc.service.db.knex, storage, logger, now);
    assert.is(swept.removed.length, 2, 'the file and its text');
    assert.is(
      (await storedKeys(svc)).filter((k) => k.startsWith(`documents/${op}/`)).length,
      2,
      'keep.txt and its text remain',
    );
    assert.is(
      (await http(svc.url, 'GET', `/api/documents/${doc.id}`, { key: svc.key })).body.text_status,
      'extracted',
      'the live document is untouched',
    );
  });
});
