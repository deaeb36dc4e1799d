// Pure parts of documents: file-name sanitising, type sniffing, text extraction on small files
// made here (a PDF, an encrypted and a corrupt one, a DOCX), decompression bombs and the other
// extraction limits (issue 20), the extraction thread's heap and time, the URL signing key kept in
// DATA_DIR, and the storage settings.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitizeFileName } from '../../domain/document/sanitize-file-name.ts';
import { contentDisposition } from '../../domain/document/content-disposition.ts';
import { sniffDocumentType } from '../../api/documents/sniff-document-type.ts';
import { extractDocumentText } from '../../workers/documents/extract-document-text.ts';
import { loadUrlSigningKey, SIGNING_KEY_FILE } from '../../infra/document-storage/url-signing-key.ts';
import { verifyDownload, signDownloadUrl } from '../../infra/document-storage/url-signature.ts';
import { ConfigError, loadConfig } from '../../infra/config.ts';
import { createExtractionPool } from '../../workers/documents/extraction-pool.ts';
import {
  MAX_DOCX_PART_BYTES,
  MAX_PDF_OBJECTS,
  MAX_PDF_PAGES,
  MAX_TEXT_CHARACTERS,
} from '../../workers/documents/extraction-limits.ts';
import {
  deflateRepeated,
  makeDeflatedZip,
  makeDocx,
  makeDocxBomb,
  makePdf,
  makeZip,
} from '../support/document-fixtures.ts';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test('file names: no path, no control or bidi characters, at most 255 UTF-8 bytes with the extension kept', () => {
  assert.is(sanitizeFileName('../../etc/passwd'), 'passwd');
  assert.is(sanitizeFileName('C:\\Users\\me\\OPORD 1.pdf'), 'OPORD 1.pdf');
  assert.is(sanitizeFileName('a\u0000b\u001fc\u202Egnp.exe'), 'abcgnp.exe');
  assert.is(sanitizeFileName('  ..hidden.txt. '), 'hidden.txt');
  assert.is(sanitizeFileName('../'), 'unnamed');
  assert.is(sanitizeFileName('tab\tand\nnewline.md'), 'tabandnewline.md');
  const long = sanitizeFileName(`${'Ü'.repeat(200)}.docx`);
  assert.ok(Buffer.byteLength(long) <= 255 && long.endsWith('.docx'), long);
  assert.is(Buffer.byteLength(long), 125 * 2 + 5);
});

test('Content-Disposition carries an ASCII fallback and the UTF-8 original', () => {
  assert.is(
    contentDisposition('Plan "A" – Nord.pdf'),
    'attachment; filename="Plan _A_ _ Nord.pdf"; filename*=UTF-8\'\'Plan%20%22A%22%20%E2%80%93%20Nord.pdf',
  );
});

test('types are sniffed from the bytes: the allow-list, text kinds, and refusals with what was detected', async () => {
  const sniff = (bytes: string | Uint8Array, name = 'x') =>
    sniffDocumentType(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, name);
  assert.equal(await sniff(makePdf(['x']), 'a.txt'), { ok: true, mediaType: 'application/pdf' });
  assert.equal(await sniff(makeDocx(['x'])), { ok: true, mediaType: DOCX });
  assert.equal(await sniff('# Title', 'notes.md'), { ok: true, mediaType: 'text/markdown' });
  assert.equal(await sniff('# Title', 'notes.txt'), { ok: true, mediaType: 'text/plain' });
  assert.equal(await sniff('{"type":"Feature","geometry":null,"properties":{}}', 'f.json'), {
    ok: true,
    mediaType: 'application/geo+json',
  });
  assert.equal(await sniff('{"not":"geo"}', 'f.geojson'), { ok: true, mediaType: 'text/plain' });
  assert.equal(await sniff('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"/>'), {
    ok: true,
    mediaType: 'application/vnd.google-earth.kml+xml',
  });
  assert.equal(await sniff(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])), {
    ok: true,
    mediaType: 'image/jpeg',
  });
  // UTF-8 text whose last character is cut at the end of the sniffed head is still text.
  assert.equal(await sniff(Buffer.from('Überlagerung').subarray(0, 1)), {
    ok: false,
    reason:
      'binary content of no known type is not accepted; allowed: PDF, DOCX, plain text (UTF-8), Markdown (.md, ' +
      '.markdown), PNG, JPEG, GeoJSON, KML',
  });
  assert.equal((await sniff(Buffer.concat([Buffer.from('abc '), Buffer.from('é').subarray(0, 1)]))).ok, true);
  for (const [bytes, reason] of [
    ['', /empty/],
    ['<html><body>x</body></html>', /XML or HTML other than KML/],
    ['a\u0000b', /binary/],
    [makeZip([['a.txt', 'x']]), /application\/zip/],
    [
      Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, ...new Array(200).fill(0)]),
      /not accepted/,
    ],
  ] as const) {
    const result = await sniff(bytes);
    assert.is(result.ok, false);
    assert.match((result as { reason: string }).reason, reason);
  }
});

