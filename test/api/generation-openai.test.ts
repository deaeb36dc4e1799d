// Issue 13, Generation over the OpenAI-compatible adapter, configured the way an operator does
// (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY, LLM_MAX_RETRIES, LLM_TIMEOUT_MS), end to end over HTTP:
// POST /api/warno/{id}/generate → the generation job on the work queue → the `openai` SDK → the
// loopback OpenAI-protocol server of test/support/openai-test-server.ts, which answers from the tiny
// random-weights GGUF under the request's response_format json_schema. What is checked: the record is
// written with the provenance of the openai adapter, the model name and the token usage the server
// reported; a 429 (with retry-after-ms) is retried by the SDK's backoff and the job still succeeds; a
// server that is down fails the job with LLM_UNAVAILABLE, a server that never answers with LLM_TIMEOUT,
// and neither writes the record. A random model writes nonsense: the path is checked, not the wording.
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { upload, waitForText } from '../support/document-http.ts';
import { startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server.ts';
import { writeTinyGguf } from '../support/write-tiny-gguf.ts';

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'generation-openai-')), 'tiny.gguf'));
const MODEL = 'tiny-test-model';
const ORDER =
  'OPERATION ORDER 07-26 (IRON ANVIL)\n\n2. MISSION. 2-7 IN attacks NLT 270500Z NOV 26 to seize OBJ STEEL ' +
  '(32UNB 5520 4280) in order to secure the crossings.\n';

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const settings = (baseUrl: string, extra: Record<string, string> = {}) => ({
  LLM_BASE_URL: baseUrl,
  LLM_MODEL: MODEL,
  LLM_API_KEY: 'test-key',
  LLM_MAX_TOKENS: '300',
  LLM_REPAIR_ATTEMPTS: '1',
  LLM_MAX_RETRIES: '2',
  ...extra,
});

async function missionRecord(svc: TestService) {
  const op = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(op.status, 200, op.text);
  const read = async () =>
    (await http(svc.url, 'GET', `/api/warno/?operation_id=${op.body.id}&type=mission`, { key: svc.key })).body;
  return { id: (await read()).id as string, operationId: op.body.id as string, read };
}

async function generate(svc: TestService, recordId: string, body: Record<string, unknown> = {}) {
  const r = await http(svc.url, 'POST', `/api/warno/${recordId}/generate`, { key: svc.key, body });
  assert.is(r.status, 200, r.text);
  return pollGeneration(svc, r.body.id);
}

