// The language-model contract (language-model-contract.ts) against all three adapters, each for real:
// - rule_based: the drafter with a tool rule, no model;
// - llama_cpp: node-llama-cpp loading a tiny GGUF with random weights written by the test
//   (test/support/write-tiny-gguf.ts), one thread, generating under JSON-Schema grammars;
// - openai: the official `openai` SDK over HTTP against a loopback OpenAI-protocol server answering from
//   that same tiny model (test/support/openai-test-server.ts), with scripted 429 / 500 / hangs / bad
//   replies for retries, error codes and repair.
// Then what each adapter does beyond the contract, and the configuration (LLM_* variables).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../../infra/config.ts';
import {
  createLanguageModel,
  DEFAULT_LANGUAGE_MODEL_SETTINGS,
} from '../../../infra/language-model/create-language-model.ts';
import {
  LanguageModelError,
  type ChatMessage,
  type LanguageModel,
} from '../../../infra/language-model/language-model.ts';
import { openLanguageModel, type LanguageModelSettings } from '../../../infra/language-model/open-language-model.ts';
import { RULE_BASED_MODEL, type RuleBasedRules } from '../../../infra/language-model/rule-based-engine.ts';
import { startOpenAITestServer, type OpenAITestServer } from '../../support/openai-test-server.ts';
import { writeTinyGguf } from '../../support/write-tiny-gguf.ts';
import { CONTRACT_SCHEMA, ELEVATION_TOOL, languageModelContract } from '../../contract/language-model-contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'language-model-'));
const modelPath = writeTinyGguf(join(dir, 'tiny.gguf'));
const COMMON = { timeoutMs: 60_000, maxTokens: 256, repairAttempts: 2, maxToolSteps: 4 };

const RULES: RuleBasedRules = {
  drafters: {
    contract_warning: (input) => {
      const { unit, hours } = input as { unit: string; hours: number };
      const priority = hours < 12 ? 'immediate' : 'priority';
      return { title: `WARNO ${unit}`.slice(0, 24), priority, tasks: [`move ${hours}h`] };
    },
    broken_drafter: () => ({ title: 'x', priority: 'someday', tasks: [] }),
  },
  toolRules: {
    contract_elevation: ({ input, messages }) => {
      const result = messages.find((message: ChatMessage) => message.role === 'tool');
      if (!result) return { calls: [{ name: 'elevation_at', arguments: input }] };
      return { answer: `Elevation: ${(JSON.parse(result.content) as { elevation_m: number }).elevation_m} m` };
    },
  },
};

// ---------------------------------------------------------------- rule-based
let ruleBased: LanguageModel;
const openRuleBased = async () => {
  ruleBased = await openLanguageModel({ provider: 'rule_based', ...COMMON }, RULES);
};
const ruleBasedContract = languageModelContract({
  adapter: 'rule_based',
  model: () => ruleBased,
  streamsTokens: false,
});
ruleBasedContract.before(openRuleBased);
ruleBasedContract.run();

const rules = suite('rule-based drafter');
rules.before(openRuleBased);

rules('a task with a rule gets its exact, deterministic draft, marked rule-based', async () => {
  const request = {
    task: 'contract_warning',
    input: { unit: '2-7 IN', hours: 6 },
    messages: [],
    schema: CONTRACT_SCHEMA,
    schemaName: 'contract_record',
  };
  const first = await ruleBased.generateStructured(request);
  const second = await ruleBased.generateStructured(request);
  assert.equal(first.value, { title: 'WARNO 2-7 IN', priority: 'immediate', tasks: ['move 6h'] });
  assert.equal(second.value, first.value);
  assert.is(first.model, RULE_BASED_MODEL);
  assert.is(first.rule_based, true);
  assert.is(first.attempts, 1);
});

