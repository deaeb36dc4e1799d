// A projector turns events into read-model rows, inside the runner's transaction. Projectors must
// be deterministic (timestamps come from event metadata, never the clock) so a rebuild equals the
// live database row for row.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../domain/shared/event-envelope.ts';

export interface Projector {
  name: string;
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
}
