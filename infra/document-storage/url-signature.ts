// Download URLs of the filesystem store: the API serves them itself, so it signs them. The
// signature is HMAC-SHA256 over the key, the expiry and the response headers the URL asks for, so
// none of them can be altered; it is checked in constant time before the expiry is believed.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_PATH = '/api/documents/download/';

export interface DownloadTerms {
  key: string;
  /** Unix seconds. */
  expires: number;
  fileName: string;
  contentType: string;
}

export type DownloadCheck =
  { ok: true; fileName: string; contentType: string } | { ok: false; reason: 'expired' | 'invalid' };

function signature(terms: DownloadTerms, secret: Buffer): string {
  const canonical = ['v1', terms.key, String(terms.expires), terms.fileName, terms.contentType].join('\n');
  return createHmac('sha256', secret).update(canonical, 'utf8').digest('base64url');
}

/** The download URL of `terms` under `origin` (e.g. https://api.example.org). */
export function signDownloadUrl(origin: string, terms: DownloadTerms, secret: Buffer): string {
  const query = new URLSearchParams({
    expires: String(terms.expires),
    name: terms.fileName,
    type: terms.contentType,
    signature: signature(terms, secret),
  });
  return `${origin.replace(/\/+$/, '')}${DOWNLOAD_PATH}${encodeURIComponent(terms.key)}?${query}`;
}

/** Checks a download request's key and query against its signature, then its expiry. */
export function verifyDownload(
  key: string,
  query: Record<string, string | string[] | undefined>,
  secret: Buffer,
  nowSeconds: number,
): DownloadCheck {
  const one = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
  const [expiresText, fileName, contentType, given] = [one('expires'), one('name'), one('type'), one('signature')];
  if (!expiresText || fileName === null || !contentType || !given || !/^\d{1,12}$/.test(expiresText)) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(signature({ key, expires: Number(expiresText), fileName, contentType }, secret));
  const presented = Buffer.from(given);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    return { ok: false, reason: 'invalid' };
  if (Number(expiresText) <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, fileName, contentType };
}
