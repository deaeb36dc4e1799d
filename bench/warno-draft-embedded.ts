// End-to-end time of a WARNO draft with the embedded llama.cpp adapter on this machine's CPU: POST
// /api/warno/{id}/generate → the generation job polled (every --poll-ms, default 20) until it ends, on
// the embedded service (PGlite, in-process queue and workers), configured as an operator does (LLM_MODEL_PATH,
// LLM_THREADS, LLM_CONTEXT_SIZE, LLM_MAX_TOKENS). Then the engine alone: tokens per second of the
// language-model port (llama.cpp under the draft's JSON-Schema grammar, validation included) on the
// same prompt and schema the worker uses. Baselines in the same process: the rule-based adapter's
// end-to-end time on the same endpoint, and node-llama-cpp's raw generation (no grammar, no chat
// template) of the same number of tokens after the same prompt text. Ratios are printed.
// Model: the tiny random-weight GGUF of the tests unless LLM_MODEL_PATH names a real GGUF file.
// Usage: npm run bench:warno -- [--runs=5] [--poll-ms=20]
//   (env: LLM_MODEL_PATH, LLM_THREADS, LLM_CONTEXT_SIZE, LLM_MAX_TOKENS)
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import type { Grounding } from '../domain/generation/generation-grounding.ts';
import { DRAFT_PROMPTS } from '../domain/generation/prompts/draft-prompts.ts';
import { draftTextLimit, recordDraftSchema, type RecordDraft } from '../domain/generation/record-draft-schema.ts';
import { RECORD_DRAFT_TASK } from '../domain/generation/rule-based-record-draft.ts';
import { catalogueEntry, WARNO_CATALOGUE } from '../domain/planning-record/planning-catalogues.ts';
import { openLanguageModel } from '../infra/language-model/open-language-model.ts';
import { http, startTestService, type TestService } from '../test/support/test-service.ts';
import { writeTinyGguf } from '../test/support/write-tiny-gguf.ts';
import { fmt, numberArg } from './support.ts';

const RUNS = numberArg('runs', 5);
/** Poll interval: each poll is an HTTP request and a read on the service's own event loop. */
const POLL_MS = numberArg('poll-ms', 20);
const realModel = process.env.LLM_MODEL_PATH || null;
const THREADS = Number(process.env.LLM_THREADS || (realModel ? availableParallelism() : 1));
const CONTEXT = Number(process.env.LLM_CONTEXT_SIZE || (realModel ? 4096 : 2048));
const MAX_TOKENS = Number(process.env.LLM_MAX_TOKENS || (realModel ? 1024 : 300));
const OPERATION = { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' };
/** WARNO paragraphs drafted in turn (free-text ones: the same schema shape for every run). */
const TYPES = ['mission', 'situation', 'area_of_operations', 'logistics', 'command'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The job polled every POLL_MS until it ends. */
async function pollGenerationFast(svc: TestService, jobId: string) {
  for (;;) {
    const job = (await http(svc.url, 'GET', `/api/generation-jobs/${jobId}`, { key: svc.key })).body;
    if (job.status !== 'pending') return job;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface Run {
  ms: number;
  status: string;
  code: string | null;
  completion: number;
  prompt: number;
}

async function endToEnd(svc: TestService): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: OPERATION })).body.id;
    const type = TYPES[i % TYPES.length]!;
    const id = (await http(svc.url, 'GET', `/api/warno/?operation_id=${op}&type=${type}`, { key: svc.key })).body.id;
    const started = performance.now();
    const r = await http(svc.url, 'POST', `/api/warno/${id}/generate`, { key: svc.key, body: {} });
    if (r.status !== 200) throw new Error(r.text);
    const job = await pollGenerationFast(svc, r.body.id);
    runs.push({
      ms: performance.now() - started,
      status: job.status,
      code: job.error?.code ?? null,
      completion: job.provenance?.usage.completion_tokens ?? 0,
      prompt: job.provenance?.usage.prompt_tokens ?? 0,
    });
  }
  return runs;
}