let server: OpenAITestServer;

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`generation with the OpenAI-compatible adapter [${backend}]`);
  test.before(async (ctx) => {
    server ??= await startOpenAITestServer(modelPath);
    ctx.svc = await startTestService(backend, settings(server.url));
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    if (backend === SQL_BACKENDS.at(-1)) await server.close();
  });

  test('drafts through the server: provenance openai, the model name, the usage the server reported', async ({
    svc,
  }) => {
    const mission = await missionRecord(svc);
    const before = { requests: server.requests.length, usages: server.usages.length };
    // Instructions unique to the run: the server's context cache cannot answer the whole prompt from before.
    const job = await generate(svc, mission.id, { instructions: `Run on ${backend}.` });
    assert.is(job.status, 'success', JSON.stringify(job.error));
    const sent = server.requests.slice(before.requests);
    const reported = server.usages.slice(before.usages);
    assert.is(sent.length, job.provenance.attempts);
    assert.equal(
      [sent[0]!.model, sent[0]!.stream, sent[0]!.max_tokens, sent[0]!.response_format?.json_schema?.name],
      [MODEL, true, 300, 'planning_record_draft'],
    );
    assert.match(sent[0]!.messages[1]!.content!, /^Draft WARNO 2\. Mission \(FM 6-0 app\. C, para 2\)/);
    assert.equal(
      [job.provenance.adapter, job.provenance.model, job.provenance.rule_based, job.provenance.prompt_version],
      ['openai', MODEL, false, 'warno.v2'],
    );
    assert.equal(job.provenance.usage, {
      prompt_tokens: reported.reduce((sum, u) => sum + u.prompt_tokens, 0),
      completion_tokens: reported.reduce((sum, u) => sum + u.completion_tokens, 0),
    });
    assert.ok(
      job.provenance.usage.prompt_tokens > 0 && job.provenance.usage.completion_tokens > 0,
      JSON.stringify(job.provenance.usage),
    );
    const after = await mission.read();
    assert.equal([after.version, after.text_updated_by.origin, job.record_version], [1, 'generated', 1]);
    assert.ok(
      typeof after.text === 'string' && /\S/.test(after.text) && after.text.length <= 236,
      JSON.stringify(after.text),
    );
  });

  test('the fact check: a reply that invents a grid is repaired, then refused; one citing known grids passes', async ({
    svc,
  }) => {
    const mission = await missionRecord(svc);
    const up = await upload(svc, { operation_id: mission.operationId }, [{ name: 'opord.md', bytes: ORDER }]);
    assert.is(up.status, 200, up.text);
    const documentId = up.body.items[0].id as string;
    await waitForText(svc, documentId);
    const invented = '2-7 IN seizes OBJ STEEL (32UNB 5600 4300) NLT 270500Z NOV 26.';
    const before = server.requests.length;
    server.script({ reply: JSON.stringify({ text: invented }) }, { reply: JSON.stringify({ text: invented }) });
    const refused = await generate(svc, mission.id, { document_ids: [documentId] });
    assert.equal([refused.status, refused.error?.code], ['failed', 'LLM_INVALID_OUTPUT'], JSON.stringify(refused));
    assert.match(refused.error.message, /grid 32UNB 5600 4300 is in none of the facts given/);
    const sent = server.requests.slice(before);
    assert.is(sent.length, 2, 'the first reply, and one repair');
    assert.match(sent[1]!.messages.at(-1)!.content!, /^Your reply is not valid against the facts given/);
    assert.match(sent[1]!.messages.at(-1)!.content!, /grid 32UNB 5600 4300/);
    assert.equal([(await mission.read()).version, refused.record_version], [0, null], 'nothing written');

    const grounded = '2-7 IN seizes OBJ STEEL (32UNB 5520 4280) NLT 270500Z NOV 26 to secure 2 crossings.';
    server.script({ reply: JSON.stringify({ text: invented }) }, { reply: JSON.stringify({ text: grounded }) });
    const repaired = await generate(svc, mission.id, { document_ids: [documentId] });
    assert.equal([repaired.status, repaired.provenance?.attempts], ['success', 2], JSON.stringify(repaired));
    assert.is((await mission.read()).text, grounded);
  });

  test('a 429 is retried with backoff (retry-after-ms) and the job succeeds', async ({ svc }) => {
    const mission = await missionRecord(svc);
    const before = server.requests.length;
    server.script({ status: 429, retryAfterMs: 100 });
    const job = await generate(svc, mission.id);
    assert.is(job.status, 'success', JSON.stringify(job.error));
    // The SDK's retry is inside one model turn: two HTTP requests, the same body, one attempt recorded.
    const sent = server.requests.slice(before);
    assert.is(sent.length, 1 + job.provenance.attempts);
    assert.equal(sent[1], sent[0]);
    assert.is((await mission.read()).version, 1);
  });

  test('a server that is down fails the job with LLM_UNAVAILABLE and writes nothing', async () => {
    const down = await startTestService(
      backend,
      settings(`http://127.0.0.1:${await closedPort()}/v1`, { LLM_MAX_RETRIES: '1' }),
    );
    try {
      const mission = await missionRecord(down);
      const job = await generate(down, mission.id);
      assert.equal([job.status, job.error?.code], ['failed', 'LLM_UNAVAILABLE'], JSON.stringify(job));
      assert.match(job.error.message, /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1/);
      assert.equal([job.record_version, job.provenance], [null, null]);
      const kept = await mission.read();
      assert.equal([kept.version, kept.text], [0, null]);
    } finally {
      await down.close();
    }
  });

  test('a server that never answers fails the job with LLM_TIMEOUT and writes nothing', async () => {
    // No SDK retry: the one scripted hang is the only request, so no fault is left for the next test.
    const slow = await startTestService(
      backend,
      settings(server.url, { LLM_TIMEOUT_MS: '1500', LLM_MAX_RETRIES: '0' }),
    );
    try {
      const mission = await missionRecord(slow);
      const before = server.requests.length;
      server.script({ hang: true });
      const job = await generate(slow, mission.id);
      assert.equal([job.status, job.error?.code], ['failed', 'LLM_TIMEOUT'], JSON.stringify(job));
      assert.is(server.requests.length, before + 1);
      const kept = await mission.read();
      assert.equal([kept.version, kept.text], [0, null]);
    } finally {
      await slow.close();
    }
  });
  test.run();
}
