// A document outline (domain/exports/record-document.ts) as PDF through pdf-lib, on US letter: the
// classification banner at the top and bottom of every page, "Page n of N", the title and heading
// block, the paragraphs with their headings, items as bullets, provenance and missing inputs in
// italics. The standard Helvetica faces are used (no font files to ship); a character they cannot
// encode (outside Windows-1252) is written as "?".
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DocumentOutline } from '../../domain/exports/record-document.ts';

const PAGE = { width: 612, height: 792 };
const MARGIN = 64;
const WIDTH = PAGE.width - 2 * MARGIN;
const RED = rgb(0.75, 0, 0);
const GREY = rgb(0.33, 0.33, 0.33);
const BLACK = rgb(0, 0, 0);

/** The text with every character the font cannot encode replaced by "?". */
function encodable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\t/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Lines of at most `width` points (words kept whole unless one alone is wider). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function writePdf(outline: DocumentOutline): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(outline.title);
  pdf.setCreator('Operations planning and terrain analysis service');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN - 12;
  const write = (
    text: string,
    font: PDFFont,
    size: number,
    options: { color?: typeof BLACK; indent?: number; after?: number } = {},
  ) => {
    const indent = options.indent ?? 0;
    for (const line of wrap(font, size, encodable(font, text), WIDTH - indent)) {
      if (y < MARGIN + 24) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN - 12;
      }
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: options.color ?? BLACK });
      y -= size * 1.35;
    }
    y -= options.after ?? 4;
  };

  const title = encodable(bold, outline.title);
  write(title, bold, 16, { after: 8 });
  for (const line of outline.heading) write(line, regular, 10, { after: 0 });
  y -= 10;
  for (const section of outline.sections) {
    write(section.heading, bold, section.level === 1 ? 12 : 11, { indent: section.level === 1 ? 0 : 12, after: 2 });
    const indent = section.level === 1 ? 0 : 12;
    for (const text of section.paragraphs) write(text, regular, 10, { indent });
    for (const item of section.items) write(`•  ${item}`, regular, 10, { indent: indent + 8, after: 2 });
    if (section.missing) write(section.missing, italic, 9, { indent, color: GREY });
    if (section.provenance) write(`${section.doctrine}; ${section.provenance}`, italic, 8, { indent, color: GREY });
    y -= 6;
  }
  write('Notes on this copy', bold, 12, { after: 2 });
  for (const line of outline.notes) write(line, regular, 10);

  // The banner and page numbers, once every page exists.
  const pages = pdf.getPages();
  const banner = encodable(bold, outline.banner);
  const bannerSize = Math.min(11, (11 * WIDTH) / Math.max(1, bold.widthOfTextAtSize(banner, 11)));
  const bannerX = (PAGE.width - bold.widthOfTextAtSize(banner, bannerSize)) / 2;
  pages.forEach((p, i) => {
    p.drawText(banner, { x: bannerX, y: PAGE.height - 36, size: bannerSize, font: bold, color: RED });
    p.drawText(banner, { x: bannerX, y: 24, size: bannerSize, font: bold, color: RED });
    const number = `Page ${i + 1} of ${pages.length}`;
    p.drawText(number, { x: (PAGE.width - regular.widthOfTextAtSize(number, 8)) / 2, y: 40, size: 8, font: regular });
  });
  return pdf.save();
}
