// Authentication by the session cookie: the same Principal an API key gives (its account, no key),
// so every access rule applies unchanged. No memory cache: each request reads the session's row, so
// a logout (which answers once its SessionEnded is in the read models) takes effect at once.
import type Koa from 'koa';
import { secretMatches } from '../../domain/api-key/api-key-token.ts';
import { parseSessionToken } from '../../domain/session/session-token.ts';
import { refreshDue, sessionValidity } from '../../domain/session/session-rules.ts';
import { systemContext, type CommandContext, type Principal } from '../../commands/command-context.ts';
import { endSession, refreshSession } from '../../commands/session-commands.ts';
import { findSessionCredential } from '../../projections/queries/session-queries.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { HttpError } from '../http-error.ts';
import { refuseCrossSiteWrite } from './browser-login.ts';

const reject = (detail: string) => new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });

export interface SessionAuthenticator {
  /** The principal of a session cookie's value, or a 401 (403 for a cross-site write). */
  authenticate(ctx: Koa.Context, cookie: string): Promise<Principal>;
}

type SessionDeps = Pick<
  ApiDependencies,
  'store' | 'readModels' | 'logger' | 'browserLogin' | 'waiter' | 'readYourWritesTimeoutMs'
>;

/** The session check of a configured browser login; null without one (cookies are then ignored). */
export function sessionAuthenticator(deps: SessionDeps): SessionAuthenticator | null {
  const login = deps.browserLogin;
  if (!login) return null;
  const commandContext = (principal: Principal): CommandContext => ({ ...systemContext(principal), now: login.now });
  return {
    async authenticate(ctx, cookie) {
      const parsed = parseSessionToken(cookie);
      if (!parsed) throw reject('Malformed session cookie');
      const credential = await findSessionCredential(deps.readModels, parsed.session_id);
      // The hash is compared even for an unknown id, so timing does not tell which ids exist.
      const matches = secretMatches(parsed.secret, credential?.secret_sha256 ?? '0'.repeat(64));
      if (!credential || !matches) throw reject('Invalid session');
      if (credential.ended) throw reject('Session ended');
      const principal: Principal = { account_id: credential.account_id, api_key_id: null };
      const now = login.now();
      const validity = sessionValidity(credential, now);
      if (validity !== 'valid') {
        // Recorded when first noticed; a failure to record changes nothing about the refusal.
        await endSession(deps.store, commandContext(principal), credential.session_id, validity).catch(
          (error: unknown) => deps.logger.warn({ err: error }, 'recording a session expiry failed'),
        );
        throw reject(validity === 'max_age' ? 'Session expired' : 'Session expired (idle)');
      }
      refuseCrossSiteWrite(ctx, login);
      if (refreshDue(credential, now)) {
        // Waits for the read model too, so the next request judges idleness from this one.
        await refreshSession(deps.store, commandContext(principal), credential.session_id)
          .then(({ position }) => position !== null && deps.waiter.waitFor(position, deps.readYourWritesTimeoutMs))
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'recording session activity failed'));
      }
      return principal;
    },
  };
}
