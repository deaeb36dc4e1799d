import type { Projector } from '../projector.ts';
import type { ApiKeyEvent } from '../../domain/api-key/api-key-events.ts';

export const apiKeyProjector: Projector = {
  name: 'api_keys',
  async apply(trx, event) {
    const e = event as unknown as ApiKeyEvent;
    switch (e.type) {
      case 'ApiKeyCreated':
        await trx('api_keys').insert({
          api_key_id: e.data.api_key_id,
          account_id: e.data.account_id,
          name: e.data.name,
          key_prefix: e.data.key_prefix,
          secret_sha256: e.data.secret_sha256,
          created_at: event.metadata.occurred_at,
          expires_at: e.data.expires_at,
          revoked_at: null,
        }).onConflict('api_key_id').ignore();
        return;
      case 'ApiKeyRevoked':
        await trx('api_keys').where({ api_key_id: e.data.api_key_id }).update({ revoked_at: event.metadata.occurred_at });
        return;
    }
  },
};
