// An identity at an OpenID provider (issuer + subject) and the account it signs in to (stream
// `identity-<uuid>`, the id a name-based UUID of issuer and subject, so one identity has one stream).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { StringEnum, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';

/** Who linked: the identity's first login (which registered a new account) or an administrator. */
export const IDENTITY_LINK_SOURCES = ['first_login', 'administrator'] as const;
export type IdentityLinkSource = (typeof IDENTITY_LINK_SOURCES)[number];

export const IdentityLinkedData = Type.Object(
  {
    identity_id: Uuid,
    issuer: Type.String({ minLength: 1, maxLength: 2000 }),
    subject: Type.String({ minLength: 1, maxLength: 255 }),
    account_id: Uuid,
    linked_by: StringEnum(IDENTITY_LINK_SOURCES),
  },
  { additionalProperties: false },
);

export type IdentityLinked = DomainEvent<'IdentityLinked', Static<typeof IdentityLinkedData>>;
export type IdentityEvent = IdentityLinked;

export const identityEventSchemas = {
  IdentityLinked: { version: 1, schema: IdentityLinkedData },
};

export const identityIdOf = (issuer: string, subject: string) => uuidV5(`oidc-identity:${issuer}\n${subject}`);
/** The account a first login registers: its own, never one found by a name the provider chose. */
export const firstLoginAccountIdOf = (identityId: string) => uuidV5(`oidc-account:${identityId}`);
export const identityStream = (identityId: string) => `identity-${identityId}`;
