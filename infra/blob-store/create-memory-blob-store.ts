// In-memory BlobStore for tests and the single-process embedded mode when nothing must survive a
// restart. Values are copied on the way in and out so callers cannot change what is stored.
import type { BlobStore } from './blob-store.ts';
import { validateBlobKey } from './validate-blob-key.ts';

export interface MemoryBlobStore extends BlobStore {
  delete(prefix?: string): Promise<number>;
  /** Number of keys held (for tests and benchmarks). */
  readonly size: number;
  contentType(key: string): string | undefined;
}

export function createMemoryBlobStore(): MemoryBlobStore {
  const values = new Map<string, { bytes: Uint8Array; contentType?: string }>();
  return {
    async put(key, bytes, contentType) {
      validateBlobKey(key);
      values.set(key, { bytes: Uint8Array.from(bytes), contentType });
    },
    async get(key) {
      validateBlobKey(key);
      const value = values.get(key);
      return value ? Uint8Array.from(value.bytes) : null;
    },
    async has(key) {
      validateBlobKey(key);
      return values.has(key);
    },
    async delete(prefix = '') {
      let removed = 0;
      for (const key of [...values.keys()]) {
        if (key.startsWith(prefix)) {
          values.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
    get size() {
      return values.size;
    },
    contentType(key) {
      return values.get(key)?.contentType;
    },
  };
}
