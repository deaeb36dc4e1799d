// A document whose text cannot be extracted, with a code the API shows (text_error.code). The
// extraction of that document fails alone; the task is not retried. Messages are written for the
// user who uploaded the file: an engine's own error text never goes into them (it is logged).
export type ExtractionErrorCode =
  | 'NOT_EXTRACTABLE'
  | 'PDF_ENCRYPTED'
  | 'PDF_CORRUPT'
  | 'PDF_TOO_LARGE'
  | 'DOCX_CORRUPT'
  | 'DOCX_TOO_LARGE'
  | 'TEXT_NOT_UTF8';

export class DocumentExtractionError extends Error {
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
    /** What the engine said, for the log only. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'DocumentExtractionError';
  }
}
