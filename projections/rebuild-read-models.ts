// Drops every read model and replays the whole log into fresh tables.
import type { Knex } from 'knex';
import type { EventStore } from '../infra/event-store/event-store.ts';
import { dropReadModels, migrateReadModels } from './schema/read-model-migrations.ts';
import { tablesOf, withIndexesDeferred } from './schema/deferred-indexes.ts';
import { catchUp } from './projection-runner.ts';
import { allProjectors } from './projectors/all-projectors.ts';

export async function rebuildReadModels(
  store: EventStore,
  knex: Knex,
  schema: string,
  onProgress?: (position: number, head: number, applied: number) => void,
): Promise<number> {
  await dropReadModels(knex, schema);
  const others = await tablesOf(knex, schema);
  await migrateReadModels(knex, schema);
  const readModels = [...(await tablesOf(knex, schema))].filter((table) => !others.has(table));
  const replay = () => catchUp(store, knex, allProjectors, { batchSize: 10_000, onProgress });
  return withIndexesDeferred(knex, schema, readModels, replay);
}
