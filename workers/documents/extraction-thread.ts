// The extraction thread (a piscina worker, extraction-pool.ts): one document's text, or its
// extraction failure as data, so the code and both messages cross the thread boundary intact.
import { DocumentExtractionError, type ExtractionErrorCode } from './document-extraction-error.ts';
import { extractDocumentText, type ExtractedText } from './extract-document-text.ts';

export interface ExtractionTask {
  bytes: Uint8Array;
  mediaType: string;
}

export type ExtractionReply =
  ({ ok: true } & ExtractedText) | { ok: false; code: ExtractionErrorCode; message: string; detail: string | null };

export default async function extractInThread(task: ExtractionTask): Promise<ExtractionReply> {
  try {
    return { ok: true, ...(await extractDocumentText(task.bytes, task.mediaType)) };
  } catch (error) {
    if (!(error instanceof DocumentExtractionError)) throw error;
    return { ok: false, code: error.code, message: error.message, detail: error.detail ?? null };
  }
}
