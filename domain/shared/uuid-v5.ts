// RFC 4122 name-based UUID (SHA-1): the same name always gives the same id, so registering an
// account by name twice lands on one stream.
import { createHash } from 'node:crypto';

export const SERVICE_NAMESPACE = '6b7f3c1e-8d2a-4f4e-9c57-2f0d6a1b9e30';

export function uuidV5(name: string, namespace = SERVICE_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
