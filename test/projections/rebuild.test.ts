// `npm run rebuild` drops and replays every read model; the result equals the live database row
// for row, on both SQL backends.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService } from '../support/test-service.ts';
import { rebuildReadModels } from '../../projections/rebuild-read-models.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';

/** Every read-model table of the schema, rows sorted, as JSON (migration bookkeeping aside). */
export async function dumpReadModels(knex: Knex, schema: string): Promise<Record<string, string[]>> {
  const tables = await knex('information_schema.tables').where({ table_schema: schema, table_type: 'BASE TABLE' })
    .whereNot('table_name', 'like', 'read_model_migrations%').whereNot('table_name', 'events').pluck('table_name');
  const dump: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    const rows = await knex.withSchema(schema).table(table).select('*');
    dump[table] = rows.map((row) => JSON.stringify(row, (_k, v) => (v instanceof Date ? v.toISOString() : v))).sort();
  }
  return dump;
}

for (const backend of SQL_BACKENDS) {
  const test = suite(`rebuild [${backend}]`);
  test('rebuilt read models equal the live ones row for row', async () => {
    const svc = await startTestService(backend);
    try {
      const other = await svc.newAccount();
      const ops = [];
      for (let i = 0; i < 5; i++) {
        ops.push((await http(svc.url, 'POST', '/api/operations/', { key: i % 2 ? other.key : svc.key, body: { name: `Op ${i}`, unit: 'U', branch: 'aviation', echelon: 'brigade' } })).body);
      }
      await http(svc.url, 'PUT', `/api/operations/${ops[0].id}`, { key: svc.key, body: { name: 'changed', description: 'd' } });
      await http(svc.url, 'DELETE', `/api/operations/${ops[2].id}`, { key: svc.key });
      // A terrain job, run to the end: its snapshot must come back identical.
      const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
      const jobId = await requestJob(svc, mapId, boundary);
      assert.is((await pollJob(svc, jobId)).at(-1).status, 'success');
      await svc.service.pipeline?.close();
      // Planning records: items with provenance, a text, a second change.
      const tasks = (await http(svc.url, 'GET', `/api/mission-analysis/?operation_id=${ops[0].id}&type=tasks`, { key: svc.key })).body;
      for (const items of [[{ kind: 'specified', text: 'Seize OBJ IRON' }], [{ kind: 'specified', text: 'Seize OBJ IRON' }, { kind: 'implied', text: 'Cross the river' }]]) {
        assert.is((await http(svc.url, 'PUT', `/api/mission-analysis/${tasks.id}`, { key: svc.key, body: { items, text: 'From OPORD 7' } })).status, 200);
      }
      const mission = (await http(svc.url, 'GET', `/api/warno/?operation_id=${ops[0].id}&type=mission`, { key: svc.key })).body;
      assert.is((await http(svc.url, 'PUT', `/api/warno/${mission.id}`, { key: svc.key, body: { text: '2-7 IN attacks at 0600 to seize OBJ IRON.' } })).status, 200);
      const key = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'extra' } })).body;
      await http(svc.url, 'DELETE', `/api/api-keys/${key.id}`, { key: svc.key });

      const { knex, schema } = svc.service.db;
      await svc.service.runner!.stop();
      const live = await dumpReadModels(knex, schema);
      assert.ok(live.operations!.length === 6 && live.operation_history!.length >= 20 && live.api_keys!.length >= 3);
      assert.is(live.terrain_jobs!.length, 1);
      assert.is(live.planning_records!.length, 2);
      assert.ok(live.maps!.length === 1 && live.map_features!.length === 1);
      const progress: number[] = [];
      const position = await rebuildReadModels(svc.service.store, knex, schema, (p) => progress.push(p));
      assert.ok(progress.length > 0, 'progress reported');
      assert.is(position, await svc.service.store.headPosition());
      const rebuilt = await dumpReadModels(knex, schema);
      assert.equal(Object.keys(rebuilt), Object.keys(live));
      for (const table of Object.keys(live)) assert.equal(rebuilt[table], live[table], `table ${table}`);
    } finally {
      await svc.close();
    }
  });
  test.run();
}
