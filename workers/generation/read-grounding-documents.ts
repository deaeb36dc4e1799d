// The documents a generation request names, read when the worker gathers its grounding: each live
// one with the upload read (the citation its output is written under, checked again at the write),
// and the ids of those deleted since the request (the job then fails with DOCUMENT_DELETED).
import { loadDocument, type DocumentCitation } from '../../commands/document-commands.ts';
import type { DocumentRecord } from '../../domain/document/document-decider.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';

export interface GroundingDocuments {
  live: Array<{ citation: DocumentCitation; document: DocumentRecord }>;
  deleted: string[];
}

export async function readGroundingDocuments(
  store: EventStore,
  documentIds: readonly string[],
): Promise<GroundingDocuments> {
  const found: GroundingDocuments = { live: [], deleted: [] };
  for (const id of documentIds) {
    const document = await loadDocument(store, id);
    if (document.status !== 'active') found.deleted.push(id);
    else found.live.push({ citation: { document_id: id, upload_id: document.upload_id }, document });
  }
  return found;
}