test('text extraction: PDF pages, DOCX paragraphs, UTF-8 text; encrypted and corrupt files fail with their code', async () => {
  assert.equal(await extractDocumentText(makePdf(['Page one', 'Page (two)']), 'application/pdf'), {
    text: 'Page one\fPage (two)',
    pageCount: 2,
    truncated: false,
  });
  assert.equal(await extractDocumentText(makeDocx(['Alpha', 'Bravo & Charlie']), DOCX), {
    text: 'Alpha\n\nBravo & Charlie\n\n',
    pageCount: null,
    truncated: false,
  });
  assert.equal(await extractDocumentText(Buffer.from('\uFEFFplain'), 'text/plain'), {
    text: '\uFEFFplain'.slice(1),
    pageCount: null,
    truncated: false,
  });
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: { code?: string }) => e.code,
    );
  assert.is(
    await codeOf(extractDocumentText(makePdf(['secret'], { encrypt: true }), 'application/pdf')),
    'PDF_ENCRYPTED',
  );
  assert.is(
    await codeOf(extractDocumentText(Buffer.from('%PDF-1.4\nnot a pdf at all'), 'application/pdf')),
    'PDF_CORRUPT',
  );
  assert.is(await codeOf(extractDocumentText(makeZip([['a.txt', 'no word part']]), DOCX)), 'DOCX_CORRUPT');
  assert.is(await codeOf(extractDocumentText(Buffer.from([0xc3, 0x28]), 'text/plain')), 'TEXT_NOT_UTF8');
  assert.is(await codeOf(extractDocumentText(Buffer.from([0x89, 0x50]), 'image/png')), 'NOT_EXTRACTABLE');
});

