// Issue 13, Simulations on the embedded llama.cpp adapter: POST /api/llm-simulations/ with
// LLM_MODEL_PATH on the tiny random-weights GGUF (test/support/write-tiny-gguf.ts), one thread and a
// small token budget. A random model writes nonsense, so this checks the path and the shapes: each
// turn and the assessment are drafted under their JSON-Schema grammars (texts bounded by
// LLM_MAX_TOKENS, scores from the closed list), the job reports its steps, and the record is written
// with the model's name and the job's llama_cpp provenance with token counts.
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { writeTinyGguf } from '../support/write-tiny-gguf.ts';
import { SCORE_VALUES, turnFieldLimit } from '../../domain/llm-simulation/wargame-draft-schemas.ts';

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'simulation-llama-')), 'tiny.gguf'));
const MAX_TOKENS = 300;

for (const backend of SQL_BACKENDS) {
  const test = suite<{ svc: TestService }>(`LLM simulations with llama.cpp [${backend}]`);
  test.before(async (ctx) => {
    ctx.svc = await startTestService(backend, {
      LLM_MODEL_PATH: modelPath,
      LLM_THREADS: '1',
      LLM_CONTEXT_SIZE: '4096',
      LLM_MAX_TOKENS: String(MAX_TOKENS),
      LLM_REPAIR_ATTEMPTS: '2',
    });
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
  });

  test('POST /api/llm-simulations/ plays two turns and the assessment with the GGUF model', async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
      })
    ).body.id;
    const coa = (
      await http(svc.url, 'POST', '/api/coa-statements/', {
        key: svc.key,
        body: { operation_id: op, name: 'COA 1', description: 'Envelop from the north.' },
      })
    ).body.id;
    const r = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { coa_statement_id: coa, method: 'box', turns: 2, seed: 1, enemy_coa: 'Defends the bridge.' },
    });
    assert.is(r.status, 200, r.text);
    const job = await pollGeneration(svc, r.body.id);
    // Seeded weights, temperature 0, one thread: the run is reproducible, and this one yields valid output.
    assert.is(job.status, 'success', JSON.stringify(job.error));
    assert.equal(
      [job.provenance.adapter, job.provenance.model, job.provenance.rule_based],
      ['llama_cpp', 'tiny-random-llama', false],
    );
    assert.ok(
      job.provenance.usage.prompt_tokens > 0 && job.provenance.usage.completion_tokens > 0,
      JSON.stringify(job.provenance.usage),
    );
    assert.ok(job.provenance.attempts >= 3, String(job.provenance.attempts));
    assert.equal(job.progress, { step: 3, of: 3, label: 'Assessment against 5 evaluation criteria' });
    const sim = (await http(svc.url, 'GET', `/api/llm-simulations/${job.record_id}`, { key: svc.key })).body;
    assert.equal([sim.model, sim.method, sim.turns.length, sim.assessments.length], ['tiny-random-llama', 'box', 2, 5]);
    const limit = turnFieldLimit(MAX_TOKENS);
    for (const [i, turn] of sim.turns.entries()) {
      assert.is(turn.turn, i + 1);
      for (const field of ['critical_event', 'action', 'reaction', 'counteraction']) {
        assert.ok(
          typeof turn[field] === 'string' && /\S/.test(turn[field]) && turn[field].length <= limit,
          `${field}: ${turn[field]}`,
        );
      }
      for (const field of ['time', 'result', 'decision_point']) {
        assert.ok(
          turn[field] === null || (typeof turn[field] === 'string' && turn[field].length <= limit),
          `${field}: ${turn[field]}`,
        );
      }
    }
    assert.equal(
      sim.assessments.map((a: any) => a.criterion),
      ['Simplicity', 'Mass', 'Maneuver', 'Tempo', 'Security'],
    );
    for (const a of sim.assessments) assert.ok(a.score === null || SCORE_VALUES.includes(a.score), JSON.stringify(a));
    assert.ok(sim.summary.includes('Reproduce: seed 1, model tiny-random-llama, '), sim.summary);
    assert.ok(!sim.summary.startsWith('*Rule-based'));
  });
  test.run();
}
