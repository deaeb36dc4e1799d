// Operations read model: one row per operation, folded from its stream.
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { OperationEvent } from '../../domain/operation/operation-events.ts';
import type { OperationRow } from '../queries/operation-queries.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

const OPERATION_EVENTS = new Set<OperationEvent['type']>(['OperationCreated', 'OperationUpdated', 'OperationDeleted']);

/** The row after one event (pure). */
export function evolveOperationRow(row: OperationRow | undefined, event: RecordedEvent): OperationRow | undefined {
  if (!isEventOf<OperationEvent>(event, OPERATION_EVENTS)) return row;
  const at = event.metadata.occurred_at;
  switch (event.type) {
    case 'OperationCreated': {
      if (row) return row;
      const { operation_id, ...fields } = event.data;
      return { operation_id, ...fields, revision: event.revision, created_at: at, updated_at: at, deleted_at: null };
    }
    case 'OperationUpdated':
      return row && { ...row, ...event.data.changes, revision: event.revision, updated_at: at };
    case 'OperationDeleted':
      return row && { ...row, revision: event.revision, updated_at: at, deleted_at: at };
  }
}

export const operationProjector = foldRowsProjector<OperationRow>({
  name: 'operations',
  table: 'operations',
  key: 'operation_id',
  keyOf: (event) => (isEventOf<OperationEvent>(event, OPERATION_EVENTS) ? event.data.operation_id : null),
  evolve: evolveOperationRow,
});