/** The code and message an extraction fails with. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
  );

test('DOCX bombs: refused from the sizes the ZIP declares, before anything is inflated', async () => {
  const declared = await failureOf(extractDocumentText(makeDocxBomb(400e6), DOCX));
  assert.equal(declared, {
    code: 'DOCX_TOO_LARGE',
    message: "The DOCX's parts inflate to more than 16 MiB per part (word/document.xml declares 381 MiB)",
  });
  // Under the size per part, but a thousand times its compressed size.
  const ratio = await failureOf(extractDocumentText(makeDocxBomb(4e6), DOCX));
  assert.is(ratio?.code, 'DOCX_TOO_LARGE');
  assert.match(
    ratio!.message!,
    /^The DOCX's parts inflate to more than 100 times their compressed size \(word\/document\.xml: \d+ times\)$/,
  );
  // Three parts of 12 MiB each, as declared: more than 32 MiB together.
  const junk = deflateRawSync(randomBytes(200_000));
  const parts = ['word/document.xml', 'word/styles.xml', 'word/numbering.xml'].map((name) => ({
    name,
    deflated: junk,
    crc: 0,
    declaredSize: 12 * 1024 * 1024,
  }));
  assert.equal(await failureOf(extractDocumentText(makeDeflatedZip(parts), DOCX)), {
    code: 'DOCX_TOO_LARGE',
    message: "The DOCX's parts inflate to more than 32 MiB together",
  });
});

test('DOCX bombs that lie about their size stop inflating at the size they declare', async () => {
  // Declares 1,000 bytes; inflates to 400 MB.
  const lying = await failureOf(extractDocumentText(makeDocxBomb(400e6, { declaredSize: 1000 }), DOCX));
  assert.equal(lying, {
    code: 'DOCX_TOO_LARGE',
    message: "The DOCX's parts inflate to more than they declare (word/document.xml declares 0.0 MiB)",
  });
  // Declares more than it holds, or a wrong checksum: damaged, not too large.
  const body = deflateRepeated('<w:document>', 'x', '</w:document>', 5000);
  const entry = (over: object) =>
    makeDeflatedZip([
      { name: 'word/document.xml', deflated: body.deflated, crc: body.crc, declaredSize: body.size, ...over },
    ]);
  assert.equal(await failureOf(extractDocumentText(entry({ declaredSize: body.size + 1 }), DOCX)), {
    code: 'DOCX_CORRUPT',
    message: 'The DOCX cannot be read: word/document.xml is not the size its directory declares',
  });
  assert.equal(await failureOf(extractDocumentText(entry({ crc: body.crc ^ 1 }), DOCX)), {
    code: 'DOCX_CORRUPT',
    message: 'The DOCX cannot be read: word/document.xml fails its checksum',
  });
});

test('an engine error never reaches the record: a fixed message, the engine text kept apart', async () => {
  const broken = makeZip([
    ['[Content_Types].xml', '<Types'],
    ['word/document.xml', '<w:document><unclosed'],
  ]);
  type Failure = { code: string; message: string; detail?: string };
  const error = await extractDocumentText(broken, DOCX).then(
    () => null,
    (e: Failure) => e,
  );
  assert.equal(
    [error?.code, error?.message],
    ['DOCX_CORRUPT', 'The DOCX cannot be read: it is not a valid Word document'],
  );
  assert.ok(error?.detail && error.detail !== error.message, 'the engine message is kept for the log');
  assert.equal(await failureOf(extractDocumentText(Buffer.from('PK\u0005\u0006 not really'), DOCX)), {
    code: 'DOCX_CORRUPT',
    message: 'The DOCX cannot be read: it is not a ZIP archive',
  });
});

test('PDF limits: pages, declared objects, decoded stream size; text cut at the character limit', async () => {
  const many = makePdf(Array.from({ length: MAX_PDF_PAGES + 1 }, (_, i) => `p${i}`));
  assert.equal(await failureOf(extractDocumentText(many, 'application/pdf')), {
    code: 'PDF_TOO_LARGE',
    message: `The PDF is too large to extract: ${MAX_PDF_PAGES + 1} pages, more than ${MAX_PDF_PAGES}`,
  });
  const objects = makePdf(['x'])
    .toString('latin1')
    .replace(/\/Size \d+/, `/Size ${MAX_PDF_OBJECTS + 1}`);
  assert.equal(await failureOf(extractDocumentText(Buffer.from(objects, 'latin1'), 'application/pdf')), {
    code: 'PDF_TOO_LARGE',
    message: `The PDF is too large to extract: it declares ${MAX_PDF_OBJECTS + 1} objects, more than ${MAX_PDF_OBJECTS}`,
  });
  // A page whose content stream inflates to 100 MB (zlib header, bomb body; the Adler-32 is never reached).
  const bomb = deflateRepeated('BT /F1 12 Tf 72 720 Td (', 'A', ') Tj ET', 100e6);
  const flate = Buffer.concat([Buffer.from([0x78, 0xda]), bomb.deflated, Buffer.alloc(4)]);
  assert.equal(await failureOf(extractDocumentText(makePdf(['x'], { flateContent: flate }), 'application/pdf')), {
    code: 'PDF_TOO_LARGE',
    message: 'The PDF is too large to extract: a stream decodes to more than 64 MiB',
  });
  // A small Flate page still reads.
  const page = deflateSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Deflated words) Tj ET'));
  assert.equal(await extractDocumentText(makePdf(['x', 'Second'], { flateContent: page }), 'application/pdf'), {
    text: 'Deflated words\fSecond',
    pageCount: 2,
    truncated: false,
  });
  const long = await extractDocumentText(Buffer.from('a'.repeat(MAX_TEXT_CHARACTERS + 10)), 'text/plain');
  assert.equal([long.text.length, long.truncated], [MAX_TEXT_CHARACTERS, true]);
});

test('the extraction thread: its heap and time are bounded; past them the document fails as too large', async () => {
  // About 2.8 MB of document.xml: mammoth needs about 25 bytes of heap per byte of XML.
  const paragraphs = Array.from({ length: 25_000 }, (_, i) => `Paragraph ${i}: the battalion seizes OBJ IRON.`);
  // Each extraction takes over its bytes (moved to the thread): a new copy for each.
  const heavy = () => makeDocx(paragraphs);
  assert.ok(heavy().length < MAX_DOCX_PART_BYTES, 'within the size limits: only the heap stops it');
  const small = createExtractionPool({ heapMb: 64 });
  try {
    assert.equal(
      await small.extract(makeDocx(['Alpha']), DOCX),
      { text: 'Alpha\n\n', pageCount: null, truncated: false },
      'a small document fits',
    );
    assert.equal(await failureOf(small.extract(heavy(), DOCX)), {
      code: 'DOCX_TOO_LARGE',
      message: 'The DOCX is too large to extract: it needs more than the 64 MB of memory an extraction may use',
    });
    // The thread is replaced: the next document extracts.
    assert.equal((await small.extract(makePdf(['After']), 'application/pdf')).text, 'After');
  } finally {
    await small.destroy();
  }
  const standard = createExtractionPool();
  try {
    const extracted = await standard.extract(heavy(), DOCX);
    assert.equal([extracted.text.length, extracted.truncated], [paragraphs.join('\n\n').length + 2, false]);
  } finally {
    await standard.destroy();
  }
  const hasty = createExtractionPool({ timeoutMs: 1 });
  try {
    assert.equal(await failureOf(hasty.extract(makePdf(['x']), 'application/pdf')), {
      code: 'PDF_TOO_LARGE',
      message: 'The PDF is too large to extract: it takes longer than 0 s',
    });
  } finally {
    await hasty.destroy();
  }
});

test('URL signatures: valid until expiry, then expired; any altered field is invalid', () => {
  const secret = Buffer.alloc(32, 9);
  const url = new URL(
    signDownloadUrl(
      'http://api.test/',
      { key: 'documents/o/u', expires: 1000, fileName: 'a b.pdf', contentType: 'application/pdf' },
      secret,
    ),
  );
  assert.is(url.pathname, '/api/documents/download/documents%2Fo%2Fu');
  const query = Object.fromEntries(url.searchParams);
  assert.equal(verifyDownload('documents/o/u', query, secret, 999), {
    ok: true,
    fileName: 'a b.pdf',
    contentType: 'application/pdf',
  });
  assert.equal(verifyDownload('documents/o/u', query, secret, 1000), { ok: false, reason: 'expired' });
  assert.equal(verifyDownload('documents/o/v', query, secret, 999), { ok: false, reason: 'invalid' });
  for (const [name, value] of [
    ['expires', '2000'],
    ['name', 'x.pdf'],
    ['type', 'text/html'],
    ['signature', 'abc'],
  ]) {
    assert.equal(
      verifyDownload('documents/o/u', { ...query, [name!]: value }, secret, 999),
      { ok: false, reason: 'invalid' },
      name,
    );
  }
  assert.equal(verifyDownload('documents/o/u', query, Buffer.alloc(32, 8), 999), { ok: false, reason: 'invalid' });
});

test('the URL signing key: generated once into DATA_DIR (0600) and kept; a configured one must be long enough', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'signing-key-'));
  try {
    const [a, b] = await Promise.all([loadUrlSigningKey(null, dir), loadUrlSigningKey(null, dir)]);
    assert.equal(a, b, 'two processes starting together agree');
    assert.equal(await loadUrlSigningKey(null, dir), a, 'kept across restarts');
    assert.is(readFileSync(join(dir, SIGNING_KEY_FILE), 'utf8'), a.toString('hex'));
    assert.is(statSync(join(dir, SIGNING_KEY_FILE)).mode & 0o777, 0o600);
    assert.equal(await loadUrlSigningKey('k'.repeat(32), dir), Buffer.from('k'.repeat(32)));
    await loadUrlSigningKey('short', dir).then(
      () => assert.unreachable(),
      (e: unknown) => assert.instance(e, ConfigError),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('settings: filesystem by default; S3 needs a bucket, credentials in pairs, path style on with an endpoint', () => {
  const base = { DATA_DIR: '/tmp/d' };
  assert.equal(loadConfig(base).documentStorage, { kind: 'filesystem', root: '/tmp/d/documents' });
  assert.is(loadConfig(base).documentUrlTtlSeconds, 900);
  const s3 = loadConfig({
    ...base,
    DOCUMENT_STORAGE: 's3',
    S3_BUCKET: 'b',
    S3_ENDPOINT: 'http://minio:9000',
    S3_PUBLIC_ENDPOINT: 'https://files.example.org',
  }).documentStorage;
  assert.equal(s3, {
    kind: 's3',
    endpoint: 'http://minio:9000',
    publicEndpoint: 'https://files.example.org',
    region: 'us-east-1',
    bucket: 'b',
    accessKeyId: null,
    secretAccessKey: null,
    forcePathStyle: true,
  });
  for (const env of [
    { DOCUMENT_STORAGE: 's3' },
    { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' },
    { DOCUMENT_STORAGE: 'ftp' },
    { DOCUMENT_URL_TTL_SECONDS: '0' },
    { DOCUMENT_MAX_FILES: 'many' },
  ]) {
    assert.throws(
      () => loadConfig({ ...base, ...env }),
      (e: unknown) => e instanceof ConfigError,
      JSON.stringify(env),
    );
  }
});

test.run();
