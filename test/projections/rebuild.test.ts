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
import { accountForIdentity, linkIdentity } from '../../commands/identity-commands.ts';
import { endSession, refreshSession, startSession } from '../../commands/session-commands.ts';
import { sessionIdOfLogin } from '../../domain/session/session-events.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';
import { ONE_PIXEL_PNG, upload, waitForText } from '../support/document-http.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { pollQuestion } from '../support/terrain-question-http.ts';
import { waitUntil } from '../support/wait-until.ts';

/** Every read-model table of the schema, rows sorted, as JSON (migration bookkeeping aside). */
export async function dumpReadModels(knex: Knex, schema: string): Promise<Record<string, string[]>> {
  const tables = await knex('information_schema.tables')
    .where({ table_schema: schema, table_type: 'BASE TABLE' })
    .whereNot('table_name', 'like', 'read_model_migrations%')
    .whereNot('table_name', 'events')
    .pluck('table_name');
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
    const svc = await startTestService(backend, { GENERATED_MAPS: 'true' });
    try {
      const other = await svc.newAccount();
      const ops = [];
      for (let i = 0; i < 5; i++) {
        ops.push(
          (
            await http(svc.url, 'POST', '/api/operations/', {
              key: i % 2 ? other.key : svc.key,
              body: { name: `Op ${i}`, unit: 'U', branch: 'aviation', echelon: 'brigade' },
            })
          ).body,
        );
      }
      await http(svc.url, 'PUT', `/api/operations/${ops[0].id}`, {
        key: svc.key,
        body: { name: 'changed', description: 'd' },
      });
      await http(svc.url, 'DELETE', `/api/operations/${ops[2].id}`, { key: svc.key });
      // A terrain job, run to the end: its snapshot must come back identical.
      const {
        mapId,
        boundary,
        operationId: mapOperationId,
      } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 24.97, 60.17));
      const jobId = await requestJob(svc, mapId, boundary);
      await expectJobSuccess(svc, jobId);
      // Analyses on that map (elevation from the covering job): a line of sight and a viewshed, with result layers.
      const sight = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: {
          type: 'line_of_sight',
          observer: { position: [24.94, 60.16], height_m: 2 },
          target: { position: [24.96, 60.165], height_m: 0 },
        },
      });
      assert.is(sight.body.status, 'success', sight.text);
      assert.is(sight.body.elevation_source, 'terrain_job');
      const seen = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
        key: svc.key,
        body: { type: 'viewshed', observer: { position: [24.95, 60.16], height_m: 5 }, radius_m: 300 },
      });
      const viewshed = await waitUntil('the viewshed ends', async () => {
        const a = (await http(svc.url, 'GET', `/api/analyses/${seen.body.id}`, { key: svc.key })).body;
        return ['success', 'failed', 'cancelled'].includes(a.status) ? a : undefined;
      });
      assert.is(viewshed.status, 'success', JSON.stringify(viewshed).slice(0, 600));
      // Generated maps the workers render after the terrain job (GeneratedMapCreated): the area overview at least.
      const generatedMaps = () =>
        http(svc.url, 'GET', `/api/operations/${mapOperationId}/generated-maps/`, { key: svc.key });
      await waitUntil(
        'the area overview is drawn',
        async () => (await generatedMaps()).body.items.some((m: any) => m.path === 'area-overview.png') || undefined,
        { timeoutMs: 120_000, intervalMs: 100 },
      );
      // Documents (before the pipeline stops: the workers extract their text): uploaded, text extracted
      // (and failed, for the image), one deleted.
      const docs = (
        await upload(svc, { operation_id: ops[0].id, classification: 'UNCLASSIFIED' }, [
          { name: 'annex.md', bytes: '# Annex A' },
          { name: 'gone.txt', bytes: 'to delete' },
          { name: 'dot.png', bytes: ONE_PIXEL_PNG },
        ])
      ).body.items;
      for (const doc of docs) await waitForText(svc, doc.id);
      assert.is((await http(svc.url, 'DELETE', `/api/documents/${docs[1].id}`, { key: svc.key })).status, 200);
      // A generation job run by the workers (rule-based draft of the WARNO mission, grounded in a document).
      const warnoMission = (
        await http(svc.url, 'GET', `/api/warno/?operation_id=${ops[0].id}&type=mission`, { key: svc.key })
      ).body;
      const generation = await http(svc.url, 'POST', `/api/warno/${warnoMission.id}/generate`, {
        key: svc.key,
        body: { document_ids: [docs[0].id] },
      });
      assert.is((await pollGeneration(svc, generation.body.id)).status, 'success');
      // COA generation: two statements created by the request, drafted, screened, one job.
      const coas = await http(svc.url, 'POST', '/api/coa-statements/generate', {
        key: svc.key,
        body: { operation_id: ops[0].id, count: 2 },
      });
      assert.is(
        (await pollGeneration(svc, coas.headers.get('location')!.replace('/api/generation-jobs/', ''))).status,
        'success',
      );
      // Terrain questions answered by the rule-based agent: one with a tool call and its result, one it cannot parse.
      for (const question of ['summary', 'Who wins?']) {
        const asked = await http(svc.url, 'POST', `/api/maps/${mapId}/terrain-questions`, {
          key: svc.key,
          body: { question },
        });
        assert.is((await pollQuestion(svc, asked.body.id)).status, 'answered');
      }
      // A wargame (llm_simulation job) grounded in the map's analyses: GenerationProgressed per turn, the record.
      const wargamed = (
        await http(svc.url, 'POST', '/api/coa-statements/', {
          key: svc.key,
          body: { operation_id: mapOperationId, name: 'COA W' },
        })
      ).body;
      const wargame = await http(svc.url, 'POST', '/api/llm-simulations/', {
        key: svc.key,
        body: { coa_statement_id: wargamed.id, method: 'belt', turns: 2 },
      });
      assert.is((await pollGeneration(svc, wargame.body.id)).status, 'success');
      await svc.service.pipeline?.close();
      // Planning records: items with provenance, a text, a second change.
      const tasks = (
        await http(svc.url, 'GET', `/api/mission-analysis/?operation_id=${ops[0].id}&type=tasks`, { key: svc.key })
      ).body;
      for (const items of [
        [{ kind: 'specified', text: 'Seize OBJ IRON' }],
        [
          { kind: 'specified', text: 'Seize OBJ IRON' },
          { kind: 'implied', text: 'Cross the river' },
        ],
      ]) {
        assert.is(
          (
            await http(svc.url, 'PUT', `/api/mission-analysis/${tasks.id}`, {
              key: svc.key,
              body: { items, text: 'From OPORD 7' },
            })
          ).status,
          200,
        );
      }
      const mission = (
        await http(svc.url, 'GET', `/api/warno/?operation_id=${ops[0].id}&type=mission`, { key: svc.key })
      ).body;
      assert.is(
        (
          await http(svc.url, 'PUT', `/api/warno/${mission.id}`, {
            key: svc.key,
            body: { text: '2-7 IN attacks at 0600 to seize OBJ IRON.' },
          })
        ).status,
        200,
      );
      // A COA statement with sections (arranged, one removed), an attribute, screening, a wargame record.
      const coa = (
        await http(svc.url, 'POST', '/api/coa-statements/', {
          key: svc.key,
          body: { operation_id: ops[0].id, name: 'COA 1' },
        })
      ).body;
      const sectionIds: string[] = [];
      for (const title of ['Decisive', 'Shaping', 'Sustaining']) {
        sectionIds.push(
          (
            await http(svc.url, 'POST', '/api/coa-statements/sections/', {
              key: svc.key,
              body: { coa_statement_id: coa.id, title },
            })
          ).body.id,
        );
      }
      assert.is(
        (
          await http(svc.url, 'PUT', '/api/coa-statements/sections/', {
            key: svc.key,
            body: { coa_statement_id: coa.id, section_ids: [...sectionIds].reverse() },
          })
        ).status,
        200,
      );
      assert.is(
        (await http(svc.url, 'DELETE', `/api/coa-statements/sections/${sectionIds[1]}`, { key: svc.key })).status,
        200,
      );
      assert.is(
        (
          await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}/${coa.attributes[0].id}`, {
            key: svc.key,
            body: { text: 'Mission' },
          })
        ).status,
        200,
      );
      assert.is(
        (
          await http(svc.url, 'PUT', `/api/coa-statements/${coa.id}`, {
            key: svc.key,
            body: { screening: { feasible: { verdict: 'meets' } } },
          })
        ).status,
        200,
      );
      const sim = await recordLlmSimulation(
        svc.service.store,
        systemContext({ account_id: svc.accountId, api_key_id: null }),
        {
          coa_statement_id: coa.id,
          content: {
            title: 'W',
            method: 'belt',
            enemy_coa: null,
            turns: [],
            assessments: [],
            summary: null,
            inputs: [],
            model: null,
          },
        },
      );
      await svc.service.runner!.waitFor(sim.position!, 10_000);
      const coa2 = (
        await http(svc.url, 'POST', '/api/coa-statements/', {
          key: svc.key,
          body: { operation_id: ops[0].id, name: 'COA 2' },
        })
      ).body;
      assert.is((await http(svc.url, 'DELETE', `/api/coa-statements/${coa2.id}`, { key: svc.key })).status, 200);
      const key = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'extra' } })).body;
      await http(svc.url, 'DELETE', `/api/api-keys/${key.id}`, { key: svc.key });

      // Browser login: a first login's account and identity, an administrator's link, a session
      // refreshed and ended (the OIDC flow itself is tested in test/api/browser-login.test.ts).
      const system = systemContext();
      const oidcIssuer = 'https://id.example.test';
      const identity = await accountForIdentity(svc.service.store, system, {
        issuer: oidcIssuer,
        subject: 'u1',
        display_name: 'u1@example.test',
      });
      await linkIdentity(svc.service.store, system, { issuer: oidcIssuer, subject: 'u2', account_id: svc.accountId });
      const sessionId = sessionIdOfLogin('rebuild-state');
      await startSession(svc.service.store, system, {
        session_id: sessionId,
        account_id: identity.account_id,
        identity_id: identity.identity_id,
        max_age_seconds: 3600,
        idle_timeout_seconds: 600,
      });
      await refreshSession(svc.service.store, { ...system, now: () => new Date(Date.now() + 120_000) }, sessionId);
      const endedSession = await endSession(svc.service.store, system, sessionId, 'logout');
      await svc.service.runner!.waitFor(endedSession.position!, 10_000);

      const { knex, schema } = svc.service.db;
      await svc.service.runner!.stop();
      const live = await dumpReadModels(knex, schema);
      assert.ok(live.operations!.length === 6 && live.operation_history!.length >= 20 && live.api_keys!.length >= 3);
      assert.is(live.terrain_jobs!.length, 1);
      // 3 written by hand, 7 of each of the 2 generated COA statements (the rule-based draft without a
      // terrain evaluation, issue 25, writes one fewer than the old template did).
      assert.is(live.planning_records!.length, 17);
      assert.equal(live.generation_jobs!.map((row) => [JSON.parse(row).target_kind, JSON.parse(row).status]).sort(), [
        ['coa_statements', 'success'],
        ['llm_simulation', 'success'],
        ['warno', 'success'],
      ]);
      assert.equal(
        live.terrain_questions!.map((row) => JSON.parse(row).status),
        ['answered', 'answered'],
      );
      // Statements: COA 1, COA 2 (deleted), COA W, the 2 generated; sections: COA 1's 3, 3 per generated statement.
      assert.equal(
        [live.coa_statements!.length, live.coa_statement_sections!.length, live.llm_simulations!.length],
        [5, 9, 2],
      );
      // The boundary, then the line of sight's 3 features and the viewshed's 2.
      assert.ok(live.maps!.length === 1 && live.map_features!.length === 6, String(live.map_features!.length));
      assert.equal(
        live.analysis_jobs!.map((row) => JSON.parse(row).status),
        ['success', 'success'],
      );
      assert.ok(live.generated_maps!.some((row) => JSON.parse(row).asset_path === 'area-overview.png'));
      assert.equal(live.documents!.map((row) => JSON.parse(row).text_status).sort(), [
        'extracted',
        'extracted',
        'failed',
      ]);
      assert.equal([live.sessions!.length, live.identities!.length], [1, 2]);
      assert.match(live.sessions![0]!, /"end_reason":"logout"/);
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
