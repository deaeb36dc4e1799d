// A projector turns events into read-model rows, inside the runner's transaction. Projectors must
// be deterministic (timestamps come from event metadata, never the clock) so a rebuild equals the
// live database row for row. Every projector of the service handles a whole batch at once
// (applyBatch) with a statement or two per table, not per event; the result must equal applying
// one by one. A table with a row per key is a foldRowsProjector (fold-rows-projector.ts); other
// rows go through upsertRows (upsert-rows.ts).
import type { Knex } from 'knex';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';

export interface Projector {
  name: string;
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
  applyBatch?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}

export async function applyProjector(
  projector: Projector,
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<void> {
  if (projector.applyBatch) {
    await projector.applyBatch(trx, events);
    return;
  }
  for (const event of events) await projector.apply(trx, event);
}
