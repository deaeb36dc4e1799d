import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { extractImages, getDocumentProxy, getMeta } from 'unpdf';
import { mapLayout } from '../../domain/cartography/map-layout.ts';
import { renderMapPdf } from '../../workers/generated-maps/rendering/render-map-pdf.ts';
import { renderMapPng } from '../../workers/generated-maps/rendering/render-map-png.ts';
import { testComposition } from '../cartography/support/map-fixtures.ts';

const composition = testComposition();
const pdf = await renderMapPdf(composition);

test('PDF.js reads one page of the sheet\'s size at 150 dpi, titled, holding the PNG sheet\'s pixels', async () => {
  const { width, height } = mapLayout(composition);
  const document = await getDocumentProxy(new Uint8Array(pdf));
  assert.is(document.numPages, 1);
  const page = await document.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  assert.equal([viewport.width, viewport.height], [(width * 72) / 150, (height * 72) / 150]);
  const meta = await getMeta(new Uint8Array(pdf));
  const info = meta.info as { Title?: string; Subject?: string };
  assert.is(info.Title, 'MCOO — wheeled vehicles');
  assert.is(info.Subject, 'Op <Kestrel> & "Friends" — Zagreb east — 231405ZNOV26 — SYNTHETIC DATA');
  const [image, ...more] = await extractImages(new Uint8Array(pdf), 1);
  assert.is(more.length, 0);
  assert.equal([image!.width, image!.height, image!.channels], [width, height, 3]);
  const sheet = await sharp(await renderMapPng(composition)).raw().toBuffer();
  assert.ok(Buffer.from(image!.data).equals(sheet), 'the page image is the PNG sheet, pixel for pixel');
});

test('the cross-reference table points at each object, and the same composition gives the same bytes', async () => {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  assert.ok(text.startsWith('xref\n0 7\n', start));
  const entries = text.slice(start).split('\n').slice(3, 9).map((line) => Number(line.slice(0, 10)));
  entries.forEach((offset, i) => assert.ok(text.startsWith(`${i + 1} 0 obj\n`, offset), `object ${i + 1}`));
  assert.ok((await renderMapPdf(testComposition())).equals(pdf));
});

test.run();
