import type { ApiKeyEvent } from '../../domain/api-key/api-key-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';
import type { ApiKeyRow } from '../queries/api-key-queries.ts';

const API_KEY_EVENTS = new Set<ApiKeyEvent['type']>(['ApiKeyCreated', 'ApiKeyRevoked']);

export const apiKeyProjector = foldRowsProjector<ApiKeyRow>({
  name: 'api_keys',
  table: 'api_keys',
  key: 'api_key_id',
  keyOf: (event) => (isEventOf<ApiKeyEvent>(event, API_KEY_EVENTS) ? event.data.api_key_id : null),
  evolve(row, event) {
    if (!isEventOf<ApiKeyEvent>(event, API_KEY_EVENTS)) return row;
    switch (event.type) {
      case 'ApiKeyCreated':
        return (
          row ?? {
            api_key_id: event.data.api_key_id,
            account_id: event.data.account_id,
            name: event.data.name,
            key_prefix: event.data.key_prefix,
            secret_sha256: event.data.secret_sha256,
            created_at: event.metadata.occurred_at,
            expires_at: event.data.expires_at,
            revoked_at: null,
          }
        );
      case 'ApiKeyRevoked':
        return row && { ...row, revoked_at: event.metadata.occurred_at };
    }
  },
});
