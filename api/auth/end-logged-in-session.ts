// Logout: ends the session the cookie names when the cookie is genuine (a wrong or stale cookie
// ends nothing and is simply cleared). Answers once the read models have the end, so the session
// is refused at once by this process (and by any other as soon as its read models have it).
import { secretMatches } from '../../domain/api-key/api-key-token.ts';
import { parseSessionToken } from '../../domain/session/session-token.ts';
import type { CommandContext } from '../../commands/command-context.ts';
import { endSession } from '../../commands/session-commands.ts';
import { findSessionCredential } from '../../projections/queries/session-queries.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import type { BrowserLogin } from './browser-login.ts';

export async function endLoggedInSession(
  deps: ApiDependencies,
  login: BrowserLogin,
  ctx: CommandContext,
  cookie: string,
): Promise<void> {
  const parsed = parseSessionToken(cookie);
  if (!parsed) return;
  const credential = await findSessionCredential(deps.readModels, parsed.session_id);
  if (!credential || credential.ended || !secretMatches(parsed.secret, credential.secret_sha256)) return;
  const principal = { account_id: credential.account_id, api_key_id: null };
  const ended = await endSession(deps.store, { ...ctx, principal, now: login.now }, credential.session_id, 'logout');
  await awaitReadModels(deps, ended.position);
}
