// The session cookie's value: `<session id, 32 hex>.<secret, 43 base64url chars>`. The id part
// finds the stored hash without a scan; only SHA-256(secret) is recorded.
import { randomBytes } from 'node:crypto';
import { formatApiKeyId } from '../api-key/api-key-token.ts';

const TOKEN = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export function parseSessionToken(token: string): { session_id: string; secret: string } | null {
  const match = TOKEN.exec(token);
  return match ? { session_id: formatApiKeyId(match[1]!), secret: match[2]! } : null;
}

export function newSessionToken(sessionId: string): { token: string; secret: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId.replace(/-/g, '')}.${secret}`, secret };
}
