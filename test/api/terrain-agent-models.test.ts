// The terrain agent with the two model adapters, configured as an operator does, on both backends:
// - OpenAI-compatible HTTP (LLM_BASE_URL) against test/support/openai-test-server.ts: a scripted tool
//   call (point_query) is executed in the worker, its result sent back under the call id, and the
//   scripted final answer recorded with the call and the point query's own values; a server answering
//   503 fails the question with LLM_UNAVAILABLE (never a 500, nothing answered).
// - Embedded llama.cpp (LLM_MODEL_PATH) on the tiny random-weights GGUF (its byte-level vocabulary makes
//   the six tool schemas ~5,000 tokens: an 8,192-token context): what it writes is random, so
//   this checks only that the run ends with a valid record (answered, or failed with a model code).
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';
import { startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server.ts';
import { writeTinyGguf } from '../support/write-tiny-gguf.ts';
import { TERRAIN_TOOL_NAMES } from '../../domain/terrain-question/terrain-agent-tools.ts';
import { ask, pollQuestion } from '../support/terrain-question-http.ts';

/** A map with no terrain job (its tools mostly fail: enough for these runs). */
async function emptyMap(svc: TestService) {
  const operation = { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' };
  const op = await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: operation });
  return http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.body.id, name: 'M' } });
}

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'terrain-agent-')), 'tiny.gguf'));

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService; server: OpenAITestServer }>(`terrain agent, OpenAI-compatible [${backend}]`);
  test.before(async (ctx) => {
    ctx.server = await startOpenAITestServer(modelPath);
    ctx.svc = await startTestService(backend, {
      LLM_BASE_URL: ctx.server.url,
      LLM_MODEL: 'tiny-test',
      LLM_MAX_RETRIES: '0',
      LLM_MAX_TOKENS: '200',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    await ctx.server?.close();
  });

  test('a scripted point_query call is executed and the final answer recorded with it', async ({ svc, server }) => {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.95, 60.16, 24.955, 60.162));
    assert.is((await pollJob(svc, await requestJob(svc, mapId, boundary))).at(-1).status, 'success');
    server.script(
      { toolCall: { name: 'point_query', arguments: '{"lon":24.952,"lat":60.161}' } },
      { reply: 'The elevation there is given by point_query.' },
    );
    const before = server.requests.length;
    const r = await ask(svc, mapId, { question: 'How high is the ground at 60.161, 24.952?' });
    assert.is(r.status, 202, r.text);
    const q = await pollQuestion(svc, r.body.id);
    const point = `/api/maps/${mapId}/terrain/point?lon=24.952&lat=60.161`;
    const direct = await http(svc.url, 'GET', point, { key: svc.key });
    assert.is(q.status, 'answered', JSON.stringify(q));
    assert.is(q.answer, 'The elevation there is given by point_query.');
    assert.is(q.tool_calls.length, 1);
    assert.equal([q.tool_calls[0].name, q.tool_calls[0].arguments], ['point_query', { lon: 24.952, lat: 60.161 }]);
    assert.equal(q.tool_calls[0].result, direct.body);
    assert.equal(
      [q.provenance.adapter, q.provenance.model, q.provenance.rule_based, q.provenance.attempts],
      ['openai', 'tiny-test', false, 2],
    );
    // The model saw the six tools, then the tool's result under the call id.
    const [first, second] = server.requests.slice(before);
    assert.equal(
      first!.tools!.map((t) => t.function.name),
      [...TERRAIN_TOOL_NAMES],
    );
    assert.is(first!.messages[0]!.role, 'system');
    assert.equal(second!.messages.at(-1), {
      role: 'tool',
      tool_call_id: q.tool_calls[0].id,
      content: JSON.stringify(direct.body),
    });
  });

  test('a model that answers 503 fails the question with LLM_UNAVAILABLE', async ({ svc, server }) => {
    const map = await emptyMap(svc);
    server.script({ status: 503 });
    const r = await ask(svc, map.body.id, { question: 'summary' });
    assert.is(r.status, 202, r.text);
    const q = await pollQuestion(svc, r.body.id);
    assert.equal([q.status, q.error.code, q.answer, q.tool_calls], ['failed', 'LLM_UNAVAILABLE', null, []]);
    assert.match(q.error.message, /answered 503/);
  });
  test.run();
}

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`terrain agent, embedded llama.cpp [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTestService(backend, {
      LLM_MODEL_PATH: modelPath,
      LLM_THREADS: '1',
      LLM_CONTEXT_SIZE: '8192',
      LLM_MAX_TOKENS: '120',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test("the random model's run ends with a valid record", async ({ svc }) => {
    const map = await emptyMap(svc);
    const r = await ask(svc, map.body.id, { question: 'What is the slope at 60.16, 24.95?', max_steps: 2 });
    assert.is(r.status, 202, r.text);
    const q = await pollQuestion(svc, r.body.id);
    if (q.status === 'answered') {
      assert.ok(typeof q.answer === 'string' && q.answer.length > 0);
      assert.equal(
        [q.provenance.adapter, q.provenance.model, q.provenance.rule_based],
        ['llama_cpp', 'tiny-random-llama', false],
      );
      assert.ok(q.provenance.attempts >= 1 && q.provenance.attempts <= 2);
    } else {
      assert.is(q.status, 'failed', JSON.stringify(q));
      assert.ok(['LLM_INVALID_OUTPUT', 'LLM_TIMEOUT'].includes(q.error.code), JSON.stringify(q.error));
    }
    for (const call of q.tool_calls) {
      assert.ok((TERRAIN_TOOL_NAMES as readonly string[]).includes(call.name), call.name);
      assert.ok('result' in call !== 'error' in call, JSON.stringify(call));
      assert.ok(Number.isInteger(call.duration_ms));
    }
  });
  test.run();
}
