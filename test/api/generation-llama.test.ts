// Issue 13, Generation: the same generate endpoint with the embedded llama.cpp adapter, configured
// the way an operator does (LLM_MODEL_PATH, LLM_THREADS=1), on the tiny random-weights GGUF of
// test/support/write-tiny-gguf.ts. A random model writes nonsense, so this checks the path, not
// wording: the job runs on the work queue, the model drafts under the record's JSON-Schema grammar
// (its text bounded by LLM_MAX_TOKENS), and the draft is written with origin generated and the
// provenance of llama_cpp with its token counts.
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { writeTinyGguf } from '../support/write-tiny-gguf.ts';

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'generation-llama-')), 'tiny.gguf'));

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`generation with llama.cpp [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTestService(backend, {
      LLM_MODEL_PATH: modelPath,
      LLM_THREADS: '1',
      LLM_CONTEXT_SIZE: '2048',
      LLM_MAX_TOKENS: '300',
      LLM_REPAIR_ATTEMPTS: '1',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('POST /api/warno/{id}/generate drafts with the GGUF model through the work queue', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body.id;
    const mission = (await http(svc.url, 'GET', `/api/warno/?operation_id=${op}&type=mission`, { key: svc.key })).body;
    const r = await http(svc.url, 'POST', `/api/warno/${mission.id}/generate`, { key: svc.key, body: {} });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.body.id);
    const after = (await http(svc.url, 'GET', `/api/warno/?operation_id=${op}&type=mission`, { key: svc.key })).body;
    // Seeded weights, temperature 0, one thread: the run is reproducible, and this one yields a valid draft.
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      [job.provenance.adapter, job.provenance.model, job.provenance.rule_based, job.provenance.prompt_version],
      ['llama_cpp', 'tiny-random-llama', false, 'warno.v2'],
    );
    assert.ok(
      job.provenance.usage.prompt_tokens > 0 && job.provenance.usage.completion_tokens > 0,
      JSON.stringify(job.provenance.usage),
    );
    assert.equal([after.version, after.text_updated_by.origin, job.record_version], [1, 'generated', 1]);
    // Nonsense, but valid: non-blank and within the draft limit for LLM_MAX_TOKENS=300 (300 − 64 characters).
    assert.ok(
      typeof after.text === 'string' && /\S/.test(after.text) && after.text.length <= 236,
      JSON.stringify(after.text),
    );
  });
  test.run();
}
