// Issue 13, Generation item 3 on the embedded llama.cpp adapter: POST /api/coa-statements/generate with
// the tiny random-weights GGUF of test/support/write-tiny-gguf.ts (8192-token context), configured as an
// operator does (LLM_MODEL_PATH, LLM_THREADS=1). A random model writes nonsense, so this checks the path,
// not wording: one structured call under the COA-set JSON-Schema grammar (its strings bounded so the
// JSON closes within LLM_MAX_TOKENS), validated, screened by rule and written into both statements with
// origin generated, and the job's provenance of llama_cpp with its token counts.
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { TINY_MODEL_SHAPE, writeTinyGguf } from '../support/write-tiny-gguf.ts';
import { FORMS_OF_MANEUVER } from '../../domain/generation/coa-draft-schema.ts';

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'coa-generation-llama-')), 'tiny.gguf'), {
  ...TINY_MODEL_SHAPE,
  contextLength: 8192,
});
// (4000 − 32 − 2 × 1300) / (2 × 25) = 27 characters per string at most.
const MAX_TOKENS = 4000;
const LIMIT = 27;

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`coa generation with llama.cpp [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTestService(backend, {
      LLM_MODEL_PATH: modelPath,
      LLM_THREADS: '1',
      LLM_CONTEXT_SIZE: '8192',
      LLM_MAX_TOKENS: String(MAX_TOKENS),
      LLM_REPAIR_ATTEMPTS: '1',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('POST /api/coa-statements/generate drafts two COAs with the GGUF model through the work queue', async ({
    svc,
  }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body.id;
    const r = await http(svc.url, 'POST', '/api/coa-statements/generate', {
      key: svc.key,
      body: { operation_id: op, count: 2 },
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.headers.get('location')!.replace('/api/generation-jobs/', ''));
    // Seeded weights, temperature 0, one thread: the run is reproducible, and this one yields a valid draft.
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      [job.provenance.adapter, job.provenance.model, job.provenance.rule_based, job.provenance.prompt_version],
      ['llama_cpp', 'tiny-random-llama', false, 'coa-statements.v1'],
    );
    assert.ok(
      job.provenance.usage.prompt_tokens > 0 && job.provenance.usage.completion_tokens > 0,
      JSON.stringify(job.provenance.usage),
    );
    assert.is(job.coa_screening.length, 2);
    for (const [i, item] of r.body.items.entries()) {
      const statement = (await http(svc.url, 'GET', `/api/coa-statements/${item.id}`, { key: svc.key })).body;
      const screened = job.coa_screening[i];
      // Nonsense, but valid: a non-blank name within the limit, written by the generator, screened by rule.
      assert.equal([statement.name, statement.version, statement.updated_by.origin], [screened.name, 2, 'generated']);
      assert.ok(/\S/.test(statement.name) && statement.name.length <= LIMIT, JSON.stringify(statement.name));
      assert.ok(['meets', 'does_not_meet'].includes(statement.screening.distinguishable.verdict));
      assert.ok(['meets', 'does_not_meet'].includes(statement.screening.complete.verdict));
      assert.is(statement.screening.complete.verdict, screened.screening.complete.verdict);
      const form = (await http(svc.url, 'GET', `/api/coa-statements/${item.id}/form_of_maneuver`, { key: svc.key }))
        .body;
      assert.equal([form.version, form.text_updated_by.origin], [1, 'generated']);
      assert.ok(
        FORMS_OF_MANEUVER.some((f) => form.text.toLowerCase() === f.replace('_', ' ')),
        form.text,
      );
    }
  });
  test.run();
}
