// End-to-end time of a WARNO paragraph drafted through a generation job (POST …/generate → the job
// polled until success, every 2 ms) on the embedded service (PGlite, in-process queue and workers),
// with the rule-based drafter and with the tiny random GGUF (llama.cpp, one thread). Baseline in the
// same run: a person's PUT of the same kind of record (one command, answered after the read models),
// so the ratio is the cost of the job (event, dispatcher, queue, worker, grounding reads, second write).
// Usage: npx tsx bench/generation-job-latency.ts [--runs=20]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, startTestService, type TestService } from '../test/support/test-service.ts';
import { writeTinyGguf } from '../test/support/write-tiny-gguf.ts';
import { fmt, numberArg } from './support.ts';

const RUNS = numberArg('runs', 20);
const TYPES = ['situation', 'mission', 'area_of_operations', 'logistics', 'command'];

async function operation(svc: TestService): Promise<string> {
  return (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
    })
  ).body.id;
}

const recordId = async (svc: TestService, op: string, type: string) =>
  (await http(svc.url, 'GET', `/api/warno/?operation_id=${op}&type=${type}`, { key: svc.key })).body.id as string;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function puts(svc: TestService): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = await recordId(svc, await operation(svc), TYPES[i % TYPES.length]!);
    const started = performance.now();
    const r = await http(svc.url, 'PUT', `/api/warno/${id}`, { key: svc.key, body: { text: `Paragraph ${i}` } });
    if (r.status !== 200) throw new Error(r.text);
    times.push(performance.now() - started);
  }
  return times;
}

async function generations(svc: TestService): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = await recordId(svc, await operation(svc), TYPES[i % TYPES.length]!);
    const started = performance.now();
    const jobId = (await http(svc.url, 'POST', `/api/warno/${id}/generate`, { key: svc.key, body: {} })).body.id;
    for (;;) {
      const job = (await http(svc.url, 'GET', `/api/generation-jobs/${jobId}`, { key: svc.key })).body;
      if (job.status === 'failed') throw new Error(JSON.stringify(job.error));
      if (job.status === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    times.push(performance.now() - started);
  }
  return times;
}

const modelPath = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'bench-generation-')), 'tiny.gguf'));
const setups: Array<[string, Record<string, string>]> = [
  ['rule-based', {}],
  [
    'llama.cpp tiny GGUF, 1 thread, LLM_MAX_TOKENS=300',
    {
      LLM_MODEL_PATH: modelPath,
      LLM_THREADS: '1',
      LLM_CONTEXT_SIZE: '2048',
      LLM_MAX_TOKENS: '300',
    },
  ],
];
for (const [name, env] of setups) {
  const svc = await startTestService('pglite', env);
  try {
    const baseline = median(await puts(svc));
    const generated = median(await generations(svc));
    console.log(
      `${name}: PUT (baseline) median ${fmt(baseline, 1)} ms; ` +
        `generate → success median ${fmt(generated, 1)} ms; ` +
        `ratio ${fmt(generated / baseline, 1)}× (${RUNS} runs each)`,
    );
  } finally {
    await svc.close();
  }
}
