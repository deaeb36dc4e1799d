// Browser sessions: started by a completed login, refreshed by use, ended by logout or expiry.
import { sha256Hex } from '../domain/api-key/api-key-token.ts';
import { sessionDecider } from '../domain/session/session-decider.ts';
import { sessionStream, type SessionEndReason } from '../domain/session/session-events.ts';
import { newSessionToken } from '../domain/session/session-token.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

export interface StartSessionInput {
  session_id: string;
  account_id: string;
  identity_id: string;
  max_age_seconds: number;
  idle_timeout_seconds: number;
}

/** Starts a session; the cookie token is in the result and nowhere else, ever. */
export async function startSession(store: EventStore, ctx: CommandContext, input: StartSessionInput) {
  const { token, secret } = newSessionToken(input.session_id);
  const now = ctx.now();
  const result = await handleCommand({
    store,
    ctx,
    stream: sessionStream(input.session_id),
    decider: sessionDecider,
    operationId: null,
    command: {
      type: 'StartSession',
      session: {
        session_id: input.session_id,
        account_id: input.account_id,
        identity_id: input.identity_id,
        secret_sha256: sha256Hex(secret),
        started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + input.max_age_seconds * 1000).toISOString(),
        idle_timeout_seconds: input.idle_timeout_seconds,
      },
    },
  });
  return { token, position: result.position };
}

export async function refreshSession(store: EventStore, ctx: CommandContext, sessionId: string) {
  const result = await handleCommand({
    store,
    ctx,
    stream: sessionStream(sessionId),
    decider: sessionDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'RefreshSession', session_id: sessionId, at: ctx.now().toISOString() },
  });
  return { position: result.position };
}

export async function endSession(store: EventStore, ctx: CommandContext, sessionId: string, reason: SessionEndReason) {
  const result = await handleCommand({
    store,
    ctx,
    stream: sessionStream(sessionId),
    decider: sessionDecider,
    operationId: null,
    retryOnConflict: true,
    command: { type: 'EndSession', session_id: sessionId, reason },
  });
  return { position: result.position };
}

/** Whether a session with this id was ever started (a login whose callback was already completed). */
export async function sessionWasStarted(store: EventStore, sessionId: string): Promise<boolean> {
  return (await loadState(store, sessionStream(sessionId), sessionDecider)).state.status !== 'absent';
}
