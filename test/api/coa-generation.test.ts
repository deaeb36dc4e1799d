// Issue 13, Generation item 3: POST /api/coa-statements/generate creates the statements at once and one
// generation job drafts them all; exact rule-based drafts (names, statements, attributes, sections), the
// FM 5-0 screening recorded on each statement and in the job, provenance, polling; 422s, access; a
// failed or refused generation writes nothing into any statement; a redelivered task writes nothing more.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { upload } from '../support/document-http.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { loadGenerationJob } from '../../commands/generation-job-commands.ts';
import { runGeneration } from '../../workers/generation/generation-worker.ts';
import { createLanguageModel } from '../../infra/language-model/create-language-model.ts';
import { createRuleBasedEngine } from '../../infra/language-model/rule-based-engine.ts';
import { LanguageModelError, type LanguageModel } from '../../infra/language-model/language-model.ts';
import { DRAFTING_RULES } from '../../workers/generation/drafting-rules.ts';
import { draftCoasByRules, COA_DRAFT_TASK } from '../../domain/generation/rule-based-coa-draft.ts';
import type { CoaGrounding } from '../../domain/generation/coa-grounding.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';

const M = RULE_BASED_MARK;
const MISSING_ORDER =
  'Missing: Order: no order has been read for this operation (POST a document, then read its orders).';
const MISSING_TERRAIN =
  'Missing: Terrain: no terrain evaluation (analysis type terrain_evaluation) has succeeded for this operation.';

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

const generate = (svc: TestService, body: unknown, key = svc.key) =>
  http(svc.url, 'POST', '/api/coa-statements/generate', { key, body });
const get = async (svc: TestService, path: string) => {
  const r = await http(svc.url, 'GET', path, { key: svc.key });
  assert.is(r.status, 200, r.text);
  return r.body;
};
const sections = async (svc: TestService, id: string) =>
  (await get(svc, `/api/coa-statements/sections/?coa_statement_id=${id}`)).items.map(
    (s: { title: string; field: string; content: string; updated_by: { origin: string } }) => [
      s.title,
      s.field,
      s.content,
      s.updated_by.origin,
    ],
  );
const verdicts = (statement: { screening: Record<string, { verdict: string }> }) =>
  Object.fromEntries(Object.entries(statement.screening).map(([c, a]) => [c, a.verdict]));

