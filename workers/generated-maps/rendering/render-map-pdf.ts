// The map sheet as a one-page PDF: the PNG sheet's pixels as a Flate-compressed RGB image filling a
// page sized for printing at PDF_DOTS_PER_INCH. The PDF is written here in a few objects (PDF 1.4,
// ISO 32000 §7): the format needs nothing more for one image, it avoids a dependency, and the tests
// read it back with PDF.js (unpdf). No dates are written, so the same composition gives the same bytes.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { MapComposition } from '../../../domain/cartography/map-composition.ts';
import { renderMapPng } from './render-map-png.ts';

/** The sheet's print resolution: a 1 028-pixel-wide sheet is 174 mm (493.44 pt) wide. */
export const PDF_DOTS_PER_INCH = 150;

/** renderMapPng's sheet as a PDF page of (width × 72 / 150) × (height × 72 / 150) points. */
export async function renderMapPdf(composition: MapComposition): Promise<Buffer> {
  const { data, info } = await sharp(await renderMapPng(composition)).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected an RGB sheet, got ${info.channels} channels`);
  const points = (pixels: number) => String(Math.round((pixels * 72 * 100) / PDF_DOTS_PER_INCH) / 100);
  const [pageWidth, pageHeight] = [points(info.width), points(info.height)];
  const image = deflateSync(data, { level: 6 });
  const content = Buffer.from(`q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im0 Do Q\n`, 'latin1');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}]`
      + ' /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>', 'latin1'),
    Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height}`
      + ` /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
    'latin1'), image, Buffer.from('\nendstream', 'latin1')]),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content,
      Buffer.from('endstream', 'latin1')]),
    Buffer.from(`<< /Title ${pdfText(composition.title.title)} /Subject ${pdfText(
      `${composition.title.operation} — ${composition.title.map} — ${composition.title.date_time_group}`
      + `${composition.title.synthetic ? ' — SYNTHETIC DATA' : ''}`)} /Producer (ops-terrain-service) >>`, 'latin1'),
  ];
  // The binary comment line marks the file as binary for transfer tools (§7.5.2).
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body,
      Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`,
    `startxref\n${offset}\n%%EOF\n`];
  parts.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(parts);
}

/** A PDF text string in UTF-16BE with its byte-order mark, as hex (§7.9.2.2): any character, nothing to escape. */
function pdfText(text: string): string {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}
