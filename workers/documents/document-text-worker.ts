// Text extraction workers: take a document's text task, read its bytes from document storage,
// extract the text (PDF, DOCX, text, Markdown, GeoJSON, KML), keep it in storage beside the file
// and record the outcome. A document that cannot be read (corrupt, encrypted) fails alone, with a
// code; an unexpected error throws, so the task is redelivered, and after its last delivery the
// dead-letter handler records EXTRACTION_RETRIES_EXHAUSTED. Once the text is recorded, the orders in
// it are read and recorded too (commands/order-commands.ts). The text is extracted in the extraction
// thread (bounded heap and time); what a record says is written for the user, and what an engine or
// the system said is logged, never recorded.
import type { Logger } from 'pino';
import { loadDocument, recordExtraction, type ExtractionOutcome } from '../../commands/document-commands.ts';
import { readDocumentOrders } from '../../commands/order-commands.ts';
import type { DocumentRecord } from '../../domain/document/document-decider.ts';
import { documentTextKey } from '../../domain/document/document-events.ts';
import { documentMediaType } from '../../domain/document/document-media-types.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { jobContext } from '../jobs/job-context.ts';
import { DocumentExtractionError } from './document-extraction-error.ts';
import type { ExtractionPool } from './extraction-pool.ts';

export interface DocumentTextTaskPayload {
  document_id: string;
  upload_id: string;
}

export interface DocumentTextWorkerDependencies {
  store: EventStore;
  storage: DocumentStorage;
  logger: Logger;
  extraction: ExtractionPool;
}

/** How often a running extraction tells the work queue it is alive. */
const HEARTBEAT_MS = 5_000;

export const documentContext = (document: Pick<DocumentRecord, 'account_id' | 'document_id'>) =>
  jobContext({ account_id: document.account_id }, document.document_id);

/** The upload the task names, while its text is still to be extracted; null otherwise. */
export async function pendingDocument(store: EventStore, payload: DocumentTextTaskPayload) {
  const state = await loadDocument(store, payload.document_id);
  return state.status === 'active' && state.upload_id === payload.upload_id && state.text_status === 'pending'
    ? state
    : null;
}

async function readAll(stream: NodeJS.ReadableStream, control: TaskControl): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    control.heartbeat();
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function extract(
  deps: DocumentTextWorkerDependencies,
  document: DocumentRecord,
  control: TaskControl,
): Promise<ExtractionOutcome & { text?: string }> {
  // Images carry no text: fail them without reading their bytes.
  if (!documentMediaType(document.media_type)?.text) {
    return { ok: false, code: 'NOT_EXTRACTABLE', message: `${document.media_type} carries no text to extract` };
  }
  const body = await deps.storage.get(document.storage_key);
  if (!body) return { ok: false, code: 'OBJECT_MISSING', message: "The document's bytes are not in storage" };
  const bytes = await readAll(body, control);
  const heartbeat = setInterval(() => control.heartbeat(), HEARTBEAT_MS);
  try {
    const { text, pageCount, truncated } = await deps.extraction.extract(bytes, document.media_type);
    const text_key = documentTextKey(document.operation_id, document.upload_id);
    await deps.storage.put(
      text_key,
      (async function* () {
        yield Buffer.from(text, 'utf8');
      })(),
      { contentType: 'text/plain; charset=utf-8' },
    );
    return { ok: true, text_key, page_count: pageCount, characters: text.length, truncated, text };
  } catch (error) {
    if (!(error instanceof DocumentExtractionError)) throw error;
    if (error.detail) {
      deps.logger.warn(
        { document_id: document.document_id, code: error.code, detail: error.detail },
        'text extraction failed',
      );
    }
    return { ok: false, code: error.code, message: error.message };
  } finally {
    clearInterval(heartbeat);
  }
}

export async function extractDocumentText(
  deps: DocumentTextWorkerDependencies,
  payload: DocumentTextTaskPayload,
  control: TaskControl,
): Promise<void> {
  const document = await pendingDocument(deps.store, payload);
  if (!document) return;
  const { text, ...outcome } = await extract(deps, document, control);
  const result = await recordExtraction(deps.store, documentContext(document), document, outcome);
  // Deleted or re-uploaded meanwhile: the text written for it belongs to nothing.
  if (result.events.length === 0 && outcome.ok) await deps.storage.delete(outcome.text_key).catch(() => undefined);
  if (result.events.length === 0 || text === undefined) return;
  // The text is recorded: a reader's failure must not redeliver the task (the text would not be
  // pending any more, so nothing would read it); it is logged, and POST .../orders/read reads again.
  try {
    await readDocumentOrders(deps.store, deps.storage, documentContext(document), document, text);
  } catch (error) {
    deps.logger.error({ document_id: document.document_id, err: error }, 'reading orders from the text failed');
  }
}
