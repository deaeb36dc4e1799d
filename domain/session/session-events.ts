// Browser sessions (stream `session-<uuid>`), started by an OpenID Connect login. Only a hash of the
// cookie's secret is recorded; the limits are recorded with the session, so whether it has expired
// follows from its events and a clock alone (see session-rules.ts).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { DateTime, StringEnum, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';

/** Why a session ended: the user logged out, or it was found past one of its limits. */
export const SESSION_END_REASONS = ['logout', 'idle_timeout', 'max_age'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const SessionStartedData = Type.Object(
  {
    session_id: Uuid,
    account_id: Uuid,
    identity_id: Uuid,
    /** SHA-256 (hex) of the cookie's secret part (256 random bits, so a plain hash is enough). */
    secret_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    started_at: DateTime,
    /** Absolute limit: the session ends then, however active. */
    expires_at: DateTime,
    /** Idle limit: the session ends this long after the last request that was recorded. */
    idle_timeout_seconds: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

/** A request was authenticated by the session (recorded at most once per refresh interval). */
export const SessionRefreshedData = Type.Object(
  {
    session_id: Uuid,
    last_seen_at: DateTime,
  },
  { additionalProperties: false },
);

export const SessionEndedData = Type.Object(
  {
    session_id: Uuid,
    reason: StringEnum(SESSION_END_REASONS),
  },
  { additionalProperties: false },
);

export type SessionStarted = DomainEvent<'SessionStarted', Static<typeof SessionStartedData>>;
export type SessionRefreshed = DomainEvent<'SessionRefreshed', Static<typeof SessionRefreshedData>>;
export type SessionEnded = DomainEvent<'SessionEnded', Static<typeof SessionEndedData>>;
export type SessionEvent = SessionStarted | SessionRefreshed | SessionEnded;

export const sessionEventSchemas = {
  SessionStarted: { version: 1, schema: SessionStartedData },
  SessionRefreshed: { version: 1, schema: SessionRefreshedData },
  SessionEnded: { version: 1, schema: SessionEndedData },
};

export const sessionStream = (sessionId: string) => `session-${sessionId}`;
/** A login's session id follows from its state, so a replayed callback meets the session it started. */
export const sessionIdOfLogin = (state: string) => uuidV5(`session-of-login:${state}`);
