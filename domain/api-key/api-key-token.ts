// The bearer token format: `opk_<api key id, 32 hex>_<secret, 43 base64url chars>`. The id part
// finds the stored hash without a scan; only SHA-256(secret) is stored and compared.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN = /^opk_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

export interface ParsedToken {
  api_key_id: string;
  secret: string;
}

export function formatApiKeyId(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function parseApiKeyToken(token: string): ParsedToken | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return { api_key_id: formatApiKeyId(match[1]!), secret: match[2]! };
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares in constant time, so response timing says nothing about how much of a secret matched. */
export function secretMatches(secret: string, storedSha256: string): boolean {
  const presented = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedSha256, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

export function newApiKeyToken(apiKeyId: string): { token: string; secret: string; prefix: string } {
  const secret = randomBytes(32).toString('base64url');
  const idHex = apiKeyId.replace(/-/g, '');
  return { token: `opk_${idHex}_${secret}`, secret, prefix: `opk_${idHex.slice(0, 8)}` };
}
