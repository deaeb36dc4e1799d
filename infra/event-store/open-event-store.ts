// Picks the event-store adapter the configuration names (DESIGN.md §4) and puts schema validation
// and upcasting in front of it, so every process (API, projector, workers) gets the same store.
import type { Config } from '../config.ts';
import type { Database } from '../database/database.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import type { EventStore } from './event-store.ts';
import { EsdbEventStore } from './esdb-event-store.ts';
import { SqlEventStore } from './sql-event-store.ts';
import { ValidatingEventStore } from './validating-event-store.ts';

/**
 * The configured event store: 'embedded' (PGlite) and 'postgres' keep events in `db`, 'esdb' in
 * EventStoreDB at config.eventStoreUrl (loadConfig refuses esdb without one).
 */
export async function openEventStore(config: Config, db: Database): Promise<EventStore> {
  let inner: EventStore;
  switch (config.eventStore) {
    case 'embedded':
    case 'postgres':
      inner = await SqlEventStore.open(db);
      break;
    case 'esdb':
      if (!config.eventStoreUrl) throw new Error('EVENT_STORE=esdb needs EVENTSTORE_URL (esdb://host:2113?tls=false)');
      inner = await EsdbEventStore.open(config.eventStoreUrl);
      break;
  }
  return new ValidatingEventStore(inner, eventSchemas);
}
