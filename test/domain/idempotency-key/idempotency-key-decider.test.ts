// The Idempotency-Key decider, given/when/then: the first request claims the key, a retry of the
// same request finds the claim (in progress or recorded) and writes nothing, another request with
// the key is refused at the header, a refused write releases the key, and the key is claimed anew
// after its lifetime (or after a claimer that died).
import { test } from 'uvu';
import {
  IDEMPOTENCY_CLAIM_TAKEOVER_MS,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  idempotencyKeyDecider,
} from '../../../domain/idempotency-key/idempotency-key-decider.ts';
import type { IdempotencyKeyEvent } from '../../../domain/idempotency-key/idempotency-key-events.ts';
import { specFor } from '../../support/given-when-then.ts';

const spec = specFor(idempotencyKeyDecider);
const KEY = '11111111-1111-4111-8111-111111111111';
const [C1, C2] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'];
const SAME = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const T0 = '2026-11-23T09:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

const claimed = (claim_id = C1, fingerprint = SAME, claimed_at = T0): IdempotencyKeyEvent => ({
  type: 'IdempotencyKeyClaimed',
  data: { key_id: KEY, claim_id, fingerprint, claimed_at },
});
const recorded: IdempotencyKeyEvent = {
  type: 'IdempotentWriteRecorded',
  data: { key_id: KEY, claim_id: C1, sealed: 'c2VhbGVk' },
};
const released: IdempotencyKeyEvent = { type: 'IdempotencyKeyReleased', data: { key_id: KEY, claim_id: C1 } };
const claim = (claim_id: string, fingerprint = SAME, now = later(1000)) => ({
  type: 'ClaimIdempotencyKey' as const,
  key_id: KEY,
  claim_id,
  fingerprint,
  now,
});

test('given nothing, when a request claims the key, then it is claimed', () => {
  spec([])
    .when(claim(C1, SAME, T0))
    .then([claimed()]);
});

test('given a claim in progress or recorded, when the same request comes again, then nothing is written', () => {
  spec([claimed()]).when(claim(C2)).then([]);
  spec([claimed(), recorded]).when(claim(C2)).then([]);
});

test('given a claim, when another request uses the key, then 422 at the header', () => {
  spec([claimed()])
    .when(claim(C2, OTHER))
    .thenThrows('invalid', /different request/);
  spec([claimed(), recorded]).when(claim(C2, OTHER)).thenThrows('invalid');
});

test('given a released claim (the write was refused), when the request comes again, then it claims anew', () => {
  spec([claimed(), released])
    .when(claim(C2))
    .then([claimed(C2, SAME, later(1000))]);
});

test('given a claim older than the lifetime, when any request uses the key, then it claims anew', () => {
  const now = later(IDEMPOTENCY_KEY_LIFETIME_MS);
  spec([claimed(), recorded])
    .when(claim(C2, OTHER, now))
    .then([claimed(C2, OTHER, now)]);
  spec([claimed(), recorded])
    .when(claim(C2, SAME, later(IDEMPOTENCY_KEY_LIFETIME_MS - 1)))
    .then([]);
});

test('given a claim neither recorded nor released, when it comes after the takeover time, then takeover', () => {
  const now = later(IDEMPOTENCY_CLAIM_TAKEOVER_MS);
  spec([claimed()])
    .when(claim(C2, SAME, now))
    .then([claimed(C2, SAME, now)]);
  spec([claimed()])
    .when(claim(C2, SAME, later(IDEMPOTENCY_CLAIM_TAKEOVER_MS - 1)))
    .then([]);
  // A recorded write is answered for the key's whole lifetime, however old.
  spec([claimed(), recorded])
    .when(claim(C2, SAME, now))
    .then([]);
});

test('record and release: only by the claim in force, once', () => {
  const record = (claim_id: string, sealed: string) => ({
    type: 'RecordIdempotentWrite' as const,
    key_id: KEY,
    claim_id,
    sealed,
  });
  spec([claimed()]).when(record(C1, 'c2VhbGVk')).then([recorded]);
  spec([claimed()]).when({ type: 'ReleaseIdempotencyKey', key_id: KEY, claim_id: C1 }).then([released]);
  spec([claimed(), recorded]).when(record(C1, 'eA==')).then([]);
  spec([claimed(), recorded]).when({ type: 'ReleaseIdempotencyKey', key_id: KEY, claim_id: C1 }).then([]);
  // Taken over: the first claimer's late record is dropped.
  spec([claimed(), claimed(C2)])
    .when(record(C1, 'eA=='))
    .then([]);
});

test.run();
