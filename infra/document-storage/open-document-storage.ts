// The document storage the configuration names (DOCUMENT_STORAGE).
import type { DocumentStorage } from './document-storage.ts';
import { createFilesystemDocumentStorage, type FilesystemStorageOptions } from './filesystem-document-storage.ts';
import { createS3DocumentStorage, type S3StorageOptions } from './s3-document-storage.ts';

export type DocumentStorageOptions =
  ({ kind: 'filesystem' } & FilesystemStorageOptions) | ({ kind: 's3' } & S3StorageOptions);

export function openDocumentStorage(options: DocumentStorageOptions): DocumentStorage {
  return options.kind === 'filesystem' ? createFilesystemDocumentStorage(options) : createS3DocumentStorage(options);
}
