// The port behind which terrain artifacts and display tiles are kept. Keys are slash-separated
// relative paths (see validate-blob-key.ts); values are opaque bytes. Every worker and API process
// reads the same store, so an adapter must make a `put` visible to others only once it is whole.

export interface BlobStore {
  /** Stores `bytes` under `key`, replacing an earlier value atomically (readers see old or new). */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The bytes under `key`, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
  /**
   * Removes every key that starts with `prefix` (all keys when omitted) and answers how many went.
   * Optional: a store that never deletes (an append-only object store) may leave it out.
   */
  delete?(prefix?: string): Promise<number>;
}
