// Reads of documents.
import type { Knex } from 'knex';
import type { DocumentRow } from '../projectors/document-projector.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export type { DocumentRow };

export async function findDocument(
  knex: Knex,
  documentId: string,
): Promise<(DocumentRow & { operation_deleted: boolean }) | null> {
  return (
    (await knex('documents')
      .join('operations', 'operations.operation_id', 'documents.operation_id')
      .select('documents.*', knex.raw('(operations.deleted_at is not null) as operation_deleted'))
      .where('documents.document_id', documentId)
      .first()) ?? null
  );
}

/** The live document stored under a key, if any (a signed download must still name one). */
export async function liveDocumentWithKey(knex: Knex, storageKey: string): Promise<DocumentRow | null> {
  return (await knex('documents').where({ storage_key: storageKey }).whereNull('deleted_at').first()) ?? null;
}

/** An operation's documents, newest first. */
export async function listDocuments(knex: Knex, operationId: string, request: PageRequest): Promise<Page<DocumentRow>> {
  const base = knex('documents').where({ operation_id: operationId }).whereNull('deleted_at');
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: DocumentRow[] = await base
    .clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'document_id' }])
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows, Number(count), request);
}

async function storageKeys(knex: Knex, prefix: string, deleted: boolean): Promise<Set<string>> {
  const query = knex('documents')
    .where('storage_key', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .select('storage_key', 'text_key');
  const rows: Array<{ storage_key: string; text_key: string | null }> = await (deleted
    ? query.whereNotNull('deleted_at')
    : query.whereNull('deleted_at'));
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

/** The orders read from an operation's live documents, each with its document (newest upload first). */
export async function listOperationOrders(
  knex: Knex,
  operationId: string,
): Promise<
  Array<{
    document_id: string;
    upload_id: string;
    file_name: string;
    read_at: string | Date | null;
    record_version: number | null;
    orders: unknown[] | null;
    text_status: string;
  }>
> {
  return knex('documents')
    .leftJoin('document_orders', function joinOrders() {
      this.on('document_orders.document_id', 'documents.document_id').andOn(
        'document_orders.upload_id',
        'documents.upload_id',
      );
    })
    .where('documents.operation_id', operationId)
    .whereNull('documents.deleted_at')
    .orderBy([{ column: 'documents.created_at', order: 'desc' }, { column: 'documents.document_id' }])
    .select(
      'documents.document_id',
      'documents.upload_id',
      'documents.file_name',
      'documents.text_status',
      'document_orders.orders',
      'document_orders.record_version',
      'document_orders.read_at',
    );
}

/** An operation's live documents whose text was extracted (what a re-read reads). */
export function operationDocumentsWithText(
  knex: Knex,
  operationId: string,
): Promise<Array<{ document_id: string; upload_id: string }>> {
  return knex('documents')
    .where({ operation_id: operationId, text_status: 'extracted' })
    .whereNull('deleted_at')
    .select('document_id', 'upload_id');
}
