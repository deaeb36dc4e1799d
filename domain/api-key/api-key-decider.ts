// Creating and revoking API keys. Pure: the secret is generated and hashed by the command handler.
import type { Static } from '@sinclair/typebox';
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import type { ApiKeyCreatedData, ApiKeyEvent } from './api-key-events.ts';

export type ApiKeyRecord = Static<typeof ApiKeyCreatedData>;
export type ApiKeyState = { status: 'absent' } | { status: 'active' | 'revoked'; key: ApiKeyRecord };

export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      now: string;
      /** key.expires_at: the expiry the client asked for, if any (or give lifetime_days instead). */
      key: ApiKeyRecord;
      /** The key expires this many days after `now`. */
      lifetime_days?: number | null;
    }
  | { type: 'RevokeApiKey'; api_key_id: string; account_id: string };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateApiKey': {
        if (state.status !== 'absent') throw new DomainError('conflict', 'API key already exists');
        const { key, lifetime_days, now } = command;
        if (key.expires_at && lifetime_days) {
          throw new DomainError('invalid', 'Give expires_at or lifetime_days, not both', ['body', 'lifetime_days']);
        }
        const expires_at = lifetime_days
          ? new Date(Date.parse(now) + lifetime_days * 86_400_000).toISOString()
          : key.expires_at;
        if (expires_at !== null && expires_at <= now) {
          throw new DomainError('invalid', 'expires_at must be in the future', ['body', 'expires_at']);
        }
        return [{ type: 'ApiKeyCreated', data: { ...key, expires_at } }];
      }
      case 'RevokeApiKey':
        // Another account's key is reported missing: key ids are not secrets, but listing whose
        // they are is nobody else's business.
        if (state.status !== 'active' || state.key.account_id !== command.account_id) {
          throw new DomainError('not_found', `API key ${command.api_key_id} not found`);
        }
        return [{ type: 'ApiKeyRevoked', data: { api_key_id: command.api_key_id } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyCreated':
        return { status: 'active', key: event.data };
      case 'ApiKeyRevoked':
        return state.status === 'absent' ? state : { ...state, status: 'revoked' };
    }
  },
};
