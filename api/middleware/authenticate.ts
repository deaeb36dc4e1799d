// Bearer API keys (or a browser session, api/auth/): missing, malformed, unknown, expired or revoked
// → 401. On success the principal (account and key) is in ctx.state.principal for the routers.
import type Koa from 'koa';
import { parseApiKeyToken, secretMatches } from '../../domain/api-key/api-key-token.ts';
import type { ApiKeyCredential } from '../../projections/queries/api-key-queries.ts';
import type { Principal } from '../../commands/command-context.ts';
import { HttpError } from '../http-error.ts';
import type { SessionAuthenticator } from '../auth/authenticate-session.ts';
import { SESSION_COOKIE } from '../auth/browser-login.ts';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };
const reject = (detail: string) => new HttpError(401, detail, CHALLENGE);
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Where credentials come from: the read models, through ApiKeyCredentialCache in the service. */
export interface CredentialSource {
  get(apiKeyId: string): Promise<ApiKeyCredential | null>;
  /** The credential of a whole token already verified, from memory (optional). */
  peekToken?(token: string): ApiKeyCredential | null;
  /** A memo of secrets already checked against the credential's hash (optional). */
  secretVerified?(apiKeyId: string, secret: string): boolean;
  rememberVerified?(apiKeyId: string, secret: string, token?: string): void;
}

export async function authenticate(
  credentials: CredentialSource,
  header: string | undefined,
  now = new Date(),
): Promise<Principal> {
  if (!header) throw reject('Not authenticated');
  const match = BEARER.exec(header);
  if (!match) throw reject('Authorization header must be "Bearer <API key>"');
  const parsed = parseApiKeyToken(match[1]!);
  if (!parsed) throw reject('Malformed API key');
  const credential = await credentials.get(parsed.api_key_id);
  // The hash is compared even for an unknown id, so timing does not tell which ids exist.
  const matches =
    (credential !== null && credentials.secretVerified?.(parsed.api_key_id, parsed.secret)) ||
    secretMatches(parsed.secret, credential?.secret_sha256 ?? '0'.repeat(64));
  if (!credential || !matches) throw reject('Invalid API key');
  credentials.rememberVerified?.(parsed.api_key_id, parsed.secret, match[1]);
  if (credential.revoked) throw reject('API key revoked');
  if (credential.expires_at && credential.expires_at <= now) throw reject('API key expired');
  return { account_id: credential.account_id, api_key_id: credential.api_key_id };
}

/**
 * The principal of a header whose key was already checked and is still valid, from memory alone;
 * null when that is not known without a lookup (then `authenticate` decides).
 */
export function knownPrincipal(
  credentials: CredentialSource,
  header: string | undefined,
  now = Date.now(),
): Principal | null {
  // The usual header is exactly "Bearer <token>"; other spellings take the full path.
  const credential = header?.startsWith('Bearer ') ? credentials.peekToken?.(header.slice(7)) : null;
  if (!credential || credential.revoked || (credential.expires_at && credential.expires_at.getTime() <= now))
    return null;
  return { account_id: credential.account_id, api_key_id: credential.api_key_id };
}

/**
 * A bearer API key, or else (with browser login configured) the session cookie. A request with an
 * Authorization header is judged by it alone: the bearer key wins over a cookie, even a bad key.
 */
export function requireApiKey(
  credentials: CredentialSource,
  sessions: SessionAuthenticator | null = null,
): Koa.Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization') || undefined;
    const cookie = !header && sessions ? ctx.cookies.get(SESSION_COOKIE) : undefined;
    ctx.state.principal = cookie ? await sessions!.authenticate(ctx, cookie) : await authenticate(credentials, header);
    await next();
  };
}
