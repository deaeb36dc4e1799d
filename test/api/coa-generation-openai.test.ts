// Issue 13, Generation item 3 over the OpenAI-compatible adapter, configured as an operator does
// (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY), end to end over HTTP: POST /api/coa-statements/generate → the
// job on the work queue → the `openai` SDK → the loopback OpenAI-protocol server of
// test/support/openai-test-server.ts. Its model is not asked here: the server's scripted replies stand
// for a model's (the tiny GGUF's 2,048-token context cannot hold a COA set; test/api/coa-generation-llama
// covers a model's own output), so the verdicts are exact. Checked: the request the SDK sends (model,
// max_tokens, response_format json_schema `coa_statements_draft` for exactly `count` COAs, strings
// bounded for LLM_MAX_TOKENS), the repair of an invalid reply (a second request carrying the validation
// errors), the model's FM 5-0 verdicts with their rationale recorded beside the rule's, and the
// provenance of the openai adapter.
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server.ts';
import { writeTinyGguf } from '../support/write-tiny-gguf.ts';

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'coa-generation-openai-')), 'tiny.gguf'));
const MODEL = 'tiny-test-model';

const meets = (rationale: string) => ({ verdict: 'meets', rationale });
const attributes = (endState: string) => ({
  decisive_operation: 'TF 1 seizes OBJ IRON.',
  shaping_operations: 'TF 2 fixes the enemy.',
  sustaining_operations: 'LRP 2 behind TF 2.',
  reserve: 'TF 3.',
  end_state: endState,
});
const DRAFT = {
  coas: [
    {
      name: 'COA 1: Northern penetration',
      statement: 'TF 1 penetrates on the northern axis.',
      form_of_maneuver: 'penetration',
      main_effort: 'TF 1 north',
      task_organization: [{ unit: 'TF 1', text: 'Penetrate north.' }],
      attributes: attributes('OBJ IRON held.'),
      sections: [{ title: 'Phase I', content: 'TF 2 fixes.', field: 'phases_and_transitions' }],
      screening: {
        feasible: meets('Two TFs suffice.'),
        acceptable: meets('Low losses.'),
        suitable: meets('Within intent.'),
      },
    },
    {
      name: 'COA 2: Southern envelopment',
      statement: 'TF 1 envelops from the south.',
      form_of_maneuver: 'envelopment',
      main_effort: 'TF 1 south',
      task_organization: [{ unit: 'TF 1', text: 'Envelop south.' }],
      attributes: attributes(''),
      sections: [],
      screening: { suitable: { verdict: 'does_not_meet', rationale: 'Leaves the AO.' } },
    },
  ],
};

let server: OpenAITestServer;

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`coa generation with the OpenAI-compatible adapter [${backend}]`);
  test.before(async (ctx) => {
    server ??= await startOpenAITestServer(modelPath);
    ctx.svc = await startTestService(backend, {
      LLM_BASE_URL: server.url,
      LLM_MODEL: MODEL,
      LLM_API_KEY: 'test-key',
      LLM_MAX_TOKENS: '5000',
      LLM_REPAIR_ATTEMPTS: '1',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    if (backend === SQL_BACKENDS.at(-1)) await server.close();
  });

  test("an invalid reply repaired, then the model's verdicts recorded beside the rule's, provenance openai", async ({
    svc,
  }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body.id;
    const before = { requests: server.requests.length, usages: server.usages.length };
    server.script({ reply: JSON.stringify({ coas: DRAFT.coas.slice(0, 1) }) }, { reply: JSON.stringify(DRAFT) });
    const r = await http(svc.url, 'POST', '/api/coa-statements/generate', {
      key: svc.key,
      body: { operation_id: op, count: 2 },
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.headers.get('location')!.replace('/api/generation-jobs/', ''));
    assert.is(job.status, 'success', JSON.stringify(job.error));
    const sent = server.requests.slice(before.requests);
    assert.is(sent.length, 2);
    const format = sent[0]!.response_format!.json_schema!;
    const coas = (
      format.schema as {
        properties: {
          coas: { minItems: number; maxItems: number; items: { properties: { statement: { maxLength: number } } } };
        };
      }
    ).properties.coas;
    // (5000 − 32 − 2 × 1300) / (2 × 25) = 47 characters per string.
    assert.equal(
      [
        sent[0]!.model,
        sent[0]!.max_tokens,
        format.name,
        coas.minItems,
        coas.maxItems,
        coas.items.properties.statement.maxLength,
      ],
      [MODEL, 5000, 'coa_statements_draft', 2, 2, 47],
    );
    assert.match(sent[0]!.messages[1]!.content!, /^Draft 2 courses of action for this operation\./);
    assert.match(
      sent[1]!.messages.at(-1)!.content!,
      /^Your reply is not valid against the required JSON Schema:\n- \/coas must NOT have fewer than 2 items/,
    );
    assert.equal(
      [
        job.provenance.adapter,
        job.provenance.model,
        job.provenance.rule_based,
        job.provenance.prompt_version,
        job.provenance.attempts,
      ],
      ['openai', MODEL, false, 'coa-statements.v1', 2],
    );
    assert.equal(job.provenance.usage, { prompt_tokens: 0, completion_tokens: 0 }); // scripted replies evaluate nothing
    const [first, second] = await Promise.all(
      r.body.items.map(
        async (s: { id: string }) => (await http(svc.url, 'GET', `/api/coa-statements/${s.id}`, { key: svc.key })).body,
      ),
    );
    assert.equal(
      [first.name, first.description, first.screening_result],
      ['COA 1: Northern penetration', 'TF 1 penetrates on the northern axis.', 'passes'],
    );
    assert.equal(
      [first.screening.feasible.rationale, first.screening.feasible.assessed_by.origin],
      ['Two TFs suffice.', 'generated'],
    );
    assert.equal(
      Object.fromEntries(
        Object.entries(second.screening).map(([c, a]) => [
          c,
          [(a as { verdict: string }).verdict, (a as { rationale: string | null }).rationale],
        ]),
      ),
      {
        feasible: ['not_assessed', null],
        acceptable: ['not_assessed', null],
        suitable: ['does_not_meet', 'Leaves the AO.'],
        distinguishable: ['meets', 'No other COA has both its form of maneuver (envelopment) and its main effort.'],
        complete: ['does_not_meet', 'Not drafted: end state.'],
      },
    );
    assert.is(second.screening_result, 'fails');
    assert.equal(
      job.coa_screening.map((s: { screening_result: string }) => s.screening_result),
      ['passes', 'fails'],
    );
    // A model's text is written as it is (no rule-based mark); its form of maneuver as the label.
    const form = (await http(svc.url, 'GET', `/api/coa-statements/${first.id}/form_of_maneuver`, { key: svc.key }))
      .body;
    assert.equal([form.text, form.text_updated_by.origin], ['Penetration', 'generated']);
  });
  test.run();
}
