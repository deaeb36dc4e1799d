// Issue 13, Generation items 1–3: POST /api/warno/{id}/generate and /api/mission-analysis/{id}/generate
// as generation jobs on the work queue, polled at GET /api/generation-jobs/{id}; exact rule-based drafts
// written with origin "generated" and the job's provenance; 409 over a person's edit unless overwrite;
// failures (model down, invalid draft, record changed meanwhile) write nothing; access and 422s.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { upload, waitForText } from '../support/document-http.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { loadGenerationJob } from '../../commands/generation-job-commands.ts';
import { runGeneration } from '../../workers/generation/generation-worker.ts';
import { createLanguageModel } from '../../infra/language-model/create-language-model.ts';
import { createRuleBasedEngine } from '../../infra/language-model/rule-based-engine.ts';
import { LanguageModelError, type LanguageModel } from '../../infra/language-model/language-model.ts';
import { DRAFTING_RULES } from '../../workers/generation/drafting-rules.ts';
import { openLanguageModel } from '../../infra/language-model/open-language-model.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';

async function newOperation(svc: TestService, key = svc.key, description?: string) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key,
    body: {
      name: 'IRON GATE',
      unit: '2-7 IN',
      branch: 'infantry',
      echelon: 'battalion',
      ...(description ? { description } : {}),
    },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

const record = async (svc: TestService, kind: string, op: string, type: string) =>
  (await http(svc.url, 'GET', `/api/${kind}/?operation_id=${op}&type=${type}`, { key: svc.key })).body;

const generate = (svc: TestService, kind: string, id: string, body: unknown = {}, key = svc.key) =>
  http(svc.url, 'POST', `/api/${kind}/${id}/generate`, { key, body });

