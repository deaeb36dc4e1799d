// Reads of documents.
import type { Knex } from 'knex';
import type { DocumentRow } from '../projectors/document-projector.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export type { DocumentRow };

export async function findDocument(knex: Knex, documentId: string): Promise<(DocumentRow & { operation_deleted: boolean }) | null> {
  return (await knex('documents')
    .join('operations', 'operations.operation_id', 'documents.operation_id')
    .select('documents.*', knex.raw('(operations.deleted_at is not null) as operation_deleted'))
    .where('documents.document_id', documentId).first()) ?? null;
}

/** The live document stored under a key, if any (a signed download must still name one). */
export async function liveDocumentWithKey(knex: Knex, storageKey: string): Promise<DocumentRow | null> {
  return (await knex('documents').where({ storage_key: storageKey }).whereNull('deleted_at').first()) ?? null;
}

/** An operation's documents, newest first. */
export async function listDocuments(knex: Knex, operationId: string, request: PageRequest): Promise<Page<DocumentRow>> {
  const base = knex('documents').where({ operation_id: operationId }).whereNull('deleted_at');
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: DocumentRow[] = await base.clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'document_id' }])
    .limit(request.size).offset(offsetOf(request));
  return pageOf(rows, Number(count), request);
}

async function storageKeys(knex: Knex, prefix: string, deleted: boolean): Promise<Set<string>> {
  const query = knex('documents').where('storage_key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`).select('storage_key', 'text_key');
  const rows: Array<{ storage_key: string; text_key: string | null }> = await (deleted ? query.whereNotNull('deleted_at') : query.whereNull('deleted_at'));
  return new Set(rows.flatMap((r) => (r.text_key ? [r.storage_key, r.text_key] : [r.storage_key])));
}

/** Storage keys still in use: the objects and texts of live documents. */
export const liveStorageKeys = (knex: Knex, prefix: string) => storageKeys(knex, prefix, false);

/** Storage keys of deleted documents (their objects should be gone). */
export const deletedStorageKeys = (knex: Knex, prefix: string) => storageKeys(knex, prefix, true);

/** Documents whose text is still to be extracted (the dispatcher queues them again at start-up). */
export function documentsAwaitingText(knex: Knex): Promise<Array<{ document_id: string; upload_id: string }>> {
  return knex('documents').where({ text_status: 'pending' }).whereNull('deleted_at').select('document_id', 'upload_id');
}
