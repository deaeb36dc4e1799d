// Bearer API keys: missing, malformed, unknown, expired or revoked → 401. On success the
// principal (account and key) is in ctx.state.principal for the routers.
import type Koa from 'koa';
import type { Knex } from 'knex';
import { parseApiKeyToken, secretMatches } from '../../domain/api-key/api-key-token.ts';
import { findApiKeyCredential } from '../../projections/queries/api-key-queries.ts';
import type { Principal } from '../../commands/command-context.ts';
import { HttpError } from '../http-error.ts';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };
const reject = (detail: string) => new HttpError(401, detail, CHALLENGE);

export async function authenticate(knex: Knex, header: string | undefined, now = new Date()): Promise<Principal> {
  if (!header) throw reject('Not authenticated');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw reject('Authorization header must be "Bearer <API key>"');
  const parsed = parseApiKeyToken(match[1]!);
  if (!parsed) throw reject('Malformed API key');
  const credential = await findApiKeyCredential(knex, parsed.api_key_id);
  // The hash is compared even for an unknown id, so timing does not tell which ids exist.
  const matches = secretMatches(parsed.secret, credential?.secret_sha256 ?? '0'.repeat(64));
  if (!credential || !matches) throw reject('Invalid API key');
  if (credential.revoked) throw reject('API key revoked');
  if (credential.expires_at && credential.expires_at <= now) throw reject('API key expired');
  return { account_id: credential.account_id, api_key_id: credential.api_key_id };
}

export function requireApiKey(knex: Knex): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.principal = await authenticate(knex, ctx.get('authorization') || undefined);
    await next();
  };
}
