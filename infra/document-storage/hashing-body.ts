// Passes a body through unchanged while counting its bytes and hashing them with SHA-256, so a
// store learns both without reading the body twice or holding it.
import { createHash } from 'node:crypto';

export interface HashingBody {
  bytes: AsyncGenerator<Uint8Array>;
  /** Size and hash once `bytes` has been read to its end. */
  result(): { size: number; sha256: string };
}

export function hashingBody(body: AsyncIterable<Uint8Array>): HashingBody {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | null = null;
  async function* bytes() {
    for await (const chunk of body) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
    digest = hash.digest('hex');
  }
  return {
    bytes: bytes(),
    result() {
      if (digest === null) throw new Error('the body was not read to its end');
      return { size, sha256: digest };
    },
  };
}
