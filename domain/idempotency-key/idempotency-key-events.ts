// Idempotency keys (stream `idempotency_key-<uuid v5 of account and key>`): a POST that creates
// something, sent with an Idempotency-Key, claims the key, then records what it wrote, so a retry
// answers that write instead of making a second one. The raw key is never recorded (only the id
// derived from it), and what the write answered is sealed with a key derived from the raw key
// (api/idempotent-write.ts): it can hold a secret shown once, such as a new API key.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { DateTime, Uuid } from '../shared/schema-types.ts';

export const IdempotencyKeyClaimedData = Type.Object(
  {
    key_id: Uuid,
    /** One claim of the key (a retry after the key's lifetime, or after a dead claimer, claims it anew). */
    claim_id: Uuid,
    /** SHA-256 (hex) of the request: method, route, path parameters, query and JSON body. */
    fingerprint: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    claimed_at: DateTime,
  },
  { additionalProperties: false },
);

export const IdempotentWriteRecordedData = Type.Object(
  {
    key_id: Uuid,
    claim_id: Uuid,
    /** What the write answered (ids, position), sealed: base64 of AES-256-GCM iv, tag and ciphertext. */
    sealed: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  },
  { additionalProperties: false },
);

export const IdempotencyKeyReleasedData = Type.Object(
  { key_id: Uuid, claim_id: Uuid },
  { additionalProperties: false },
);

export type IdempotencyKeyClaimed = DomainEvent<'IdempotencyKeyClaimed', Static<typeof IdempotencyKeyClaimedData>>;
export type IdempotentWriteRecorded = DomainEvent<
  'IdempotentWriteRecorded',
  Static<typeof IdempotentWriteRecordedData>
>;
export type IdempotencyKeyReleased = DomainEvent<'IdempotencyKeyReleased', Static<typeof IdempotencyKeyReleasedData>>;
export type IdempotencyKeyEvent = IdempotencyKeyClaimed | IdempotentWriteRecorded | IdempotencyKeyReleased;

export const idempotencyKeyEventSchemas = {
  IdempotencyKeyClaimed: { version: 1, schema: IdempotencyKeyClaimedData },
  IdempotentWriteRecorded: { version: 1, schema: IdempotentWriteRecordedData },
  IdempotencyKeyReleased: { version: 1, schema: IdempotencyKeyReleasedData },
};

export const idempotencyKeyStream = (keyId: string) => `idempotency_key-${keyId}`;
