// A strong ETag from the bytes themselves (128 bits of SHA-256), so equal tiles have equal tags
// whichever job or key they come from, and a rebuilt tile with new content gets a new tag.
import { createHash } from 'node:crypto';

export function contentEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
}
