// An Idempotency-Key of one account: claimed by the first request that carries it, then either
// recorded (what that request wrote, answered to every retry) or released (the request was refused,
// wrote nothing, and a retry runs anew). Pure; the times come in the commands.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { IdempotencyKeyEvent } from './idempotency-key-events.ts';

/** How long a key answers retries: after it, the same key starts a new request. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A claim neither recorded nor released this long after it was made belongs to a request that died
 * (a process killed mid-write): the next request with the key takes the claim over.
 */
export const IDEMPOTENCY_CLAIM_TAKEOVER_MS = 10 * 60 * 1000;

interface Claim {
  key_id: string;
  claim_id: string;
  fingerprint: string;
  claimed_at: string;
}

export type IdempotencyKeyState =
  | { status: 'absent' }
  | ({ status: 'in_progress' | 'released' } & Claim)
  | ({ status: 'recorded'; sealed: string } & Claim);

export type IdempotencyKeyCommand =
  | { type: 'ClaimIdempotencyKey'; key_id: string; claim_id: string; fingerprint: string; now: string }
  | { type: 'RecordIdempotentWrite'; key_id: string; claim_id: string; sealed: string }
  | { type: 'ReleaseIdempotencyKey'; key_id: string; claim_id: string };

const age = (claim: Claim, now: string) => Date.parse(now) - Date.parse(claim.claimed_at);

function claim(state: IdempotencyKeyState, command: Extract<IdempotencyKeyCommand, { type: 'ClaimIdempotencyKey' }>) {
  const claimed: IdempotencyKeyEvent[] = [
    {
      type: 'IdempotencyKeyClaimed',
      data: {
        key_id: command.key_id,
        claim_id: command.claim_id,
        fingerprint: command.fingerprint,
        claimed_at: command.now,
      },
    },
  ];
  if (state.status === 'absent' || state.status === 'released') return claimed;
  if (age(state, command.now) >= IDEMPOTENCY_KEY_LIFETIME_MS) return claimed;
  if (state.fingerprint !== command.fingerprint) {
    const message =
      'This Idempotency-Key was used for a different request (another route, path, query or body) ' +
      'within its lifetime: send a new key for a new request';
    throw new DomainError('invalid', message, ['header', 'Idempotency-Key']);
  }
  if (state.status === 'in_progress' && age(state, command.now) >= IDEMPOTENCY_CLAIM_TAKEOVER_MS) return claimed;
  // The same request again: the caller answers what the state holds (recorded) or waits (in progress).
  return [];
}

export const idempotencyKeyDecider: Decider<IdempotencyKeyCommand, IdempotencyKeyEvent, IdempotencyKeyState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'ClaimIdempotencyKey':
        return claim(state, command);
      case 'RecordIdempotentWrite':
        // Only the claim still in force records (one taken over meanwhile has lost it).
        if (state.status !== 'in_progress' || state.claim_id !== command.claim_id) return [];
        return [
          {
            type: 'IdempotentWriteRecorded',
            data: { key_id: command.key_id, claim_id: command.claim_id, sealed: command.sealed },
          },
        ];
      case 'ReleaseIdempotencyKey':
        if (state.status !== 'in_progress' || state.claim_id !== command.claim_id) return [];
        return [{ type: 'IdempotencyKeyReleased', data: { key_id: command.key_id, claim_id: command.claim_id } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'IdempotencyKeyClaimed':
        return { status: 'in_progress', ...event.data };
      case 'IdempotentWriteRecorded':
        if (state.status === 'absent') return state;
        return { ...state, status: 'recorded', sealed: event.data.sealed };
      case 'IdempotencyKeyReleased':
        if (state.status === 'absent') return state;
        return { ...state, status: 'released' };
    }
  },
};
