// The port of document storage: where uploaded files and their extracted text live. Two adapters
// (filesystem, S3-compatible) honour one contract (test/contract/document-storage-contract.ts).
// Bodies stream in and out; nothing is held whole. A put is all or nothing: a failed or aborted
// put leaves no object under its key.

export interface PutOptions {
  /** Stored with the object (S3) or ignored (filesystem: the record keeps the sniffed type). */
  contentType: string;
  /** Aborting stops the write and removes what was written. */
  signal?: AbortSignal;
}

export interface StoredObject {
  size: number;
  /** SHA-256 of the bytes written, hex. */
  sha256: string;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** Original name, sent back as Content-Disposition. */
  fileName: string;
  /** Sniffed type, sent back as Content-Type. */
  contentType: string;
  /** Origin of the API as the client sees it (the filesystem store's URLs point at the API). */
  origin: string;
}

export interface DocumentStorage {
  readonly kind: 'filesystem' | 's3';
  put(key: string, body: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredObject>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<NodeJS.ReadableStream | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** A URL that downloads the object without an API key until it expires. */
  presignGet(key: string, options: PresignOptions): Promise<string>;
  /** True when the storage answers and its bucket or folder exists. */
  ping(): Promise<boolean>;
}

/** The storage does not answer (server down, bucket missing): the API answers 503, nothing is recorded. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** Document storage keys: slash-separated segments of [A-Za-z0-9._-], no empty or dot segments. */
const SEGMENT = /^[A-Za-z0-9_.-]+$/;
export const MAX_STORAGE_KEY_LENGTH = 300;

export function validateStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_STORAGE_KEY_LENGTH) {
    throw new Error(`document storage key must be 1..${MAX_STORAGE_KEY_LENGTH} characters`);
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || !SEGMENT.test(segment)) {
      throw new Error(`invalid document storage key ${JSON.stringify(key)}`);
    }
  }
  return key;
}