rules("a task without a rule gets the schema's smallest instance with the placeholder marker", async () => {
  const result = await ruleBased.generateStructured({
    task: 'unknown_task',
    messages: [],
    schema: CONTRACT_SCHEMA,
    schemaName: 'r',
  });
  assert.equal(result.value, { title: 'Rule-based draft (unknow', priority: 'routine', tasks: [] });
});

rules('a drafter whose output breaks the schema fails with LLM_INVALID_OUTPUT after the bounded attempts', async () => {
  const attempts: number[] = [];
  const error = (await ruleBased
    .generateStructured({
      task: 'broken_drafter',
      messages: [],
      schema: CONTRACT_SCHEMA,
      schemaName: 'r',
      onProgress: (event) => {
        if (event.type === 'attempt') attempts.push(event.attempt);
      },
    })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.instance(error, LanguageModelError);
  assert.is(error.code, 'LLM_INVALID_OUTPUT');
  assert.equal(attempts, [2, 3]);
  assert.equal(error.details, [
    '/priority must be equal to one of the allowed values (["routine","priority","immediate"])',
  ]);
});

rules('a tool run without a rule says plainly that it cannot answer', async () => {
  const result = await ruleBased.runTools({
    task: 'free_question',
    messages: [{ role: 'user', content: 'Where should the reserve be?' }],
    tools: [{ ...ELEVATION_TOOL, execute: async () => 0 }],
  });
  assert.equal(result.calls, []);
  assert.match(result.answer, /^The rule-based drafter cannot answer this: it has no rule for free_question\./);
});

rules("the tool rule's answer uses the tool result", async () => {
  const result = await ruleBased.runTools({
    task: 'contract_elevation',
    input: { longitude: 1, latitude: 2 },
    messages: [],
    tools: [{ ...ELEVATION_TOOL, execute: async () => ({ elevation_m: 88 }) }],
  });
  assert.is(result.answer, 'Elevation: 88 m');
  assert.equal(
    result.calls.map((c) => [c.call.arguments, c.result]),
    [[{ longitude: 1, latitude: 2 }, { elevation_m: 88 }]],
  );
});

rules('a tool still running at the deadline gets the abort signal; the run fails with LLM_TIMEOUT', async () => {
  let toolSignal: AbortSignal | undefined;
  const error = (await ruleBased
    .runTools({
      task: 'contract_elevation',
      input: { longitude: 1, latitude: 2 },
      messages: [],
      timeoutMs: 30,
      tools: [
        {
          ...ELEVATION_TOOL,
          execute: (_args, signal) =>
            new Promise((_, reject) => {
              toolSignal = signal;
              signal.addEventListener('abort', () => reject(new Error('tool stopped')), { once: true });
            }),
        },
      ],
    })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_TIMEOUT');
  assert.is(toolSignal?.aborted, true);
});

rules('a slow engine is stopped by the deadline with LLM_TIMEOUT', async () => {
  const never = createLanguageModel(
    {
      adapter: 'rule_based',
      model: 'never',
      turn: () => new Promise(() => {}),
      close: async () => {},
    },
    { ...DEFAULT_LANGUAGE_MODEL_SETTINGS, timeoutMs: 20 },
  );
  const error = (await never
    .generateStructured({ task: 't', messages: [], schema: CONTRACT_SCHEMA, schemaName: 'r' })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_TIMEOUT');
});

rules.run();

// ---------------------------------------------------------------- embedded llama.cpp
let llamaModel: LanguageModel;
const llamaContract = languageModelContract({ adapter: 'llama_cpp', model: () => llamaModel, streamsTokens: true });
llamaContract.before(async () => {
  llamaModel = await openLanguageModel({ provider: 'llama_cpp', ...COMMON, modelPath, contextSize: 2048, threads: 1 });
});
llamaContract.run();

const llama = suite('llama.cpp adapter');

llama('the model name comes from the GGUF metadata; the grammar keeps enums and lengths', async () => {
  assert.is(llamaModel.model, 'tiny-random-llama');
  const result = await llamaModel.generateStructured<{ title: string; priority: string; tasks: string[] }>({
    task: 'contract_record',
    messages: [{ role: 'user', content: 'Another record.' }],
    schema: CONTRACT_SCHEMA,
    schemaName: 'r',
    repairAttempts: 0,
    maxTokens: 200,
  });
  assert.ok(['routine', 'priority', 'immediate'].includes(result.value.priority));
  assert.ok(result.value.title.length <= 24 && result.value.tasks.length <= 3);
});

llama('numbers the grammar leaves unbounded are caught by validation (repair, then LLM_INVALID_OUTPUT)', async () => {
  const schema = {
    type: 'object',
    properties: { count: { type: 'integer', minimum: 0, maximum: 9 } },
    required: ['count'],
    additionalProperties: false,
  };
  const attempts: string[][] = [];
  const outcome = await llamaModel
    .generateStructured<{ count: number }>({
      task: 'count',
      messages: [{ role: 'user', content: 'How many?' }],
      schema,
      schemaName: 'count',
      maxTokens: 40,
      onProgress: (event) => {
        if (event.type === 'attempt') attempts.push(event.errors);
      },
    })
    .catch((e: unknown) => e);
  if (outcome instanceof LanguageModelError) {
    assert.is(outcome.code, 'LLM_INVALID_OUTPUT');
    assert.is(attempts.length, 2);
    assert.ok(outcome.details.length > 0);
  } else {
    const value = (outcome as { value: { count: number } }).value;
    assert.ok(Number.isInteger(value.count) && value.count >= 0 && value.count <= 9, JSON.stringify(value));
  }
  // Every rejected attempt was rejected for the number, never for the JSON shape the grammar holds.
  for (const errors of attempts) {
    for (const line of errors) assert.match(line, /^\/count must be|^the reply is not JSON/);
  }
});

llama('a check beyond the schema (the fact check) repairs like validation, then refuses with its name', async () => {
  const request = {
    task: 'contract_record',
    messages: [{ role: 'user' as const, content: 'A record.' }],
    schema: CONTRACT_SCHEMA,
    schemaName: 'r',
    repairAttempts: 1,
    maxTokens: 200,
  };
  const attempts: string[][] = [];
  let checked = 0;
  const once = await llamaModel.generateStructured({
    ...request,
    check: { name: 'the facts given', errors: () => (checked++ === 0 ? ['/title: grid 32UNB 1 1 is unknown'] : []) },
    onProgress: (event) => {
      if (event.type === 'attempt') attempts.push(event.errors);
    },
  });
  assert.equal([once.attempts, attempts], [2, [['/title: grid 32UNB 1 1 is unknown']]]);
  const refused = (await llamaModel
    .generateStructured({ ...request, check: { name: 'the facts given', errors: () => ['/title: DTG 010000Z'] } })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.instance(refused, LanguageModelError);
  assert.equal([refused.code, refused.details], ['LLM_INVALID_OUTPUT', ['/title: DTG 010000Z']]);
  assert.match(refused.message, /^no output valid against the facts given after 2 attempt\(s\): \/title: DTG 010000Z/);
});

llama('a file that is not a GGUF model fails with LLM_UNAVAILABLE', async () => {
  const bad = join(dir, 'not-a-model.gguf');
  writeFileSync(bad, 'this is not a model file\n'.repeat(10));
  const settings = { provider: 'llama_cpp' as const, ...COMMON, modelPath: bad, contextSize: 256, threads: 1 };
  const error = (await openLanguageModel(settings).catch((e: unknown) => e)) as LanguageModelError;
  assert.instance(error, LanguageModelError);
  assert.is(error.code, 'LLM_UNAVAILABLE');
});

llama.run();

// ---------------------------------------------------------------- OpenAI-compatible HTTP
let server: OpenAITestServer;
let openaiModel: LanguageModel;
const openaiSettings = (overrides: Partial<Extract<LanguageModelSettings, { provider: 'openai' }>> = {}) => ({
  provider: 'openai' as const,
  ...COMMON,
  baseUrl: server.url,
  apiKey: null,
  model: 'tiny-random-llama',
  maxRetries: 2,
  ...overrides,
});
const openaiContract = languageModelContract({ adapter: 'openai', model: () => openaiModel, streamsTokens: true });
openaiContract.before(async () => {
  server = await startOpenAITestServer(modelPath);
  openaiModel = await openLanguageModel(openaiSettings());
});
openaiContract.run();

const http = suite('OpenAI-compatible adapter');
http.before.each(() => {
  server.requests.length = 0;
});

http('the request carries the schema as response_format json_schema and streams', async () => {
  await openaiModel.generateStructured({
    task: 'contract_record',
    messages: [{ role: 'user', content: 'Draft.' }],
    schema: CONTRACT_SCHEMA,
    schemaName: 'contract_record',
  });
  const body = server.requests[0]!;
  assert.is(body.stream, true);
  assert.equal(body.response_format, {
    type: 'json_schema',
    json_schema: { name: 'contract_record', schema: CONTRACT_SCHEMA, strict: false },
  });
});

http('429 twice then an answer: retried with backoff, succeeds', async () => {
  server.script({ status: 429, retryAfterMs: 5 }, { status: 429, retryAfterMs: 5 });
  const result = await openaiModel.generateStructured({
    task: 'contract_record',
    messages: [{ role: 'user', content: 'Draft.' }],
    schema: CONTRACT_SCHEMA,
    schemaName: 'r',
  });
  assert.is(server.requests.length, 3);
  assert.equal(result.attempts, 1);
});

http('500 on every retry: LLM_UNAVAILABLE after 1 + maxRetries requests', async () => {
  server.script({ status: 500, retryAfterMs: 5 }, { status: 502, retryAfterMs: 5 }, { status: 503, retryAfterMs: 5 });
  const error = (await openaiModel
    .generateStructured({
      task: 'contract_record',
      messages: [],
      schema: CONTRACT_SCHEMA,
      schemaName: 'r',
    })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_UNAVAILABLE');
  assert.match(error.message, /503/);
  assert.is(server.requests.length, 3);
});

http('a server that never answers: LLM_TIMEOUT', async () => {
  server.script({ hang: true });
  const model = await openLanguageModel(openaiSettings({ maxRetries: 0, timeoutMs: 300 }));
  const error = (await model
    .generateStructured({ task: 'r', messages: [], schema: CONTRACT_SCHEMA, schemaName: 'r' })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_TIMEOUT');
});

http('nothing listening: LLM_UNAVAILABLE', async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const model = await openLanguageModel(openaiSettings({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }));
  const error = (await model
    .generateStructured({ task: 'r', messages: [], schema: CONTRACT_SCHEMA, schemaName: 'r' })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_UNAVAILABLE');
  assert.match(error.message, /cannot reach/);
});

http('an invalid reply is re-asked with the validation errors; the repaired reply is used', async () => {
  server.script({ reply: '{"title": "x", "priority": "urgent", "tasks": []}' });
  const result = await openaiModel.generateStructured({
    task: 'r',
    messages: [{ role: 'user', content: 'Draft.' }],
    schema: CONTRACT_SCHEMA,
    schemaName: 'r',
  });
  assert.is(result.attempts, 2);
  const repair = server.requests[1]!.messages;
  assert.equal(repair[1], { role: 'assistant', content: '{"title": "x", "priority": "urgent", "tasks": []}' });
  assert.match(String(repair[2]!.content), /\/priority must be equal to one of the allowed values/);
});

http('invalid replies on every attempt: LLM_INVALID_OUTPUT after 1 + repairAttempts requests', async () => {
  server.script({ reply: '{"title": 1e400}' }, { reply: 'not json' }, { reply: '{"title": "x"}' });
  const error = (await openaiModel
    .generateStructured({
      task: 'r',
      messages: [],
      schema: CONTRACT_SCHEMA,
      schemaName: 'r',
    })
    .catch((e: unknown) => e)) as LanguageModelError;
  assert.is(error.code, 'LLM_INVALID_OUTPUT');
  assert.is(server.requests.length, 3);
  assert.equal(error.details, [`/ must have required property 'priority'`, `/ must have required property 'tasks'`]);
});

http('a streamed tool call is executed and its result sent back under the call id', async () => {
  server.script({ toolCall: { name: 'elevation_at', arguments: '{"longitude":10,"latitude":50}' } });
  const executed: unknown[] = [];
  const result = await openaiModel.runTools({
    task: 'q',
    messages: [{ role: 'user', content: 'Elevation at 10 E 50 N?' }],
    maxSteps: 2,
    tools: [
      {
        ...ELEVATION_TOOL,
        execute: async (args) => {
          executed.push(args);
          return { elevation_m: 123 };
        },
      },
    ],
  });
  assert.equal(executed, [{ longitude: 10, latitude: 50 }]);
  assert.is(server.requests[0]!.tool_choice, 'auto');
  const second = server.requests[1]!;
  assert.is(second.tool_choice, 'none');
  const callId = result.calls[0]!.call.id;
  assert.equal(second.messages.at(-1), { role: 'tool', tool_call_id: callId, content: '{"elevation_m":123}' });
  assert.ok(result.answer.length > 0);
});

http.after(async () => {
  await openaiModel.close();
  await server.close();
  await llamaModel.close();
});
http.run();

// ---------------------------------------------------------------- configuration
const config = suite('language-model configuration');

config('no LLM settings: the rule-based drafter', () => {
  assert.equal(loadConfig({}).languageModel, {
    provider: 'rule_based',
    timeoutMs: 120000,
    maxTokens: 2048,
    repairAttempts: 2,
    maxToolSteps: 6,
  });
});

config('LLM_BASE_URL infers openai; LLM_MODEL_PATH infers llama_cpp', () => {
  const openai = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5:7b' }).languageModel;
  assert.is(openai.provider, 'openai');
  const local = loadConfig({ LLM_MODEL_PATH: modelPath, LLM_THREADS: '1' }).languageModel;
  const shape = local.provider === 'llama_cpp' && [local.modelPath, local.threads, local.contextSize];
  assert.equal(shape, [modelPath, 1, 4096]);
});

config('bad settings stop start-up with a one-line reason', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ LLM_PROVIDER: 'gpt' }, /^LLM_PROVIDER="gpt" is not one of openai, llama_cpp, rule_based$/],
    [{ LLM_PROVIDER: 'openai' }, /^LLM_PROVIDER=openai needs LLM_BASE_URL/],
    [{ LLM_BASE_URL: 'http://x/v1' }, /^LLM_PROVIDER=openai needs LLM_MODEL/],
    [{ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' }, /^LLM_BASE_URL must use http: or https:/],
    [{ LLM_MODEL_PATH: '/nonexistent/model.gguf' }, /^LLM_MODEL_PATH="\/nonexistent\/model.gguf": no such file$/],
    [{ LLM_BASE_URL: 'http://x/v1', LLM_MODEL_PATH: modelPath }, /both set: choose one with LLM_PROVIDER/],
    [{ LLM_TIMEOUT_MS: '0' }, /^LLM_TIMEOUT_MS="0" must be an integer from 100/],
  ];
  for (const [env, message] of cases) {
    const error = (() => {
      try {
        loadConfig(env);
        return null;
      } catch (e) {
        return e as Error;
      }
    })();
    assert.instance(error, ConfigError, JSON.stringify(env));
    assert.match(error!.message, message);
    assert.not.match(error!.message, /\n/);
  }
});

config.after(() => rmSync(dir, { recursive: true, force: true }));
config.run();
