// Runs the event-store contract against every backend CI has (PGlite, PostgreSQL), and against
// EventStoreDB when EVENTSTORE_URL is set.
import { SqlEventStore } from '../../infra/event-store/sql-event-store.ts';
import { EsdbEventStore } from '../../infra/event-store/esdb-event-store.ts';
import { ValidatingEventStore } from '../../infra/event-store/validating-event-store.ts';
import { eventSchemas } from '../../domain/event-schemas.ts';
import { openTestDatabase, SQL_BACKENDS } from '../support/backends.ts';
import { eventStoreContract } from './event-store-contract.ts';

for (const backend of SQL_BACKENDS) {
  eventStoreContract({
    name: backend,
    async open() {
      const testDb = await openTestDatabase(backend);
      const inner = await SqlEventStore.open(testDb.db);
      const store = new ValidatingEventStore(inner, eventSchemas);
      return {
        store,
        dispose: async () => {
          await store.close();
          await testDb.drop();
        },
      };
    },
  }).run();
}

// CI has no EventStoreDB (no Docker engine on its machines), so this backend runs only where a
// server is given: EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false npm test -- contract
// Every test writes to streams with fresh names, so a shared server needs no clean-up.
const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  eventStoreContract({
    name: 'esdb',
    writers: 8,
    eventsPerWriter: 650,
    atomicConditions: false,
    async open() {
      const store = new ValidatingEventStore(await EsdbEventStore.open(eventStoreUrl), eventSchemas);
      return { store, dispose: () => store.close() };
    },
  }).run();
} else {
  console.log('EventStoreDB contract suite not run: EVENTSTORE_URL is unset (set it to an esdb:// URL to run it)');
}
