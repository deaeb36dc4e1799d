// A document whose text cannot be extracted, with a code the API shows (text_error.code). The
// extraction of that document fails alone; the task is not retried.
export type ExtractionErrorCode =
  | 'NOT_EXTRACTABLE' | 'PDF_ENCRYPTED' | 'PDF_CORRUPT' | 'DOCX_CORRUPT' | 'TEXT_NOT_UTF8';

export class DocumentExtractionError extends Error {
  constructor(readonly code: ExtractionErrorCode, message: string) {
    super(message);
    this.name = 'DocumentExtractionError';
  }
}
