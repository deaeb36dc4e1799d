// Operations read model. A batch is folded in memory first (rows it touches are loaded once), then
// written with one upsert, so a rebuild does not pay one statement per event.
import type { Knex } from 'knex';
import type { Projector } from '../projector.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import type { OperationEvent } from '../../domain/operation/operation-events.ts';
import type { OperationRow } from '../queries/operation-queries.ts';

const OPERATION_EVENTS = new Set(['OperationCreated', 'OperationUpdated', 'OperationDeleted']);
const CHUNK = 1000;

/** The row after one event (pure). */
export function evolveOperationRow(row: OperationRow | undefined, event: RecordedEvent): OperationRow | undefined {
  const e = event as unknown as OperationEvent;
  const at = event.metadata.occurred_at;
  switch (e.type) {
    case 'OperationCreated': {
      if (row) return row;
      const { operation_id, ...fields } = e.data;
      return { operation_id, ...fields, revision: event.revision, created_at: at, updated_at: at, deleted_at: null };
    }
    case 'OperationUpdated':
      return row && { ...row, ...e.data.changes, revision: event.revision, updated_at: at };
    case 'OperationDeleted':
      return row && { ...row, revision: event.revision, updated_at: at, deleted_at: at };
  }
}

async function project(trx: Knex.Transaction, events: RecordedEvent[]) {
  const relevant = events.filter((e) => OPERATION_EVENTS.has(e.type));
  if (relevant.length === 0) return;
  const ids = [...new Set(relevant.map((e) => (e.data as { operation_id: string }).operation_id))];
  const rows = new Map<string, OperationRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const existing: OperationRow[] = await trx('operations').whereIn('operation_id', ids.slice(i, i + CHUNK));
    for (const row of existing) rows.set(row.operation_id, row);
  }
  for (const event of relevant) {
    const id = (event.data as { operation_id: string }).operation_id;
    const next = evolveOperationRow(rows.get(id), event);
    if (next) rows.set(id, next);
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += CHUNK) {
    await trx('operations').insert(all.slice(i, i + CHUNK)).onConflict('operation_id').merge();
  }
}

export const operationProjector: Projector = {
  name: 'operations',
  apply: (trx, event) => project(trx, [event]),
  applyBatch: project,
};