/** The grounding the worker builds for a new operation's WARNO mission paragraph (no maps, no documents). */
function missionGrounding(): Grounding {
  const entry = catalogueEntry(WARNO_CATALOGUE, 'mission')!;
  return {
    record: {
      kind: 'warno',
      type: 'mission',
      title: entry.title,
      doctrine: entry.doctrine,
      items: entry.items,
      version: 1,
      text: null,
      item_texts: [],
    },
    operation: { id: '00000000-0000-4000-8000-000000000000', ...OPERATION, description: null, revision: 1 },
    maps: [],
    documents: [],
    instructions: null,
    analyses: [],
  };
}

const dir = mkdtempSync(join(tmpdir(), 'warno-bench-'));
const modelPath = realModel ?? writeTinyGguf(join(dir, 'tiny.gguf'));
try {
  console.log(
    realModel
      ? `model: ${realModel} (LLM_MODEL_PATH)`
      : 'model: the tiny RANDOM-WEIGHT TEST MODEL of test/support/write-tiny-gguf.ts (llama architecture, 2 layers, ' +
          '64 dimensions, byte vocabulary, ~0.4 MB) — not a real language model: its drafts are nonsense and its speed ' +
          "says nothing about a real model's; the figures measure the pipeline. Set LLM_MODEL_PATH to a GGUF file " +
          'for real figures.',
  );
  console.log(
    `CPU: ${cpus()[0]?.model ?? 'unknown'} × ${availableParallelism()}; threads ${THREADS}, ` +
      `context ${CONTEXT}, ` +
      `max tokens ${MAX_TOKENS}, runs ${RUNS}, poll every ${POLL_MS} ms`,
  );

  // 1. End to end over HTTP: llama.cpp, then the rule-based adapter (baseline), each on its own service.
  const env = {
    LLM_MODEL_PATH: modelPath,
    LLM_THREADS: String(THREADS),
    LLM_CONTEXT_SIZE: String(CONTEXT),
    LLM_MAX_TOKENS: String(MAX_TOKENS),
    LLM_REPAIR_ATTEMPTS: '2',
    LLM_TIMEOUT_MS: '600000',
  };
  const llamaService = await startTestService('pglite', env);
  await endToEnd(llamaService).catch(() => []); // warm-up: first grammar and context use
  const llamaRuns = await endToEnd(llamaService);
  await llamaService.close();
  const ruleService = await startTestService('pglite');
  await endToEnd(ruleService);
  const ruleRuns = await endToEnd(ruleService);
  await ruleService.close();
  const ok = llamaRuns.filter((r) => r.status === 'success');
  const failed = llamaRuns.filter((r) => r.status !== 'success').map((r) => r.code);
  const llamaMs = median(ok.map((r) => r.ms));
  const ruleMs = median(ruleRuns.filter((r) => r.status === 'success').map((r) => r.ms));
  console.log(`\nend to end (POST generate → job success), median of ${RUNS}:`);
  const failures = failed.length ? `; failed: ${failed.join(', ')}` : '';
  const completion = median(ok.map((r) => r.completion));
  console.log(
    `  llama.cpp:  ${fmt(llamaMs, 1)} ms (${ok.length}/${RUNS} succeeded${failures}; ` +
      `median ${fmt(completion)} completion / ${fmt(median(ok.map((r) => r.prompt)))} prompt tokens)`,
  );
  console.log(`  rule-based: ${fmt(ruleMs, 1)} ms (baseline)`);
  console.log(
    `  ratio llama.cpp / rule-based: ${fmt(llamaMs / ruleMs, 1)}×; ` +
      `model cost ${fmt(llamaMs - ruleMs, 1)} ms per draft`,
  );

  // 2. The engine alone: the port's structured generation on the worker's prompt and schema.
  const model = await openLanguageModel({
    provider: 'llama_cpp',
    modelPath,
    contextSize: CONTEXT,
    threads: THREADS,
    timeoutMs: 600_000,
    maxTokens: MAX_TOKENS,
    repairAttempts: 0,
    maxToolSteps: 1,
  });
  const grounding = missionGrounding();
  const messages = DRAFT_PROMPTS.warno.messages(grounding);
  const schema = recordDraftSchema(grounding.record.items, draftTextLimit(MAX_TOKENS));
  const request = { task: RECORD_DRAFT_TASK, input: grounding, messages, schema, schemaName: 'planning_record_draft' };
  await model.generateStructured<RecordDraft>(request).catch(() => null); // warm-up
  const engineRuns: Array<{ seconds: number; decodeSeconds: number; tokens: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    let first = 0;
    const started = performance.now();
    try {
      const result = await model.generateStructured<RecordDraft>({
        ...request,
        onProgress: (p) => {
          if (p.type === 'token' && !first) first = performance.now();
        },
      });
      const done = performance.now();
      engineRuns.push({
        seconds: (done - started) / 1000,
        decodeSeconds: (done - (first || started)) / 1000,
        tokens: result.usage.completion_tokens,
      });
    } catch (error) {
      console.log(`  engine run ${i + 1}: ${(error as Error).message.slice(0, 160)}`);
    }
  }
  await model.close();
  const tokens = median(engineRuns.map((r) => r.tokens));
  const engineRate = median(engineRuns.map((r) => r.tokens / r.seconds));
  const engineDecode = median(engineRuns.map((r) => (r.tokens - 1) / r.decodeSeconds));

  // 3. Raw node-llama-cpp: the same prompt text, then the same number of tokens, no grammar.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  const raw = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const context = await raw.createContext({ contextSize: CONTEXT, threads: THREADS });
  const promptTokens = raw.tokenize(messages.map((m) => m.content).join('\n\n'));
  const rawRuns: Array<{ seconds: number; decodeSeconds: number; tokens: number }> = [];
  for (let i = 0; i <= RUNS; i++) {
    const sequence = context.getSequence();
    let produced = 0;
    let first = 0;
    const started = performance.now();
    // Not stopped by an end token (a random model emits one early): exactly `tokens` tokens.
    for await (const token of sequence.evaluate(promptTokens, { temperature: 0, yieldEogToken: true })) {
      void token;
      if (!first) first = performance.now();
      if (++produced >= tokens) break;
    }
    const done = performance.now();
    const seconds = (done - started) / 1000;
    if (i > 0) rawRuns.push({ seconds, decodeSeconds: (done - first) / 1000, tokens: produced });
    sequence.dispose();
  }
  await context.dispose();
  await raw.dispose();
  await llama.dispose();
  const rawRate = median(rawRuns.map((r) => r.tokens / r.seconds));
  const rawDecode = median(rawRuns.map((r) => (r.tokens - 1) / r.decodeSeconds));
  console.log(
    `\nengine alone (${engineRuns.length}/${RUNS} valid drafts, median ${fmt(tokens)} completion tokens, ` +
      `${fmt(promptTokens.length)}-token prompt text):`,
  );
  console.log(
    `  llama.cpp port, JSON-Schema grammar + validation: ${fmt(engineRate, 1)} tokens/s overall, ` +
      `${fmt(engineDecode, 1)} tokens/s after the first token`,
  );
  console.log(
    `  node-llama-cpp raw, no grammar (baseline):        ${fmt(rawRate, 1)} tokens/s overall, ` +
      `${fmt(rawDecode, 1)} tokens/s after the first token`,
  );
  console.log(
    `  ratio port / raw: ${fmt(engineRate / rawRate, 2)} overall, ` +
      `${fmt(engineDecode / rawDecode, 2)} after the first token`,
  );
  console.log(
    "  (overall includes the prompt: the port's chat keeps the evaluated prompt between runs, the raw loop " +
      'evaluates it every run; after the first token compares decoding alone)',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
