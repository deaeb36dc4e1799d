// The mission analysis, WARNO and COA statements as DOCX and PDF: the DOCX opens (its
// word/document.xml holds the paragraphs, the header the banner), the PDF opens in poppler
// (pdftotext finds the banner on every page, the paragraphs and who wrote them; pdftoppm renders
// it). A paragraph never written names its missing input. Access as for the operation.
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const run = promisify(execFile);

async function download(url: string, key: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The visible text of a DOCX part: its w:t runs, joined per paragraph. */
async function docxText(file: string, part: string) {
  const { stdout } = await run('unzip', ['-p', file, part], { maxBuffer: 16 << 20 });
  return stdout
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => unescapeXml(m[1]!)).join(''))
    .filter(Boolean);
}

forEachBackend('planning record exports', (test) => {
  test('WARNO, mission analysis and COAs as DOCX and PDF with banner, paragraphs and provenance', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Grey Wolf', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body;
    const recordId = async (kind: string, type: string) =>
      (await http(svc.url, 'GET', `/api/${kind}/?operation_id=${op.id}&type=${type}`, { key: svc.key })).body.id;
    const put = async (path: string, body: unknown) => {
      const r = await http(svc.url, 'PUT', path, { key: svc.key, body });
      assert.is(r.status, 200, r.text);
    };
    await put(`/api/warno/${await recordId('warno', 'mission')}`, {
      text: '2-7 IN attacks NLT 260600Z NOV 26 to seize OBJ IRON in order to open the route.',
    });
    await put(`/api/warno/${await recordId('warno', 'situation')}`, { text: 'Enemy company defends OBJ IRON.' });
    await put(`/api/mission-analysis/${await recordId('mission-analysis', 'tasks')}`, {
      items: [{ kind: 'specified', text: 'Seize OBJ IRON' }],
    });
    const coa = (
      await http(svc.url, 'POST', '/api/coa-statements/', {
        key: svc.key,
        body: { operation_id: op.id, name: 'Northern envelopment' },
      })
    ).body;
    await put(`/api/coa-statements/${coa.id}/mission_and_intent`, { text: 'Envelop OBJ IRON from the north.' });

    const base = `${svc.url}/api/operations/${op.id}/exports`;
    const dir = mkdtempSync(join(tmpdir(), 'record-exports-'));
    try {
      const cases = [
        [
          'warno',
          'WARNING ORDER — OPERATION GREY WOLF',
          [
            '2. Mission',
            '2-7 IN attacks NLT 260600Z NOV 26 to seize OBJ IRON in order to open the route.',
            'Enemy company defends OBJ IRON.',
          ],
        ],
        ['mission-analysis', 'MISSION ANALYSIS — OPERATION GREY WOLF', ['SPECIFIED: Seize OBJ IRON']],
        [
          'coas',
          'COURSES OF ACTION — OPERATION GREY WOLF',
          ['COA 1: Northern envelopment', 'Envelop OBJ IRON from the north.'],
        ],
      ] as const;
      for (const [product, title, paragraphs] of cases) {
        // DOCX: a zip whose document holds the title and paragraphs, whose header holds the banner.
        const docx = await download(`${base}/${product}.docx?classification=SECRET//REL TO USA, FVEY`, svc.key);
        assert.is(docx.status, 200, docx.bytes.toString().slice(0, 300));
        assert.match(docx.headers.get('content-type') ?? '', /wordprocessingml/);
        const docxFile = join(dir, `${product}.docx`);
        writeFileSync(docxFile, docx.bytes);
        const text = await docxText(docxFile, 'word/document.xml');
        assert.ok(text.includes(title), `${product}: ${text.slice(0, 5).join(' | ')}`);
        for (const p of paragraphs) assert.ok(text.includes(p), `${product} docx lacks "${p}"`);
        assert.ok(
          text.some((t) => /written by a person \d{4}-\d\d-\d\d \d\d:\d\dZ/.test(t)),
          'provenance',
        );
        assert.ok(
          text.some((t) => /^Not yet written: missing input "/.test(t)),
          'a missing paragraph says so',
        );
        const header = await docxText(docxFile, 'word/header1.xml');
        assert.equal(header, ['SECRET//REL TO USA, FVEY']);

        // PDF: poppler reads it; the banner is on every page (top and bottom), the paragraphs in it.
        const pdf = await download(`${base}/${product}.pdf`, svc.key);
        assert.is(pdf.status, 200);
        assert.is(pdf.headers.get('content-type'), 'application/pdf');
        const pdfFile = join(dir, `${product}.pdf`);
        writeFileSync(pdfFile, pdf.bytes);
        const { stdout: info } = await run('pdfinfo', [pdfFile]);
        const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
        assert.ok(pages >= 1);
        const { stdout: pdfText } = await run('pdftotext', ['-layout', pdfFile, '-']);
        const banner = "UNMARKED (no classification given or found on the operation's documents)";
        assert.is(pdfText.split(banner).length - 1, 2 * pages, 'banner at the top and bottom of each page');
        const flat = pdfText.replace(/\s+/g, ' ');
        assert.ok(flat.includes(title), `${product}: ${flat.slice(0, 200)}`);
        for (const p of paragraphs) assert.ok(flat.includes(p), `${product} pdf lacks "${p}"`);
        assert.match(flat, /written by a person/);
        await run('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '1', pdfFile, join(dir, product)]);
        assert.ok(
          readdirSync(dir).some((f) => f.startsWith(product) && f.endsWith('.png')),
          'pdftoppm rendered page 1',
        );
      }

      assert.is((await download(`${base}/warno.pdf?classification=secret`, svc.key)).status, 422);
      const other = await svc.newAccount();
      assert.is((await download(`${base}/warno.docx`, other.key)).status, 403);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