forEachBackend('coa generation', (test) => {
  test('rule-based: three distinguishable COAs with sections, attributes and FM 5-0 screening, polled to success', async ({
    svc,
  }) => {
    const op = await newOperation(svc);
    const map = await http(svc.url, 'POST', '/api/maps/', {
      key: svc.key,
      body: { operation_id: op, name: 'AO NORTH' },
    });
    assert.is(map.status, 200, map.text);
    const restated = await get(svc, `/api/mission-analysis/?operation_id=${op}&type=restated_mission`);
    const put = await http(svc.url, 'PUT', `/api/mission-analysis/${restated.id}`, {
      key: svc.key,
      body: { text: 'Seize OBJ IRON to open the pass.' },
    });
    assert.is(put.status, 200, put.text);

    const r = await generate(svc, { operation_id: op, instructions: 'Keep one COA north.' });
    assert.is(r.status, 200, r.text);
    const jobId = r.headers.get('location')!.replace('/api/generation-jobs/', '');
    assert.equal([r.body.total, r.body.page, r.body.size, r.body.pages], [3, 1, 3, 1]);
    assert.equal(
      r.body.items.map((s: { name: string }) => s.name),
      ['COA 1 (drafting)', 'COA 2 (drafting)', 'COA 3 (drafting)'],
    );
    for (const s of r.body.items) {
      assert.equal(
        [s.operation_id, s.version, s.section_count, s.created_by.origin, s.screening_result],
        [op, 1, 0, 'generated', 'incomplete'],
      );
      assert.is(
        s.description,
        `Being drafted by generation job ${jobId}: poll /api/generation-jobs/${jobId}. ` +
          'If the job fails, this statement keeps this placeholder (write it, or delete it).',
      );
    }
    const ids: string[] = r.body.items.map((s: { id: string }) => s.id);

    const job = await pollGeneration(svc, jobId);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      [job.kind, job.record_id, job.record_type, job.base_version, job.record_version, job.instructions, job.error],
      ['coa_statements', op, 'coa_statements', 1, 2, 'Keep one COA north.', null],
    );
    assert.equal(job.coa_statements, { coa_statement_ids: ids });
    assert.equal(
      { ...job.provenance, duration_ms: 0 },
      {
        adapter: 'rule_based',
        model: 'rule-based-drafter/1',
        rule_based: true,
        prompt_version: 'coa-statements.v1',
        inputs: [
          { kind: 'operation', id: op, version: '1' },
          ...ids.map((id) => ({ kind: 'coa_statement', id, version: '1' })),
          { kind: 'planning_record', id: restated.id, version: '1' },
          { kind: 'map', id: map.body.id, version: '0' },
        ],
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        attempts: 1,
        duration_ms: 0,
      },
    );
    const names = [
      'COA 1: Penetration (no avenue yet)',
      'COA 2: Envelopment (no avenue yet)',
      'COA 3: Infiltration (no avenue yet)',
    ];
    const forms = ['penetration', 'envelopment', 'infiltration'];
    const complete =
      'Drafted: statement, main effort, task organization, decisive operation, shaping operations, ' +
      'sustaining operations, end state.';
    assert.equal(
      job.coa_screening,
      ids.map((id, i) => ({
        coa_statement_id: id,
        name: names[i],
        screening: {
          feasible: { verdict: 'not_assessed', rationale: null },
          acceptable: { verdict: 'not_assessed', rationale: null },
          suitable: { verdict: 'not_assessed', rationale: null },
          distinguishable: {
            verdict: 'meets',
            rationale: `No other COA has both its form of maneuver (${forms[i]}) and its main effort.`,
          },
          complete: { verdict: 'meets', rationale: complete },
        },
        screening_result: 'incomplete',
      })),
    );

    const first = await get(svc, `/api/coa-statements/${ids[0]}`);
    assert.equal(
      [first.name, first.version, first.section_count, first.updated_by.origin, first.screening_result],
      [names[0], 2, 3, 'generated', 'incomplete'],
    );
    assert.is(
      first.description,
      `${M}\n\n2-7 IN conducts a penetration; its axis is not chosen: no avenue of approach is known.\n\n` +
        'Main effort: A Company (rifle) and B Company (rifle); supporting effort: D Company (weapons), fixes the ' +
        'enemy; reserve: C Company (rifle).\n\nRestated mission: Seize OBJ IRON to open the pass.\n\n' +
        `${MISSING_ORDER}\n\n${MISSING_TERRAIN}\n\n` +
        'Instructions given (not interpreted by the rule-based drafter): Keep one COA north.',
    );
    assert.equal(verdicts(first), {
      feasible: 'not_assessed',
      acceptable: 'not_assessed',
      suitable: 'not_assessed',
      distinguishable: 'meets',
      complete: 'meets',
    });
    assert.equal(
      [first.screening.distinguishable.assessed_by.origin, first.screening.complete.rationale],
      ['generated', complete],
    );
    // Attributes: the ones a draft writes have version 1, the others stay unwritten (version 0).
    const written = first.attributes
      .filter((a: { version: number }) => a.version === 1)
      .map((a: { field: string }) => a.field);
    assert.equal(written, [
      'form_of_maneuver',
      'decisive_operation',
      'shaping_operations',
      'sustaining_operations',
      'main_effort',
      'reserve',
      'task_organization',
      'end_state',
    ]);
    const attribute = (id: string, field: string) => get(svc, `/api/coa-statements/${id}/${field}`);
    assert.is((await attribute(ids[0]!, 'form_of_maneuver')).text, `${M}\n\nPenetration`);
    assert.is((await attribute(ids[1]!, 'form_of_maneuver')).text, `${M}\n\nEnvelopment`);
    assert.is(
      (await attribute(ids[0]!, 'main_effort')).text,
      `${M}\n\nA Company (rifle) and B Company (rifle); axis not chosen (no avenue of approach).`,
    );
    assert.is(
      (await attribute(ids[0]!, 'end_state')).text,
      `${M}\n\n2-7 IN has accomplished the mission of operation IRON GATE; ` +
        "the commander's end state is TBD (no initial intent recorded yet).",
    );
    const org = await attribute(ids[0]!, 'task_organization');
    assert.equal(
      org.items.map((i: { unit: string; text: string; source: string; updated_by: { origin: string } }) => [
        i.unit,
        i.text,
        i.source,
        i.updated_by.origin,
      ]),
      [
        ['A Company (rifle)', 'Main effort: penetration.', 'rule-based draft', 'generated'],
        ['B Company (rifle)', 'Main effort: penetration.', 'rule-based draft', 'generated'],
        ['D Company (weapons)', 'Supporting effort: fixes the enemy.', 'rule-based draft', 'generated'],
        ['C Company (rifle)', 'Reserve: ready to reinforce the main effort.', 'rule-based draft', 'generated'],
      ],
    );
    assert.equal(await sections(svc, ids[2]!), [
      [
        'Phase I: shaping',
        'phases_and_transitions',
        `${M}\n\nD Company (weapons) fixes the enemy while the terrain evaluation gives the avenues.`,
        'generated',
      ],
      [
        'Phase II: infiltration',
        'phases_and_transitions',
        `${M}\n\nA Company (rifle) and B Company (rifle) conduct the infiltration; C Company (rifle) follows, ready to reinforce.`,
        'generated',
      ],
      [
        'COA sketch',
        'control_measures',
        `${M}\n\n${MISSING_ORDER}\n\n${MISSING_TERRAIN}\n\n` +
          'Run a terrain evaluation on AO NORTH to draw the axes, objectives and phase lines.',
        'generated',
      ],
    ]);
    // The statements are listed with the operation's others.
    const listed = await get(svc, `/api/coa-statements/?operation_id=${op}`);
    assert.equal(listed.items.map((s: { name: string }) => s.name).sort(), [...names].sort());
  });

  test('count 2 and 5, defensive patterns from the operation, documents in the statement', async ({ svc }) => {
    const op = await newOperation(svc, svc.key, 'Defend the river line against a mechanized attack.');
    const doc = (
      await upload(svc, { operation_id: op, classification: 'UNCLASSIFIED' }, [
        { name: 'opord.md', bytes: '# OPORD 7' },
      ])
    ).body.items[0];
    const two = await generate(svc, { operation_id: op, count: 2, document_ids: [doc.id] });
    assert.is(two.status, 200, two.text);
    assert.is(two.body.items.length, 2);
    const job = await pollGeneration(svc, two.headers.get('location')!.replace('/api/generation-jobs/', ''));
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      job.coa_screening.map((s: { name: string }) => s.name),
      ['COA 1: Area defense (no avenue yet)', 'COA 2: Retrograde (no avenue yet)'],
    );
    assert.equal(job.provenance.inputs.at(-1), { kind: 'document', id: doc.id, version: `sha256:${doc.sha256}` });
    const statement = await get(svc, `/api/coa-statements/${two.body.items[1].id}`);
    assert.is(
      statement.description,
      `${M}\n\n2-7 IN conducts a retrograde; its axis is not chosen: no avenue of approach is known.\n\n` +
        'Main effort: A Company (rifle) and B Company (rifle); supporting effort: D Company (weapons), defends the ' +
        'secondary sector; reserve: C Company (rifle).\n\n' +
        `Mission: TBD (mission analysis has no restated mission yet).\n\n${MISSING_ORDER}\n\n${MISSING_TERRAIN}\n\n` +
        'Documents: opord.md (UNCLASSIFIED).',
    );
    const five = await generate(svc, { operation_id: op, count: 5 });
    assert.is(five.status, 200, five.text);
    const all = await pollGeneration(svc, five.headers.get('location')!.replace('/api/generation-jobs/', ''));
    assert.equal(
      all.coa_screening.map((s: { name: string; screening: { distinguishable: { verdict: string } } }) => [
        s.name,
        s.screening.distinguishable.verdict,
      ]),
      [
        // A light infantry battalion without avenues has two defensive forms to differ by.
        ['COA 1: Area defense (no avenue yet)', 'does_not_meet'],
        ['COA 2: Retrograde (no avenue yet)', 'does_not_meet'],
        ['COA 3: Area defense (no avenue yet)', 'does_not_meet'],
        ['COA 4: Retrograde (no avenue yet)', 'does_not_meet'],
        ['COA 5: Area defense (no avenue yet)', 'does_not_meet'],
      ],
    );
  });

  test('422s, 404, 403 and 401: nothing is created', async ({ svc }) => {
    const op = await newOperation(svc);
    const other = await svc.newAccount();
    const head = await svc.service.store.headPosition();
    for (const [body, loc] of [
      [{ operation_id: op, count: 1 }, ['body', 'count']],
      [{ operation_id: op, count: 6 }, ['body', 'count']],
      [{ operation_id: op, count: 2.5 }, ['body', 'count']],
      [{ operation_id: op, count: 'three' }, ['body', 'count']],
      [{ operation_id: op, extra: 1 }, ['body', 'extra']],
      [{ operation_id: 'nope' }, ['body', 'operation_id']],
      [{}, ['body', 'operation_id']],
      [{ operation_id: op, instructions: 'x'.repeat(4001) }, ['body', 'instructions']],
      [{ operation_id: op, overwrite: true }, ['body', 'overwrite']],
      [{ operation_id: op, document_ids: ['00000000-0000-4000-8000-000000000000'] }, ['body', 'document_ids', 0]],
    ] as const) {
      const r = await generate(svc, body);
      assert.is(r.status, 422, `${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.detail[0].loc, loc, r.text);
    }
    assert.is((await generate(svc, { operation_id: '00000000-0000-4000-8000-000000000000' })).status, 404);
    assert.is((await generate(svc, { operation_id: op }, other.key)).status, 403);
    assert.is(
      (await http(svc.url, 'POST', '/api/coa-statements/generate', { body: { operation_id: op } })).status,
      401,
    );
    assert.is(await svc.service.store.headPosition(), head);
    assert.is((await get(svc, `/api/coa-statements/?operation_id=${op}`)).total, 0);
  });

  test("OpenAPI: the interface's type names", async ({ svc }) => {
    const doc = (await http(svc.url, 'GET', '/api/openapi.json')).body;
    const post = doc.paths['/api/coa-statements/generate'].post;
    assert.equal(post.requestBody.content['application/json'].schema, {
      $ref: '#/components/schemas/COAStatementGenerationRequest',
    });
    assert.equal(post.responses['200'].content['application/json'].schema, {
      $ref: '#/components/schemas/ListCOAStatementResponse',
    });
    assert.ok(post.responses['422'] && post.responses['403'] && post.responses['404']);
  });

  // Last: stops the service's workers, so jobs stay pending and are run here with chosen models.
  test('failures write nothing into any statement; the screening rule on twin and unfinished drafts; redelivery', async ({
    svc,
  }) => {
    await svc.service.pipeline?.close();
    const op = await newOperation(svc);
    const deps = {
      maxTokens: 2048,
      store: svc.service.store,
      knex: svc.service.db.knex,
      documents: svc.service.documents,
      logger: svc.service.logger,
    };
    const pending = async (count = 2) => {
      const r = await generate(svc, { operation_id: op, count });
      assert.is(r.status, 200, r.text);
      const job = await loadGenerationJob(
        svc.service.store,
        r.headers.get('location')!.replace('/api/generation-jobs/', ''),
      );
      assert.is(job.status, 'pending');
      return { ids: r.body.items.map((s: { id: string }) => s.id) as string[], job: job as GenerationJob };
    };
    const untouched = async (ids: string[]) => {
      for (const [i, id] of ids.entries()) {
        const s = await get(svc, `/api/coa-statements/${id}`);
        assert.equal(
          [s.name, s.version, s.section_count, s.attributes.every((a: { version: number }) => a.version === 0)],
          [`COA ${i + 1} (drafting)`, 1, 0, true],
        );
      }
    };
    const down: LanguageModel = createLanguageModel({
      adapter: 'openai',
      model: 'down',
      async turn() {
        throw new LanguageModelError('LLM_UNAVAILABLE', 'connection refused');
      },
      async close() {},
    });
    // One COA too few: invalid against the schema on every attempt.
    const short = createLanguageModel(
      createRuleBasedEngine({
        drafters: { [COA_DRAFT_TASK]: (input) => ({ coas: draftCoasByRules(input as CoaGrounding).coas.slice(1) }) },
      }),
      { timeoutMs: 5000, maxTokens: 2048, repairAttempts: 1, maxToolSteps: 1 },
    );
    for (const [model, code] of [
      [down, 'LLM_UNAVAILABLE'],
      [short, 'LLM_INVALID_OUTPUT'],
    ] as const) {
      const { ids, job } = await pending();
      await runGeneration({ ...deps, languageModel: model }, job);
      await pollGeneration(svc, job.job_id);
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.is(ended.status === 'failed' && ended.error?.code, code);
      await untouched(ids);
    }

    // A person renames a statement after the request: the job fails and writes into none of them.
    const rules = createLanguageModel(createRuleBasedEngine(DRAFTING_RULES));
    const renamed = await pending();
    assert.is(
      (await http(svc.url, 'PUT', `/api/coa-statements/${renamed.ids[1]}`, { key: svc.key, body: { name: 'Mine' } }))
        .status,
      200,
    );
    await runGeneration({ ...deps, languageModel: rules }, renamed.job);
    await pollGeneration(svc, renamed.job.job_id);
    const refused = await loadGenerationJob(svc.service.store, renamed.job.job_id);
    assert.is(refused.status === 'failed' && refused.error?.code, 'RECORD_CHANGED');
    assert.is((await get(svc, `/api/coa-statements/${renamed.ids[0]}`)).version, 1);

    // Twin COAs (same form of maneuver and main effort) and a draft without end state or task organization.
    const twins = createLanguageModel(
      createRuleBasedEngine({
        drafters: {
          [COA_DRAFT_TASK]: (input) => {
            const [a, b] = draftCoasByRules(input as CoaGrounding).coas;
            return {
              coas: [
                { ...a, screening: { feasible: { verdict: 'meets', rationale: 'Two task forces suffice.' } } },
                {
                  ...a!,
                  name: 'COA 2: the same',
                  main_effort: ` ${a!.main_effort.toUpperCase()}!`,
                  task_organization: [],
                  attributes: { ...b!.attributes, sustaining_operations: ' ', end_state: 'TBD' },
                  sections: [],
                },
                { ...b! },
              ],
            };
          },
        },
      }),
    );
    const { ids, job } = await pending(3);
    await runGeneration({ ...deps, languageModel: twins }, job);
    // The job's end is its last event: once the read models show it, they show the statements too.
    await pollGeneration(svc, job.job_id);
    const done = await loadGenerationJob(svc.service.store, job.job_id);
    assert.is(done.status, 'success', JSON.stringify(done.status === 'failed' && done.error));
    const [one, two, three] = await Promise.all(ids.map((id) => get(svc, `/api/coa-statements/${id}`)));
    assert.equal(verdicts(one), {
      feasible: 'meets',
      acceptable: 'not_assessed',
      suitable: 'not_assessed',
      distinguishable: 'does_not_meet',
      complete: 'meets',
    });
    assert.equal(
      [one.screening.feasible.rationale, one.screening.distinguishable.rationale, one.screening_result],
      ['Two task forces suffice.', 'Same form of maneuver (penetration) and main effort as COA 2.', 'fails'],
    );
    assert.equal(
      [
        two.screening.distinguishable.rationale,
        two.screening.complete.verdict,
        two.screening.complete.rationale,
        two.section_count,
      ],
      [
        'Same form of maneuver (penetration) and main effort as COA 1.',
        'does_not_meet',
        'Not drafted: task organization, sustaining operations, end state.',
        0,
      ],
    );
    assert.equal([three.screening.distinguishable.verdict, three.screening_result], ['meets', 'incomplete']);
    // A blank part is not written; "TBD" is (the staff sees what is missing).
    assert.equal(
      [
        (await get(svc, `/api/coa-statements/${ids[1]}/sustaining_operations`)).version,
        (await get(svc, `/api/coa-statements/${ids[1]}/end_state`)).text,
      ],
      [0, 'TBD'],
    );

    // The task redelivered after it wrote (e.g. the job's completion was lost): the same draft changes nothing.
    const head = await svc.service.store.headPosition();
    await runGeneration({ ...deps, languageModel: twins }, job);
    assert.is(await svc.service.store.headPosition(), head);
  });
});
