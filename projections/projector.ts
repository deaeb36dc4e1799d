// A projector turns events into read-model rows, inside the runner's transaction. Projectors must
// be deterministic (timestamps come from event metadata, never the clock) so a rebuild equals the
// live database row for row. A projector may handle a whole batch at once (applyBatch) to write
// with a few statements instead of one per event; the result must equal applying one by one.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';

export interface Projector {
  name: string;
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
  applyBatch?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}

export async function applyProjector(projector: Projector, trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
  if (projector.applyBatch) {
    await projector.applyBatch(trx, events);
    return;
  }
  for (const event of events) await projector.apply(trx, event);
}
