// A deleted document's bytes and text leave storage after the deletion is recorded. A failure here
// is logged, not answered: the deletion stands, and the storage sweeper removes what is left.
import type { Logger } from 'pino';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { DocumentRecord } from '../../domain/document/document-decider.ts';

export async function removeDocumentObjects(
  storage: DocumentStorage,
  document: Pick<DocumentRecord, 'storage_key' | 'text_key'>,
  logger: Logger,
): Promise<void> {
  for (const key of [document.storage_key, document.text_key]) {
    if (!key) continue;
    await storage
      .delete(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'document object not removed; the sweeper will'));
  }
}
