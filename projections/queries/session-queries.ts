import type { Knex } from 'knex';
import type { SessionEndReason } from '../../domain/session/session-events.ts';
import type { IdentityLinkSource } from '../../domain/identity/identity-events.ts';
import { iso } from './iso.ts';

export interface SessionRow {
  session_id: string;
  account_id: string;
  identity_id: string;
  secret_sha256: string;
  started_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  idle_timeout_seconds: number;
  ended_at: Date | string | null;
  end_reason: SessionEndReason | null;
}

export interface IdentityRow {
  identity_id: string;
  issuer: string;
  subject: string;
  account_id: string;
  linked_by: IdentityLinkSource;
  linked_at: Date | string;
}

/** What authentication by cookie needs: hash, owner, limits and whether it ended. */
export interface SessionCredential {
  session_id: string;
  account_id: string;
  secret_sha256: string;
  last_seen_at: string;
  expires_at: string;
  idle_timeout_seconds: number;
  ended: boolean;
}

export async function findSessionCredential(knex: Knex, sessionId: string): Promise<SessionCredential | null> {
  const row: SessionRow | undefined = await knex('sessions').where({ session_id: sessionId }).first();
  if (!row) return null;
  return {
    session_id: row.session_id,
    account_id: row.account_id,
    secret_sha256: row.secret_sha256,
    last_seen_at: iso(row.last_seen_at)!,
    expires_at: iso(row.expires_at)!,
    idle_timeout_seconds: row.idle_timeout_seconds,
    ended: row.ended_at !== null,
  };
}
