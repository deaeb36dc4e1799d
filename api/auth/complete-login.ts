// The callback's work: check the flow cookie and state, let the provider check the rest and
// exchange the code, find or register the account, start the session. Every refusal is a 4xx (503
// when the provider is down) and happens before a session is recorded.
import { timingSafeEqual } from 'node:crypto';
import { sessionIdOfLogin } from '../../domain/session/session-events.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { accountForIdentity } from '../../commands/identity-commands.ts';
import { sessionWasStarted, startSession } from '../../commands/session-commands.ts';
import type { CommandContext } from '../../commands/command-context.ts';
import {
  LoginRefusedError,
  ProviderUnavailableError,
  type LoginFlow,
} from '../../infra/identity-provider/identity-provider.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { HttpError } from '../http-error.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import type { BrowserLogin } from './browser-login.ts';
import { openLoginFlow } from './login-flow-cookie.ts';

const refused = (detail: string) => new HttpError(400, detail);
const REPLAYED = 'This login was already completed (a replayed callback); start a new one at /api/auth/login';

/** The provider's errors as HTTP answers. */
export function providerError(error: unknown): unknown {
  if (error instanceof LoginRefusedError) return refused(error.message);
  if (error instanceof ProviderUnavailableError) {
    return new HttpError(503, `The identity provider is unavailable: ${error.message}`, { 'Retry-After': '5' });
  }
  return error;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The flow this browser started, if its cookie is genuine, fresh and matches the callback's state. */
export function flowOfCallback(login: BrowserLogin, sealed: string | undefined, state: string): LoginFlow {
  if (!sealed) {
    throw refused('No login in progress in this browser (its login cookie is missing); start at /api/auth/login');
  }
  const opened = openLoginFlow(sealed, login.flowKey, login.now());
  if (!opened.ok && opened.reason === 'expired') {
    throw refused('The login took too long (over 10 minutes); start again');
  }
  if (!opened.ok) throw refused('The login cookie is not valid; start again at /api/auth/login');
  if (!sameText(state, opened.flow.state)) throw refused("The state does not match this browser's login; start again");
  return opened.flow;
}

/** Completes the login; answers the new session's cookie token. */
export async function completeLogin(
  deps: ApiDependencies,
  login: BrowserLogin,
  ctx: CommandContext,
  flow: LoginFlow,
  callbackQuery: string,
): Promise<{ token: string }> {
  const sessionId = sessionIdOfLogin(flow.state);
  if (await sessionWasStarted(deps.store, sessionId)) throw refused(REPLAYED);
  const identity = await login.provider.completeLogin(callbackQuery, flow).catch((error: unknown) => {
    throw providerError(error);
  });
  const account = await accountForIdentity(deps.store, ctx, {
    issuer: identity.issuer,
    subject: identity.subject,
    display_name: [identity.email, identity.name].map((text) => text?.trim()).find(Boolean) ?? identity.subject,
  });
  const principal = { account_id: account.account_id, api_key_id: null };
  const started = await startSession(
    deps.store,
    { ...ctx, principal },
    {
      session_id: sessionId,
      account_id: account.account_id,
      identity_id: account.identity_id,
      max_age_seconds: login.maxAgeSeconds,
      idle_timeout_seconds: login.idleTimeoutSeconds,
    },
  ).catch((error: unknown) => {
    // Two callbacks of one login racing past the check above: the store lets one start it.
    throw error instanceof DomainError && error.kind === 'conflict' ? refused(REPLAYED) : error;
  });
  await awaitReadModels(deps, started.position);
  return { token: started.token };
}