forEachBackend('generation', (test) => {
  test('WARNO mission: answered at once with the job id, drafted by rule, written as generated with provenance', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const mission = await record(svc, 'warno', op, 'mission');
    const r = await generate(svc, 'warno', mission.id, {});
    assert.is(r.status, 200, r.text);
    assert.match(r.body.message, /^Generation of WARNO mission requested: poll \/api\/generation-jobs\//);
    assert.is(r.headers.get('location'), `/api/generation-jobs/${r.body.id}`);
    const job = await pollGeneration(svc, r.body.id);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      [job.kind, job.record_id, job.record_type, job.base_version, job.record_version, job.error],
      ['warno', mission.id, 'mission', 0, 1, null],
    );
    assert.equal(
      { ...job.provenance, duration_ms: 0 },
      {
        adapter: 'rule_based',
        model: 'rule-based-drafter/1',
        rule_based: true,
        prompt_version: 'warno.v2',
        inputs: [
          { kind: 'operation', id: op, version: '1' },
          { kind: 'planning_record', id: mission.id, version: '0' },
        ],
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        attempts: 1,
        duration_ms: 0,
      },
    );
    const written = await record(svc, 'warno', op, 'mission');
    assert.is(
      written.text,
      // No order attached: the one line naming it (issue 24), never a "TBD".
      `${RULE_BASED_MARK}\n\nNo higher headquarters' order attached (or none recognised in the operation's documents).`,
    );
    assert.equal(
      [written.version, written.text_updated_by.origin, written.text_updated_by.account_id],
      [1, 'generated', svc.accountId],
    );
    // The same draft again changes nothing: the job succeeds onto version 1 and leaves it.
    const again = await pollGeneration(svc, (await generate(svc, 'warno', mission.id)).body.id);
    assert.equal([again.status, again.base_version, again.record_version], ['success', 1, 1]);
  });

  test('mission analysis facts and assumptions: items from the operation, its maps and a document, with the instructions quoted', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const map = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: op, name: 'AO NORTH' },
    });
    assert.is(map.status, 200, map.text);
    const doc = (
      await upload(svc, { operation_id: op, classification: 'UNCLASSIFIED' }, [
        // Notes, not an order (a Markdown "# OPORD 7" is read as one since the reader skips the heading mark).
        { name: 'notes.md', bytes: '# Notes\nRoute reconnaissance at dawn.' },
      ])
    ).body.items[0];
    await waitForText(svc, doc.id);
    const facts = await record(svc, 'mission-analysis', op, 'facts_and_assumptions');
    const r = await generate(svc, 'mission-analysis', facts.id, {
      document_ids: [doc.id],
      instructions: 'Stress the river.',
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.body.id);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.is(job.provenance.prompt_version, 'mission-analysis.v2');
    assert.equal(
      job.provenance.inputs.map((i: { kind: string }) => i.kind),
      ['operation', 'planning_record', 'map', 'document'],
    );
    assert.is(job.provenance.inputs[3].version, `sha256:${doc.sha256}`);
    const written = await record(svc, 'mission-analysis', op, 'facts_and_assumptions');
    assert.is(
      written.text,
      `${RULE_BASED_MARK}\n\nNo higher headquarters' order attached (or none recognised in the operation's documents). ` +
        'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).\n\n' +
        'Instructions given (not interpreted by the rule-based drafter): Stress the river.',
    );
    assert.equal(
      written.items.map((i: { kind: string; text: string; source: string }) => [i.kind, i.text, i.source]),
      [
        ['fact', '2-7 IN is a battalion of the infantry branch.', 'rule-based draft'],
        ['fact', 'The operation is planned on 1 map(s): AO NORTH.', 'rule-based draft'],
        ['fact', 'Document notes.md (UNCLASSIFIED) is available.', 'rule-based draft'],
        // The document is no order the reader recognises: the order is still to come.
        ['assumption', "The higher headquarters' order will be received before COA development.", 'rule-based draft'],
      ],
    );
    assert.ok(written.items.every((i: { updated_by: { origin: string } }) => i.updated_by.origin === 'generated'));
  });

  test('a record a person wrote is drafted over only with overwrite: 409, then overwrite, then plain again', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const tasks = await record(svc, 'mission-analysis', op, 'tasks');
    assert.is(
      (
        await http(svc.url, 'PUT', `/api/mission-analysis/${tasks.id}`, {
          key: svc.key,
          body: { items: [{ kind: 'specified', text: 'Seize OBJ IRON' }] },
        })
      ).status,
      200,
    );
    const refused = await generate(svc, 'mission-analysis', tasks.id, {});
    assert.is(refused.status, 409, refused.text);
    assert.match(refused.body.detail, /written by a person since its last generation/);
    assert.is((await record(svc, 'mission-analysis', op, 'tasks')).version, 1);
    const job = await pollGeneration(
      svc,
      (await generate(svc, 'mission-analysis', tasks.id, { overwrite: true })).body.id,
    );
    assert.equal([job.status, job.base_version, job.record_version], ['success', 1, 2]);
    const written = await record(svc, 'mission-analysis', op, 'tasks');
    // No order and no terrain evaluation: no task can be drafted; the text names both inputs.
    assert.equal(written.items, []);
    assert.match(written.text, /No higher headquarters' order attached/);
    // Now the last writer is the generator: no overwrite needed.
    assert.is((await generate(svc, 'mission-analysis', tasks.id, {})).status, 200);
  });

  test('access through the operation and FastAPI 422s', async ({ svc }) => {
    const op = await newOperation(svc);
    const mission = await record(svc, 'warno', op, 'mission');
    const other = await svc.newAccount();
    assert.is((await generate(svc, 'warno', mission.id, {}, other.key)).status, 404);
    const job = (await generate(svc, 'warno', mission.id)).body.id;
    await pollGeneration(svc, job);
    assert.is((await generate(svc, 'warno', mission.id, {}, other.key)).status, 403);
    assert.is((await http(svc.url, 'GET', `/api/generation-jobs/${job}`, { key: other.key })).status, 403);
    assert.is(
      (await http(svc.url, 'GET', '/api/generation-jobs/00000000-0000-4000-8000-000000000000', { key: svc.key }))
        .status,
      404,
    );
    assert.is((await generate(svc, 'warno', '00000000-0000-4000-8000-000000000000')).status, 404);
    // A mission-analysis id is not a WARNO id.
    assert.is((await generate(svc, 'warno', (await record(svc, 'mission-analysis', op, 'tasks')).id)).status, 404);
    assert.is((await http(svc.url, 'POST', `/api/warno/${mission.id}/generate`, { body: {} })).status, 401);
    for (const [body, loc] of [
      [{ overwrite: 'yes' }, ['body', 'overwrite']],
      [{ extra: 1 }, ['body', 'extra']],
      [{ document_ids: ['nope'] }, ['body', 'document_ids', 0]],
      [{ instructions: 'x'.repeat(4001) }, ['body', 'instructions']],
      [{ document_ids: ['00000000-0000-4000-8000-000000000000'] }, ['body', 'document_ids', 0]],
    ] as const) {
      const r = await generate(svc, 'warno', mission.id, body);
      assert.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.detail[0].loc, loc, r.text);
    }
    assert.is((await generate(svc, 'warno', 'not-a-uuid')).status, 422);
    await http(svc.url, 'DELETE', `/api/operations/${op}`, { key: svc.key });
    assert.is((await generate(svc, 'warno', mission.id)).status, 404);
    assert.is((await http(svc.url, 'GET', `/api/generation-jobs/${job}`, { key: svc.key })).status, 404);
  });

  test('POST /api/mission-analysis/generate: one job per type, all checked before any is requested', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const body = { operation_id: op, types: ['restated_mission', 'tasks'] };
    const r = await http(svc.url, 'POST', '/api/mission-analysis/generate', { key: svc.key, body });
    assert.is(r.status, 200, r.text);
    assert.is(r.body.message, 'Generation of 2 mission-analysis product(s) requested: poll /api/generation-jobs/{id}');
    const ids = [
      await record(svc, 'mission-analysis', op, 'restated_mission'),
      await record(svc, 'mission-analysis', op, 'tasks'),
    ].map((x) => x.id);
    assert.equal(
      r.body.items.map((i: { type: string; mission_analysis_id: string }) => [i.type, i.mission_analysis_id]),
      [
        ['restated_mission', ids[0]],
        ['tasks', ids[1]],
      ],
    );
    for (const item of r.body.items) assert.is((await pollGeneration(svc, item.generation_job_id)).status, 'success');
    assert.is(
      (await record(svc, 'mission-analysis', op, 'restated_mission')).text,
      `${RULE_BASED_MARK}\n\nNo higher headquarters' order attached (or none recognised in the operation's documents).`,
    );
    // A person's edit of one makes the whole request 409, and nothing is requested.
    assert.is(
      (await http(svc.url, 'PUT', `/api/mission-analysis/${ids[1]}`, { key: svc.key, body: { text: 'mine' } })).status,
      200,
    );
    const head = await svc.service.store.headPosition();
    const refused = await http(svc.url, 'POST', '/api/mission-analysis/generate', { key: svc.key, body });
    assert.is(refused.status, 409, refused.text);
    assert.is(await svc.service.store.headPosition(), head);
    const other = await svc.newAccount();
    assert.is((await http(svc.url, 'POST', '/api/mission-analysis/generate', { key: other.key, body })).status, 403);
    for (const [bad, loc] of [
      [{ operation_id: op, types: [] }, ['body', 'types']],
      [{ operation_id: op, types: ['mission'] }, ['body', 'types', 0]],
      [{ types: ['tasks'] }, ['body', 'operation_id']],
    ] as const) {
      const b = await http(svc.url, 'POST', '/api/mission-analysis/generate', { key: svc.key, body: bad });
      assert.is(b.status, 422, b.text);
      assert.equal(b.body.detail[0].loc, loc, b.text);
    }
  });

  test("OpenAPI: the interface's type names for the bodies and responses", async ({ svc }) => {
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const warno = doc.paths['/api/warno/{warno_id}/generate'].post;
    assert.equal(warno.requestBody.content['application/json'].schema, ref('GenerateWARNORequest'));
    assert.equal(warno.responses['200'].content['application/json'].schema, ref('MessageResponse'));
    const single = doc.paths['/api/mission-analysis/{mission_analysis_id}/generate'].post;
    assert.equal(single.requestBody.content['application/json'].schema, ref('GenerateSingleMissionAnalysisRequest'));
    assert.equal(single.responses['200'].content['application/json'].schema, ref('MessageResponse'));
    const several = doc.paths['/api/mission-analysis/generate'].post;
    assert.equal(several.requestBody.content['application/json'].schema, ref('GenerateMissionAnalysisRequest'));
    assert.equal(several.responses['200'].content['application/json'].schema, ref('GenerateMissionAnalysisResponse'));
    const job = doc.paths['/api/generation-jobs/{generation_job_id}'].get;
    assert.equal(job.responses['200'].content['application/json'].schema, ref('GenerationJobResponse'));
    assert.ok(warno.responses['409'] && warno.responses['422'] && warno.responses['403'] && warno.responses['404']);
  });

  // Last: stops the service's workers, so jobs stay pending and are run here with chosen models.
  test('a failed generation writes nothing: model down, invalid draft, record changed meanwhile', async ({ svc }) => {
    await svc.service.pipeline?.close();
    const op = await newOperation(svc);
    const deps = {
      maxTokens: 2048,
      store: svc.service.store,
      knex: svc.service.db.knex,
      documents: svc.service.documents,
      logger: svc.service.logger,
    };
    const pending = async (type: string) => {
      const target = await record(svc, 'warno', op, type);
      const r = await generate(svc, 'warno', target.id);
      assert.is(r.status, 200, r.text);
      const job = await loadGenerationJob(svc.service.store, r.body.id);
      assert.is(job.status, 'pending');
      return { target, job: job as GenerationJob };
    };
    const down: LanguageModel = createLanguageModel({
      adapter: 'openai',
      model: 'down',
      async turn() {
        throw new LanguageModelError('LLM_UNAVAILABLE', 'connection refused');
      },
      async close() {},
    });
    const invalid = createLanguageModel(
      createRuleBasedEngine({ drafters: { planning_record_draft: () => ({ text: ' ' }) } }),
    );
    const cases: Array<[string, LanguageModel, string]> = [
      ['mission', down, 'LLM_UNAVAILABLE'],
      ['situation', invalid, 'LLM_INVALID_OUTPUT'],
    ];
    for (const [type, model, code] of cases) {
      const { job } = await pending(type);
      await runGeneration({ ...deps, languageModel: model }, job);
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.is(ended.status === 'failed' && ended.error?.code, code);
      assert.is((await record(svc, 'warno', op, type)).version, 0);
    }
    // A person writes the record after the request: the draft would overwrite it, so the job fails.
    const { target, job } = await pending('logistics');
    assert.is(
      (await http(svc.url, 'PUT', `/api/warno/${target.id}`, { key: svc.key, body: { text: 'Class I at LRP 2' } }))
        .status,
      200,
    );
    const rules = await openLanguageModel(
      { provider: 'rule_based', timeoutMs: 5000, maxTokens: 256, repairAttempts: 0, maxToolSteps: 1 },
      DRAFTING_RULES,
    );
    await runGeneration({ ...deps, languageModel: rules }, job);
    const ended = await loadGenerationJob(svc.service.store, job.job_id);
    assert.is(ended.status === 'failed' && ended.error?.code, 'RECORD_CHANGED');
    const kept = await record(svc, 'warno', op, 'logistics');
    assert.equal([kept.version, kept.text], [1, 'Class I at LRP 2']);
  });
});
