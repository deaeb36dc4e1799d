// Tokens per second and end-to-end time of a WARNO-sized draft with the embedded llama.cpp adapter on
// this machine's CPU. The model is the tiny random GGUF of the tests (2 layers, 64 dimensions, byte
// tokens: one token per character), unless --model=path names a real one: the figures show the
// overhead of the pipeline (grammar, streaming, validation), not a real model's speed.
// Baseline in the same run: the same model and context generating the same number of tokens without a
// grammar (node-llama-cpp's sequence evaluation loop), so the ratio is the cost of schema-constrained output.
// Usage: npx tsx bench/llm-warno-draft.ts [--threads=1] [--model=/path/model.gguf] [--field-chars=120]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import { openLanguageModel } from '../infra/language-model/open-language-model.ts';
import { writeTinyGguf } from '../test/support/write-tiny-gguf.ts';
import { fmt, numberArg } from './support.ts';

const THREADS = numberArg('threads', 1);
const FIELD_CHARS = numberArg('field-chars', 120);
const modelArg = process.argv.find((arg) => arg.startsWith('--model='))?.slice('--model='.length);

// The WARNO's five paragraphs (FM 6-0 app. C) with their sub-paragraphs, as in GET /api/warno/fields.
const PARAGRAPHS: Record<string, string[]> = {
  situation: [
    'area_of_interest',
    'area_of_operations',
    'enemy_forces',
    'friendly_forces',
    'civil_considerations',
    'assumptions',
  ],
  mission: ['mission'],
  execution: [
    'commanders_intent',
    'concept_of_operations',
    'tasks_to_subordinate_units',
    'timeline',
    'ccir',
    'risk_reduction_control_measures',
    'initial_movement_instructions',
    'orders_and_rehearsals',
  ],
  sustainment: ['logistics', 'personnel', 'health_system_support'],
  command_and_signal: ['command', 'control', 'signal'],
};
const text = { type: 'string', minLength: 1, maxLength: FIELD_CHARS };
const WARNO_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(PARAGRAPHS).map(([paragraph, subs]) => [
      paragraph,
      {
        type: 'object',
        properties: Object.fromEntries(subs.map((sub) => [sub, text])),
        required: subs,
        additionalProperties: false,
      },
    ]),
  ),
  required: Object.keys(PARAGRAPHS),
  additionalProperties: false,
};

const dir = mkdtempSync(join(tmpdir(), 'llm-bench-'));
const modelPath = modelArg ?? writeTinyGguf(join(dir, 'tiny.gguf'));
try {
  const started = performance.now();
  const model = await openLanguageModel({
    provider: 'llama_cpp',
    modelPath,
    contextSize: 8192,
    threads: THREADS,
    timeoutMs: 600_000,
    maxTokens: 8000,
    repairAttempts: 2,
    maxToolSteps: 2,
  });
  const loaded = performance.now();
  let firstToken = 0;
  const result = await model.generateStructured({
    task: 'warno',
    schemaName: 'warno',
    schema: WARNO_SCHEMA,
    maxTokens: 8000,
    messages: [
      { role: 'system', content: 'You are a battalion S3 drafting a warning order.' },
      { role: 'user', content: 'Draft the WARNO for a movement to contact along Route IRON, NLT 0600.' },
    ],
    onProgress: (event) => {
      if (event.type === 'token' && !firstToken) firstToken = performance.now();
    },
  });
  const done = performance.now();
  await model.close();
  const genSeconds = (done - loaded) / 1000;
  const tokens = result.usage.completion_tokens;
  const constrained = tokens / genSeconds;

  // Baseline: the same number of tokens, no grammar, same model and threads.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  const raw = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const context = await raw.createContext({ contextSize: 8192, threads: THREADS });
  // The low-level evaluation loop: sampling without grammar, not stopped by an end token (a random model
  // emits one early), for exactly the draft's number of tokens.
  const sequence = context.getSequence();
  let baselineTokens = 0;
  const baseStart = performance.now();
  const prompt = raw.tokenize('WARNO. 1. SITUATION.');
  for await (const token of sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true })) {
    void token;
    if (++baselineTokens >= tokens) break;
  }
  const baseSeconds = (performance.now() - baseStart) / 1000;
  const unconstrained = baselineTokens / baseSeconds;
  await context.dispose();
  await raw.dispose();
  await llama.dispose();

  const described = modelArg ?? 'tiny random GGUF (2 layers, 64 dims, byte tokens; not a real model)';
  console.log(`model: ${described}, threads ${THREADS}`);
  console.log(
    `WARNO draft: ${Object.values(PARAGRAPHS).flat().length} sub-paragraphs of <= ${FIELD_CHARS} chars, ` +
      `${tokens} completion tokens, ${result.usage.prompt_tokens} prompt tokens, ${result.attempts} attempt(s), valid`,
  );
  console.log(`load (getLlama + model + context): ${fmt((loaded - started) / 1000, 2)} s`);
  console.log(`time to first token: ${fmt((firstToken - loaded) / 1000, 3)} s`);
  console.log(
    `end-to-end (load + generate + validate): ${fmt((done - started) / 1000, 2)} s; ` +
      `generation ${fmt(genSeconds, 2)} s`,
  );
  console.log(`tokens/s with the JSON-Schema grammar: ${fmt(constrained)}`);
  console.log(`tokens/s baseline without grammar (${baselineTokens} tokens): ${fmt(unconstrained)}`);
  console.log(`ratio grammar / baseline: ${fmt(constrained / unconstrained, 2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
