// Creating and revoking API keys. Pure: the secret is generated and hashed by the command handler.
import type { Static } from '@sinclair/typebox';
import { DomainError } from '../shared/domain-error.ts';
import type { Decider } from '../shared/decider.ts';
import type { ApiKeyCreatedData, ApiKeyEvent } from './api-key-events.ts';

export type ApiKeyRecord = Static<typeof ApiKeyCreatedData>;
export type ApiKeyState = { status: 'absent' } | { status: 'active' | 'revoked'; key: ApiKeyRecord };

export type ApiKeyCommand =
  | { type: 'CreateApiKey'; key: ApiKeyRecord; now: string }
  | { type: 'RevokeApiKey'; api_key_id: string; account_id: string };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateApiKey':
        if (state.status !== 'absent') throw new DomainError('conflict', 'API key already exists');
        if (command.key.expires_at !== null && command.key.expires_at <= command.now) {
          throw new DomainError('invalid', 'expires_at must be in the future', ['body', 'expires_at']);
        }
        return [{ type: 'ApiKeyCreated', data: command.key }];
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
