// API keys (stream `api_key-<uuid>`). Only a hash of the secret is ever recorded.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, NullableDateTime, Uuid } from '../shared/schema-types.ts';

export const ApiKeyCreatedData = Type.Object(
  {
    api_key_id: Uuid,
    account_id: Uuid,
    name: NonEmptyText(200),
    /** The non-secret start of the key, shown in listings so a user can tell keys apart. */
    key_prefix: Type.String({ minLength: 4, maxLength: 64 }),
    /** SHA-256 (hex) of the secret part; keys are 256-bit random, so a plain hash is enough. */
    secret_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    expires_at: NullableDateTime(),
  },
  { additionalProperties: false },
);

export const ApiKeyRevokedData = Type.Object({ api_key_id: Uuid }, { additionalProperties: false });

export type ApiKeyCreated = DomainEvent<'ApiKeyCreated', Static<typeof ApiKeyCreatedData>>;
export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', Static<typeof ApiKeyRevokedData>>;
export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;

export const apiKeyEventSchemas = {
  ApiKeyCreated: { version: 1, schema: ApiKeyCreatedData },
  ApiKeyRevoked: { version: 1, schema: ApiKeyRevokedData },
};

export const apiKeyStream = (apiKeyId: string) => `api_key-${apiKeyId}`;
