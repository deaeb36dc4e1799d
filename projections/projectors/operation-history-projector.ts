// Every event that belongs to an operation (its own stream, its maps, layers, jobs, records) in
// one ordered list: the audit trail behind GET /api/operations/{id}/history.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { Projector } from '../projector.ts';
import { upsertRows } from '../upsert-rows.ts';

function historyRow(event: RecordedEvent) {
  return {
    position: event.position,
    operation_id: event.metadata.operation_id,
    stream_id: event.stream_id,
    revision: event.revision,
    type: event.type,
    version: event.version,
    occurred_at: event.metadata.occurred_at,
    account_id: event.metadata.account_id,
    api_key_id: event.metadata.api_key_id,
    correlation_id: event.metadata.correlation_id,
    causation_id: event.metadata.causation_id,
    data: event.data,
  };
}

/**
 * Insert-only, without ON CONFLICT: the runner hands projectors only events above the checkpoint
 * (applyBatch), so a stored position here would be a bug, and the plain insert is a quarter cheaper.
 */
async function insertHistory(trx: Knex.Transaction, events: RecordedEvent[]) {
  await upsertRows(trx, 'operation_history', events.filter((e) => e.metadata.operation_id).map(historyRow));
}

export const operationHistoryProjector: Projector = {
  name: 'operation_history',
  apply: (trx, event) => insertHistory(trx, [event]),
  applyBatch: insertHistory,
};
