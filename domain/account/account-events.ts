// Accounts own API keys and operations (stream `account-<uuid>`).
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, Uuid } from '../shared/schema-types.ts';

export const AccountRegisteredData = Type.Object(
  {
    account_id: Uuid,
    name: NonEmptyText(200),
  },
  { additionalProperties: false },
);

export type AccountRegistered = DomainEvent<'AccountRegistered', Static<typeof AccountRegisteredData>>;
export type AccountEvent = AccountRegistered;

export const accountEventSchemas = {
  AccountRegistered: { version: 1, schema: AccountRegisteredData },
};

export const accountStream = (accountId: string) => `account-${accountId}`;
