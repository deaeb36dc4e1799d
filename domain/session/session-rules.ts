// When a session stops authenticating, and when a request should be recorded as activity. Pure:
// the limits travel with the session (SessionStarted), the clock is the caller's.

export interface SessionTimes {
  /** ISO times or Dates, as events and read-model rows give them. */
  expires_at: string | Date;
  last_seen_at: string | Date;
  idle_timeout_seconds: number;
}

export type SessionValidity = 'valid' | 'idle_timeout' | 'max_age';

const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** Whether a session still authenticates at `now`; the absolute limit is reported first. */
export function sessionValidity(session: SessionTimes, now: Date): SessionValidity {
  if (now.getTime() >= ms(session.expires_at)) return 'max_age';
  if (now.getTime() >= ms(session.last_seen_at) + session.idle_timeout_seconds * 1000) return 'idle_timeout';
  return 'valid';
}

/**
 * Whether a request at `now` should be recorded (SessionRefreshed): once a tenth of the idle limit
 * has passed since the last record, at most once a minute. So a session is refused at most that
 * long before its true idle limit, and a busy session writes a handful of events an hour.
 */
export function refreshDue(session: SessionTimes, now: Date): boolean {
  const interval = Math.min(session.idle_timeout_seconds * 100, 60_000);
  return now.getTime() - ms(session.last_seen_at) >= interval;
}
