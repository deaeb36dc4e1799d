// Limits a PDF must meet before PDF.js opens it, read from its bytes: the object count it declares
// (cross-reference /Size) and the decoded size of its Flate streams (content, fonts, object
// streams; images are skipped, since text extraction never decodes them). The streams are inflated
// and counted, not kept, so a stream that inflates to gigabytes costs a bounded scan, not memory.
import { createInflate } from 'node:zlib';
import { DocumentExtractionError } from './document-extraction-error.ts';
import { MAX_PDF_OBJECTS, MAX_PDF_STREAM_BYTES, MAX_PDF_STREAMS_BYTES } from './extraction-limits.ts';

const tooLarge = (what: string) =>
  new DocumentExtractionError('PDF_TOO_LARGE', `The PDF is too large to extract: ${what}`);
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

/** The largest /Size a cross-reference table or stream of the file declares. */
function declaredObjects(pdf: Buffer): number {
  let most = 0;
  for (let at = pdf.indexOf('/Size'); at >= 0; at = pdf.indexOf('/Size', at + 5)) {
    const match = /^\s*(\d{1,12})/.exec(pdf.toString('latin1', at + 5, at + 25));
    if (match) most = Math.max(most, Number(match[1]));
  }
  return most;
}

/** Bytes `data` inflates to, counting at most `limit` (then `limit + 1`); null when it is not zlib data. */
async function inflatedSize(data: Buffer, limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    const done = (result: number | null) => {
      inflate.removeAllListeners('data');
      inflate.destroy();
      resolve(result);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) done(limit + 1);
    });
    inflate.on('end', () => done(size));
    // PDF.js reads what a damaged stream holds; what it cannot decode is its concern, not a size.
    inflate.on('error', () => done(size > 0 ? size : null));
    inflate.end(data);
  });
}

interface PdfStream {
  start: number;
  end: number;
  flate: boolean;
  image: boolean;
}

/** Each `stream … endstream` of the file, with what its dictionary (back to its `obj`) says. */
function* pdfStreams(pdf: Buffer): Generator<PdfStream> {
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (at >= 3 && pdf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] !== 0x0a) continue;
    start++;
    const end = pdf.indexOf('endstream', start);
    if (end < 0) return;
    const objectStart = pdf.lastIndexOf('obj', at);
    const dictionary = pdf.toString('latin1', Math.max(objectStart, at - 4096, 0), at);
    yield {
      start,
      end,
      flate: /\/FlateDecode\b|\/Fl\b/.test(dictionary),
      image: /\/Subtype\s*\/Image\b/.test(dictionary),
    };
    at = end + 3;
  }
}

/** Throws PDF_TOO_LARGE when the PDF declares too many objects or its streams decode past the limits. */
export async function checkPdfSize(pdf: Buffer): Promise<void> {
  const objects = declaredObjects(pdf);
  if (objects > MAX_PDF_OBJECTS) throw tooLarge(`it declares ${objects} objects, more than ${MAX_PDF_OBJECTS}`);
  let total = 0;
  for (const stream of pdfStreams(pdf)) {
    if (!stream.flate || stream.image) continue;
    const limit = Math.min(MAX_PDF_STREAM_BYTES, MAX_PDF_STREAMS_BYTES - total);
    const size = await inflatedSize(pdf.subarray(stream.start, stream.end), limit);
    if (size === null) continue;
    if (size > limit) {
      throw tooLarge(
        limit === MAX_PDF_STREAM_BYTES
          ? `a stream decodes to more than ${mib(MAX_PDF_STREAM_BYTES)}`
          : `its streams decode to more than ${mib(MAX_PDF_STREAMS_BYTES)} together`,
      );
    }
    total += size;
  }
}
