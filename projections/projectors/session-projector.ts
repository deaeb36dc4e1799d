import type { SessionEvent } from '../../domain/session/session-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';
import type { SessionRow } from '../queries/session-queries.ts';

const SESSION_EVENTS = new Set<SessionEvent['type']>(['SessionStarted', 'SessionRefreshed', 'SessionEnded']);

export const sessionProjector = foldRowsProjector<SessionRow>({
  name: 'sessions',
  table: 'sessions',
  key: 'session_id',
  keyOf: (event) => (isEventOf<SessionEvent>(event, SESSION_EVENTS) ? event.data.session_id : null),
  evolve(row, event) {
    if (!isEventOf<SessionEvent>(event, SESSION_EVENTS)) return row;
    switch (event.type) {
      case 'SessionStarted':
        return (
          row ?? {
            session_id: event.data.session_id,
            account_id: event.data.account_id,
            identity_id: event.data.identity_id,
            secret_sha256: event.data.secret_sha256,
            started_at: event.data.started_at,
            last_seen_at: event.data.started_at,
            expires_at: event.data.expires_at,
            idle_timeout_seconds: event.data.idle_timeout_seconds,
            ended_at: null,
            end_reason: null,
          }
        );
      case 'SessionRefreshed':
        return row && { ...row, last_seen_at: event.data.last_seen_at };
      case 'SessionEnded':
        return row && { ...row, ended_at: event.metadata.occurred_at, end_reason: event.data.reason };
    }
  },
});
