// Every event that belongs to an operation (its own stream, its maps, layers, jobs, records) in
// one ordered list: the audit trail behind GET /api/operations/{id}/history.
import type { Projector } from '../projector.ts';

export const operationHistoryProjector: Projector = {
  name: 'operation_history',
  async apply(trx, event) {
    const operationId = event.metadata.operation_id;
    if (!operationId) return;
    await trx('operation_history').insert({
      position: event.position,
      operation_id: operationId,
      stream_id: event.stream_id,
      revision: event.revision,
      type: event.type,
      version: event.version,
      occurred_at: event.metadata.occurred_at,
      account_id: event.metadata.account_id,
      api_key_id: event.metadata.api_key_id,
      correlation_id: event.metadata.correlation_id,
      causation_id: event.metadata.causation_id,
      data: JSON.stringify(event.data),
    }).onConflict('position').ignore();
  },
};
