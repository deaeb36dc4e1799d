// `npm run rebuild` drops and replays every read model; the result equals the live database row
// for row, on both SQL backends.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Knex } from 'knex';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService } from '../support/test-service.ts';
import { rebuildReadModels } from '../../projections/rebuild-read-models.ts';
import { recordLlmSimulation } from '../../commands/llm-simulation-commands.ts';
import { systemContext } from '../../commands/command-context.ts';
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
      // A COA statement with sections (arranged, one removed), an attribute, screening, a wargame record.
      const coa = (await http(svc.url, 'POST', '/api/coa-statements/', { key: svc.key, body: { operation_id: ops[0].id, name: 'COA 1' } })).body;
      const sectionIds: string[] = [];
      for (const title of ['Decisive', 'Shaping', 'Sustaining']) {
        sectionIds.push((await http(svc.url, 'POST', '/api/coa-statements/sections/', { key: svc.key, body: { coa_statement_id: coa.id, title } })).body.id);
      }
      assert.is((await http(svc.url, 'PUT', '/api/coa-statements/sections/', { key: svc.key, body: { coa_statement_id: coa.id, section_ids: [...sectionIds].reverse() } })).status, 200);
      assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/sections/${sectionIds[1]}`, { key: svc.key })).status, 200);
      assert.is((await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${coa.attributes[0].id}`, { key: svc.key, body: { text: 'Mission' } })).status, 200);
      assert.is((await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, { key: svc.key, body: { screening: { feasible: { verdict: 'meets' } } } })).status, 200);
      const sim = await recordLlmSimulation(svc.service.store, systemContext({ account_id: svc.accountId, api_key_id: null }), {
        coa_statement_id: coa.id,
        content: { title: 'W', method: 'belt', enemy_coa: null, turns: [], assessments: [], summary: null, inputs: [], model: null },
      });
      await svc.service.runner!.waitFor(sim.position!, 10_000);
      const coa2 = (await http(svc.url, 'POST', '/api/coa-statements/', { key: svc.key, body: { operation_id: ops[0].id, name: 'COA 2' } })).body;
      assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/${coa2.id}`, { key: svc.key })).status, 200);
      const key = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'extra' } })).body;
      await http(svc.url, 'DELETE', `/api/api-keys/${key.id}`, { key: svc.key });

      const { knex, schema } = svc.service.db;
      await svc.service.runner!.stop();
      const live = await dumpReadModels(knex, schema);
      assert.ok(live.operations!.length === 6 && live.operation_history!.length >= 20 && live.api_keys!.length >= 3);
      assert.is(live.terrain_jobs!.length, 1);
      assert.is(live.planning_records!.length, 3);
      assert.equal([live.coa_statements!.length, live.coa_statement_sections!.length, live.llm_simulations!.length], [2, 3, 1]);
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
