// The text of a document for generation: PDF with unpdf (PDF.js; its pages apart, a form feed between), DOCX with mammoth, text,
// Markdown, GeoJSON and KML as their UTF-8 text. Images have none. A document that cannot be read
// throws DocumentExtractionError with a code and a message for its user; text past
// MAX_TEXT_CHARACTERS is cut. Every size a file declares or inflates to is bounded first
// (extraction-limits.ts); this runs in the extraction thread (extraction-pool.ts), whose heap and
// time bound what is left.
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { documentMediaType } from '../../domain/document/document-media-types.ts';
import { checkPdfSize } from './check-pdf-size.ts';
import { DocumentExtractionError } from './document-extraction-error.ts';
import { MAX_PDF_PAGES, MAX_TEXT_CHARACTERS } from './extraction-limits.ts';
import { readDocxParts } from './read-docx-parts.ts';
import { writeStoredZip } from './write-stored-zip.ts';

export { MAX_TEXT_CHARACTERS };

export interface ExtractedText {
  text: string;
  /** PDF pages; null for other types. */
  pageCount: number | null;
  truncated: boolean;
}

const detailOf = (error: unknown) => String((error as Error)?.message ?? error);

/** Between the pages of a PDF's text: a form feed. */
export const PAGE_BREAK = '\f';

/** A PDF's text (pages joined by PAGE_BREAK, runs of spaces folded), built page by page up to the character limit. */
async function pdfText(bytes: Buffer): Promise<{ text: string; pageCount: number }> {
  await checkPdfSize(bytes);
  let pdf;
  try {
    // verbosity 0: PDF.js reports through our codes, not on the console.
    pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), { verbosity: 0 });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'PasswordException')
      throw new DocumentExtractionError('PDF_ENCRYPTED', 'The PDF is encrypted with a password');
    throw new DocumentExtractionError(
      'PDF_CORRUPT',
      'The PDF cannot be read: it is damaged or not a PDF',
      detailOf(error),
    );
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new DocumentExtractionError(
        'PDF_TOO_LARGE',
        `The PDF is too large to extract: ${pdf.numPages} pages, more than ${MAX_PDF_PAGES}`,
      );
    }
    const texts: string[] = [];
    let characters = 0;
    // One page at a time (unpdf reads them all at once), stopping once the text is long enough.
    for (let number = 1; number <= pdf.numPages && characters <= MAX_TEXT_CHARACTERS; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      texts.push(text);
      characters += text.length + 1;
    }
    // Each page's runs of spaces folded; pages joined by a form feed (as pdftotext does), so that a
    // reader of the text knows each page (the order reader gives every element its page).
    const text = texts
      .map((page) =>
        page
          .replace(/[^\S\n]+/g, ' ')
          .replace(/ ?\n ?/g, '\n')
          .replace(/\n{3,}/g, '\n\n'),
      )
      .join(PAGE_BREAK);
    return { text, pageCount: pdf.numPages };
  } catch (error) {
    if (error instanceof DocumentExtractionError) throw error;
    throw new DocumentExtractionError(
      'PDF_CORRUPT',
      "The PDF's pages cannot be read: they are damaged",
      detailOf(error),
    );
  } finally {
    // Through the loading task: PDFDocumentProxy.destroy() is gone from the PDF.js of unpdf 1.8.
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  let parts;
  try {
    parts = readDocxParts(bytes);
  } catch (error) {
    if (error instanceof DocumentExtractionError) throw error;
    throw new DocumentExtractionError(
      'DOCX_CORRUPT',
      'The DOCX cannot be read: it is not a valid ZIP archive',
      detailOf(error),
    );
  }
  if (parts.size === 0) {
    throw new DocumentExtractionError('DOCX_CORRUPT', 'The DOCX cannot be read: it holds no Word document');
  }
  try {
    return (await mammoth.extractRawText({ buffer: writeStoredZip(parts) })).value;
  } catch (error) {
    throw new DocumentExtractionError(
      'DOCX_CORRUPT',
      'The DOCX cannot be read: it is not a valid Word document',
      detailOf(error),
    );
  }
}

/** UTF-8 text, validated whole but decoded only up to the character limit. */
function plainText(bytes: Buffer): string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const kept: string[] = [];
  let characters = 0;
  const CHUNK = 1 << 20;
  try {
    for (let at = 0; at < bytes.length; at += CHUNK) {
      const text = decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true });
      if (characters <= MAX_TEXT_CHARACTERS) kept.push(text);
      characters += text.length;
    }
    kept.push(decoder.decode());
  } catch {
    throw new DocumentExtractionError('TEXT_NOT_UTF8', 'The text is not valid UTF-8');
  }
  return kept.join('');
}

export async function extractDocumentText(bytes: Uint8Array, mediaType: string): Promise<ExtractedText> {
  const kind = documentMediaType(mediaType)?.text ?? null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string;
  let pageCount: number | null = null;
  if (kind === 'pdf') ({ text, pageCount } = await pdfText(buffer));
  else if (kind === 'docx') text = await docxText(buffer);
  else if (kind === 'plain') text = plainText(buffer);
  else throw new DocumentExtractionError('NOT_EXTRACTABLE', `${mediaType} carries no text to extract`);
  const truncated = text.length > MAX_TEXT_CHARACTERS;
  return { text: truncated ? text.slice(0, MAX_TEXT_CHARACTERS) : text, pageCount, truncated };
}
