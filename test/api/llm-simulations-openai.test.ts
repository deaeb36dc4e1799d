// Issue 13, Simulations over the OpenAI-compatible adapter, configured as an operator does (LLM_BASE_URL,
// LLM_MODEL, LLM_API_KEY), end to end over HTTP: POST /api/llm-simulations/ → the job on the work queue →
// the `openai` SDK → the loopback OpenAI-protocol server of test/support/openai-test-server.ts, whose
// scripted replies stand for a model's (one per turn, one for the assessment), so the record is exact.
// Checked: one json_schema request per step with the seed, the turns and scores written as the model
// gave them, progress, and the openai provenance; a server answering 503 fails the job and writes nothing.
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

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'simulation-openai-')), 'tiny.gguf'));
const MODEL = 'tiny-test-model';
const turn = (n: number) => ({
  critical_event: `Bridge at turn ${n}`,
  time: `H+${n}`,
  action: `TF 1 crosses (${n}).`,
  reaction: `Enemy counterattacks (${n}).`,
  counteraction: `Reserve blocks (${n}).`,
  result: null,
  decision_point: n === 1 ? 'Commit the reserve' : null,
});
const SCORES = { scores: [50, 60, 70, 80, 90].map((score) => ({ score, rationale: `Scored ${score}.` })) };

let server: OpenAITestServer;

async function coaOf(svc: TestService): Promise<string> {
  const op = (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
    })
  ).body.id;
  return (
    await http(svc.url, 'POST', '/api/coa-statements/', {
      key: svc.key,
      body: { operation_id: op, name: 'COA 1', description: 'Envelop from the north.' },
    })
  ).body.id;
}

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`LLM simulations with the OpenAI-compatible adapter [${backend}]`);
  test.before(async (ctx) => {
    server ??= await startOpenAITestServer(modelPath);
    ctx.svc = await startTestService(backend, {
      LLM_BASE_URL: server.url,
      LLM_MODEL: MODEL,
      LLM_API_KEY: 'test-key',
      LLM_MAX_TOKENS: '2048',
      LLM_REPAIR_ATTEMPTS: '0',
      LLM_MAX_RETRIES: '0',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    if (backend === SQL_BACKENDS.at(-1)) await server.close();
  });

  test('two turns and the assessment drafted by the model, written as it gave them', async ({ svc }) => {
    const coa = await coaOf(svc);
    const before = server.requests.length;
    server.script(
      { reply: JSON.stringify(turn(1)) },
      { reply: JSON.stringify(turn(2)) },
      { reply: JSON.stringify(SCORES) },
    );
    const r = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { coa_statement_id: coa, method: 'belt', turns: 2, seed: 42, enemy_coa: 'Defends the bridge.' },
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.body.id);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    const sent = server.requests.slice(before);
    assert.is(sent.length, 3);
    assert.ok(
      sent.every((body) => body.model === MODEL && body.seed === 42),
      JSON.stringify(sent.map((b) => b.seed)),
    );
    assert.ok(sent.every((body) => body.response_format?.type === 'json_schema'));
    assert.equal([job.provenance.adapter, job.provenance.model, job.provenance.rule_based], ['openai', MODEL, false]);
    assert.equal(job.progress, { step: 3, of: 3, label: 'Assessment against 5 evaluation criteria' });
    const sim = (await http(svc.url, 'GET', `/api/llm-simulations/${job.record_id}`, { key: svc.key })).body;
    assert.equal([sim.model, sim.method, sim.seed, sim.enemy_coa], [MODEL, 'belt', 42, 'Defends the bridge.']);
    assert.equal(
      sim.turns,
      [1, 2].map((n) => ({ turn: n, ...turn(n) })),
    );
    assert.equal(
      sim.assessments.map((a: any) => [a.criterion, a.score, a.rationale]),
      [
        ['Simplicity', 50, 'Scored 50.'],
        ['Mass', 60, 'Scored 60.'],
        ['Maneuver', 70, 'Scored 70.'],
        ['Tempo', 80, 'Scored 80.'],
        ['Security', 90, 'Scored 90.'],
      ],
    );
    assert.ok(sim.summary.includes(`Reproduce: seed 42, model ${MODEL}, `), sim.summary);
  });

  test('a server answering 503 fails the job with LLM_UNAVAILABLE and writes no record', async ({ svc }) => {
    const coa = await coaOf(svc);
    const before = server.requests.length;
    server.script({ status: 503 }); // LLM_MAX_RETRIES=0: one request, then the job fails
    const r = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { coa_statement_id: coa, method: 'box', turns: 1 },
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.body.id);
    assert.equal([job.status, job.error?.code], ['failed', 'LLM_UNAVAILABLE'], JSON.stringify(job));
    assert.is(server.requests.length - before, 1);
    assert.is((await http(svc.url, 'GET', `/api/llm-simulations/${job.record_id}`, { key: svc.key })).status, 404);
    const list = await http(svc.url, 'GET', `/api/llm-simulations/?coa_statement_id=${coa}`, { key: svc.key });
    assert.is(list.body.total, 0);
  });
  test.run();
}
