// The text of a document for generation: PDF with unpdf (PDF.js), DOCX with mammoth, text,
// Markdown, GeoJSON and KML as their UTF-8 text. Images have none. A document that cannot be read
// throws DocumentExtractionError with a code; text past MAX_TEXT_CHARACTERS is cut.
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { documentMediaType } from '../../domain/document/document-media-types.ts';
import { DocumentExtractionError } from './document-extraction-error.ts';

export const MAX_TEXT_CHARACTERS = 5_000_000;

export interface ExtractedText {
  text: string;
  /** PDF pages; null for other types. */
  pageCount: number | null;
  truncated: boolean;
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pageCount: number }> {
  let pdf;
  try {
    // verbosity 0: PDF.js reports through our codes, not on the console.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'PasswordException') throw new DocumentExtractionError('PDF_ENCRYPTED', 'The PDF is encrypted with a password');
    throw new DocumentExtractionError('PDF_CORRUPT', `The PDF cannot be read: ${(error as Error)?.message ?? error}`);
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    return { text, pageCount: totalPages };
  } catch (error) {
    throw new DocumentExtractionError('PDF_CORRUPT', `The PDF's pages cannot be read: ${(error as Error)?.message ?? error}`);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  try {
    return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch (error) {
    throw new DocumentExtractionError('DOCX_CORRUPT', `The DOCX cannot be read: ${(error as Error)?.message ?? error}`);
  }
}

function plainText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DocumentExtractionError('TEXT_NOT_UTF8', 'The text is not valid UTF-8');
  }
}

export async function extractDocumentText(bytes: Uint8Array, mediaType: string): Promise<ExtractedText> {
  const kind = documentMediaType(mediaType)?.text ?? null;
  let text: string;
  let pageCount: number | null = null;
  if (kind === 'pdf') ({ text, pageCount } = await pdfText(bytes));
  else if (kind === 'docx') text = await docxText(bytes);
  else if (kind === 'plain') text = plainText(bytes);
  else throw new DocumentExtractionError('NOT_EXTRACTABLE', `${mediaType} carries no text to extract`);
  const truncated = text.length > MAX_TEXT_CHARACTERS;
  return { text: truncated ? text.slice(0, MAX_TEXT_CHARACTERS) : text, pageCount, truncated };
}
