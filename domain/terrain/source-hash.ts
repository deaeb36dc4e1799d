// Short content hash of what a product is made from: the provider fingerprint(s) and the version of
// the code that makes the product. 64 bits of SHA-256 in hex: collisions are not a practical risk
// for the number of sources a deployment sees, and keys stay short.
import { createHash } from 'node:crypto';

export function sourceHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);
}
