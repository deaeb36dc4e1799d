// Builders for events in tests.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../domain/shared/event-envelope.ts';

export function accountRegistered(name = 'acme', accountId = randomUUID()): NewEvent {
  return {
    id: randomUUID(),
    type: 'AccountRegistered',
    version: 1,
    data: { account_id: accountId, name },
    metadata: {
      account_id: accountId,
      api_key_id: null,
      operation_id: null,
      correlation_id: randomUUID(),
      causation_id: null,
      occurred_at: new Date().toISOString(),
    },
  };
}
