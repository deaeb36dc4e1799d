// The batch projector most read models need: a table with one row per aggregate (or other key),
// each event moving one row. A batch is folded in memory (the rows it touches loaded with one
// statement), then the changed rows are written with one statement, so a rebuild pays statements
// per batch, not per event; a live event is a batch of one, so both paths give the same rows.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';
import type { Projector } from './projector.ts';
import { loadRows, upsertRows } from './upsert-rows.ts';

export interface RowChange<Row> {
  event: RecordedEvent;
  before: Row | undefined;
  after: Row;
}

export interface FoldRowsSpec<Row extends object> {
  name: string;
  table: string;
  /** The primary-key column. */
  key: keyof Row & string;
  /** The key of the row the event moves, or null when the event does not concern this table. */
  keyOf(event: RecordedEvent): string | null;
  /** The row after the event (pure). Returning `row` itself (or undefined) changes nothing. */
  evolve(row: Row | undefined, event: RecordedEvent): Row | undefined;
  /**
   * More writes from the same batch (side tables), given the events in order with the row each
   * produced; runs after the rows are written.
   */
  afterUpsert?(trx: Knex.Transaction, changes: Array<RowChange<Row>>): Promise<void>;
}

/** Folds a batch into rows and upserts the changed ones (exported for projector specs). */
export async function foldRows<Row extends object>(
  spec: FoldRowsSpec<Row>,
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<void> {
  const relevant: Array<[string, RecordedEvent]> = [];
  for (const event of events) {
    const key = spec.keyOf(event);
    if (key !== null) relevant.push([key, event]);
  }
  if (relevant.length === 0) return;
  const rows = await loadRows<Row>(trx, spec.table, spec.key, [...new Set(relevant.map(([key]) => key))]);
  const changed = new Set<string>();
  const changes: Array<RowChange<Row>> = [];
  for (const [key, event] of relevant) {
    const before = rows.get(key);
    const after = spec.evolve(before, event);
    if (after === undefined || after === before) continue;
    rows.set(key, after);
    changed.add(key);
    changes.push({ event, before, after });
  }
  const upserted = [...changed].map((key) => rows.get(key)!);
  await upsertRows(trx, spec.table, upserted, { conflict: [spec.key], onConflict: 'merge' });
  if (spec.afterUpsert && changes.length > 0) await spec.afterUpsert(trx, changes);
}

export function foldRowsProjector<Row extends object>(spec: FoldRowsSpec<Row>): Projector {
  return {
    name: spec.name,
    apply: (trx, event) => foldRows(spec, trx, [event]),
    applyBatch: (trx, events) => foldRows(spec, trx, events),
  };
}
