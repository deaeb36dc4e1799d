// Writes of documents. An upload is recorded only once its bytes are whole in storage; the same
// content uploaded again to the operation while the document lives is a duplicate (nothing new is
// recorded; the caller removes the second copy of the bytes). Workers record the text extraction.
import type { DocumentUploadedData } from '../domain/document/document-events.ts';
import { documentIdOf, documentStream } from '../domain/document/document-events.ts';
import { documentDecider, type DocumentRecord } from '../domain/document/document-decider.ts';
import type { CitedDocument } from '../domain/document/cited-documents.ts';
import type { EventStore, StreamRead } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

export type NewUpload = Omit<DocumentUploadedData, 'document_id' | 'account_id' | 'by'>;

export interface RecordedUpload {
  document_id: string;
  /** True: the operation already had this content; `document` is that earlier record. */
  duplicate: boolean;
  document: DocumentRecord;
  position: number | null;
}

export async function recordUpload(store: EventStore, ctx: CommandContext, upload: NewUpload): Promise<RecordedUpload> {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, upload.operation_id, account_id);
  const document_id = documentIdOf(upload.operation_id, upload.sha256);
  const result = await handleCommand({
    store,
    ctx,
    stream: documentStream(document_id),
    decider: documentDecider,
    operationId: upload.operation_id,
    retryOnConflict: true,
    parents: [operation],
    command: {
      type: 'UploadDocument',
      upload: { ...upload, document_id, account_id, by: { account_id, api_key_id, at: ctx.now().toISOString() } },
    },
  });
  if (result.state.status !== 'active')
    throw new Error(`document ${document_id} is ${result.state.status} after its upload`);
  const { status: _s, ...document } = result.state;
  const duplicate = result.events.length === 0;
  // A duplicate answers the earlier record, which a racing upload may have just written: the
  // caller waits for the read models to hold it too.
  const position = duplicate
    ? ((await store.readStream(documentStream(document_id))).at(-1)?.position ?? null)
    : result.position;
  return { document_id, duplicate, document, position };
}

/** Deletes the document; answers it as it was (its storage keys are for the caller to remove). */
export async function deleteDocument(store: EventStore, ctx: CommandContext, documentId: string) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const loaded = await loadState(store, documentStream(documentId), documentDecider);
  const result = await handleCommand({
    store,
    ctx,
    stream: documentStream(documentId),
    decider: documentDecider,
    loaded,
    operationId: loaded.state.status === 'absent' ? null : loaded.state.operation_id,
    command: {
      type: 'DeleteDocument',
      document_id: documentId,
      account_id,
      by: { account_id, api_key_id, at: ctx.now().toISOString() },
    },
  });
  // The decider deletes only an active document (404 / 403 otherwise): the state is that document, deleted.
  if (result.state.status !== 'deleted')
    throw new Error(`document ${documentId} is ${result.state.status} after its deletion`);
  const { status: _s, ...document } = result.state;
  return { ...result, document };
}

export type ExtractionOutcome =
  | { ok: true; text_key: string; page_count: number | null; characters: number; truncated: boolean }
  | { ok: false; code: string; message: string };

/** A worker's result for one upload (ignored when the document was deleted or re-uploaded meanwhile). */
export async function recordExtraction(
  store: EventStore,
  ctx: CommandContext,
  document: Pick<DocumentRecord, 'document_id' | 'operation_id' | 'upload_id'>,
  outcome: ExtractionOutcome,
) {
  return handleCommand({
    store,
    ctx,
    stream: documentStream(document.document_id),
    decider: documentDecider,
    operationId: document.operation_id,
    retryOnConflict: true,
    command: outcome.ok
      ? {
          type: 'RecordTextExtracted',
          document_id: document.document_id,
          upload_id: document.upload_id,
          text_key: outcome.text_key,
          page_count: outcome.page_count,
          characters: outcome.characters,
          truncated: outcome.truncated,
        }
      : {
          type: 'RecordTextExtractionFailed',
          document_id: document.document_id,
          upload_id: document.upload_id,
          code: outcome.code,
          message: outcome.message.slice(0, 2000),
        },
  });
}

export async function loadDocument(store: EventStore, documentId: string) {
  return (await loadState(store, documentStream(documentId), documentDecider)).state;
}

/** A document a generation read: the upload whose text it was given. */
export interface DocumentCitation {
  document_id: string;
  upload_id: string;
}

/**
 * The cited documents' state now, for a decider to check (requireLiveCitedDocuments), and their
 * streams at the revisions read, for the append to be conditioned on (handleCommand's readAlso).
 */
export async function readCitedDocuments(
  store: EventStore,
  citations: readonly DocumentCitation[],
): Promise<{ cited: CitedDocument[]; read: StreamRead[] }> {
  const cited: CitedDocument[] = [];
  const read: StreamRead[] = [];
  for (const citation of citations) {
    const loaded = await loadState(store, documentStream(citation.document_id), documentDecider);
    cited.push({ ...citation, state: loaded.state });
    read.push({ stream: documentStream(citation.document_id), revision: loaded.revision });
  }
  return { cited, read };
}

/**
 * The distinct ids (lower case) of documents a generation request grounds in, each an active document of
 * the operation; else 422 at `body.document_ids[i]`.
 */
export async function requireOperationDocuments(store: EventStore, operationId: string, ids: string[]) {
  const documentIds = [...new Set(ids.map((id) => id.toLowerCase()))];
  for (const [index, id] of documentIds.entries()) {
    documentDecider.decide(
      { type: 'AdmitGrounding', document_id: id, operation_id: operationId, index },
      await loadDocument(store, id),
    );
  }
  return documentIds;
}
