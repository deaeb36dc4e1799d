// Starting, refreshing and ending a browser session. Pure: the secret is generated and hashed, and
// the clock read, by the command handler.
import type { Static } from '@sinclair/typebox';
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import type { SessionEndReason, SessionEvent, SessionStartedData } from './session-events.ts';

export type SessionRecord = Static<typeof SessionStartedData>;
export type SessionState =
  { status: 'absent' } | { status: 'active' | 'ended'; session: SessionRecord; last_seen_at: string };

export type SessionCommand =
  | { type: 'StartSession'; session: SessionRecord }
  | { type: 'RefreshSession'; session_id: string; at: string }
  | { type: 'EndSession'; session_id: string; reason: SessionEndReason };

function startSession(command: Extract<SessionCommand, { type: 'StartSession' }>, state: SessionState): SessionEvent[] {
  // A session id is derived from the login's state, so a second callback of one login lands here.
  if (state.status !== 'absent') throw new DomainError('conflict', 'This login was already completed');
  if (command.session.expires_at <= command.session.started_at) {
    throw new DomainError('invalid', 'A session must expire after it starts', ['body', 'expires_at']);
  }
  return [{ type: 'SessionStarted', data: command.session }];
}

function refreshSession(
  command: Extract<SessionCommand, { type: 'RefreshSession' }>,
  state: SessionState,
): SessionEvent[] {
  // Concurrent requests race to record activity; only a later time of an active session counts.
  if (state.status !== 'active' || Date.parse(command.at) <= Date.parse(state.last_seen_at)) return [];
  return [{ type: 'SessionRefreshed', data: { session_id: command.session_id, last_seen_at: command.at } }];
}

function endSession(command: Extract<SessionCommand, { type: 'EndSession' }>, state: SessionState): SessionEvent[] {
  // Ending is idempotent: a second logout, or one racing an expiry, changes nothing.
  if (state.status !== 'active') return [];
  return [{ type: 'SessionEnded', data: { session_id: command.session_id, reason: command.reason } }];
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'StartSession':
        return startSession(command, state);
      case 'RefreshSession':
        return refreshSession(command, state);
      case 'EndSession':
        return endSession(command, state);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return { status: 'active', session: event.data, last_seen_at: event.data.started_at };
      case 'SessionRefreshed':
        return state.status === 'absent' ? state : { ...state, last_seen_at: event.data.last_seen_at };
      case 'SessionEnded':
        return state.status === 'absent' ? state : { ...state, status: 'ended' };
    }
  },
};
