// Latency of GET /api/health/ and of a plain GET /api/operations/{id} while 24 analyses run at once
// (16 viewsheds of 5 km and 8 lines of sight, each at its own place), against the same probes on the
// idle server in the same run. Goal (issue 20): p99 ≤ 100 ms under load, on the embedded default and
// in the production shape (API with projector and dispatchers on PostgreSQL, analyses run by worker
// processes over NATS JetStream). The API runs in a child process started as `npm start` does, so the
// probes (this process) never share its event loop. Prints the event-loop delay the health body reports.
// Usage: npx tsx bench/health-under-analyses.ts [--shape=embedded|postgres] [--workers=2] [--rounds=1] [--profile=dir]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../test/support/backends.ts';
import { fmt, numberArg } from './support.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const shapes = (process.argv.find((a) => a.startsWith('--shape='))?.split('=')[1] ?? 'embedded,postgres').split(',');
const WORKERS = numberArg('workers', 2);
const ROUNDS = numberArg('rounds', 1);
const PROBE_TIMEOUT_MS = 20_000;
const IDLE_PROBES = 60;
/** --profile=<dir>: the API process writes a CPU profile there (node --cpu-prof) when it stops. */
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

interface Shape {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

function shapeEnv(shape: string, port: number, dataDir: string): Shape {
  const base = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    TILE_STORE_DIR: join(dataDir, 'tiles'),
    DOCUMENT_DIR: join(dataDir, 'documents'),
    GENERATED_MAPS: 'false',
  };
  if (shape === 'embedded') return { env: { ...base, EVENT_STORE: 'embedded' }, cleanup: async () => undefined };
  const schema = uniqueName('bench_health');
  const stream = `BENCH_${schema.toUpperCase()}`;
  return {
    env: {
      ...base,
      EVENT_STORE: 'postgres',
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: schema,
      WORK_QUEUE: 'nats',
      NATS_URL: TEST_NATS_URL,
      INLINE_WORKERS: 'false',
      NATS_STREAM: stream,
      NATS_SUBJECT: `bench.${schema}.tasks`,
      NATS_DURABLE: `workers_${schema}`,
      ADMIN_SOCKET: '',
    },
    async cleanup() {
      const nc = await connect({ servers: TEST_NATS_URL });
      await (await nc.jetstreamManager()).streams.delete(stream).catch(() => undefined);
      await nc.close();
      const { openDatabase } = await import('../infra/database/database.ts');
      const db = await openDatabase({ connectionString: TEST_DATABASE_URL, schema: 'public' });
      await db.knex.raw(`drop schema if exists "${schema}" cascade`);
      await db.close();
    },
  };
}

function startProcess(entrypoint: string, env: Record<string, string>, name: string): ChildProcess {
  const profile = PROFILE_DIR && name === 'api' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, entrypoint)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function timed(url: string, key: string | null) {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    const body = (await response.json()) as any;
    return { ms: performance.now() - started, ok: response.status === 200, body };
  } catch {
    return { ms: PROBE_TIMEOUT_MS, ok: false, body: null };
  }
}

async function post(base: string, key: string, path: string, body: unknown) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json()) as any;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** Probes health and the operation one after the other until `done` says stop; every latency kept. */
async function probe(base: string, key: string, operationId: string, until: () => boolean) {
  const health: number[] = [];
  const operation: number[] = [];
  let failures = 0;
  let worstDelay = { p50: 0, p99: 0, max: 0 };
  while (!until()) {
    const h = await timed(`${base}/api/health/`, null);
    health.push(h.ms);
    if (!h.ok) failures++;
    const delay = h.body?.event_loop_delay_ms;
    if (delay && delay.p99 > worstDelay.p99) worstDelay = delay;
    const o = await timed(`${base}/api/operations/${operationId}`, key);
    operation.push(o.ms);
    if (!o.ok) failures++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { health, operation, failures, worstDelay };
}

/** 16 viewsheds of 5 km and 8 lines of sight, each at its own place (nothing shared between them). */
function analyses(round: number) {
  const at = (i: number): [number, number] => [11 + 0.3 * (i % 8) + 0.05 * round, 47 + 0.3 * Math.floor(i / 8)];
  const bodies: unknown[] = [];
  for (let i = 0; i < 16; i++)
    bodies.push({ type: 'viewshed', observer: { position: at(i), height_m: 10 }, radius_m: 5000 });
  for (let i = 16; i < 24; i++) {
    const [lon, lat] = at(i);
    bodies.push({
      type: 'line_of_sight',
      observer: { position: [lon, lat], height_m: 2 },
      target: { position: [lon + 0.05, lat + 0.02] },
    });
  }
  return bodies;
}

async function runShape(shape: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-health-'));
  const port = await freePort();
  const { env, cleanup } = shapeEnv(shape, port, dataDir);
  const children: ChildProcess[] = [];
  try {
    children.push(startProcess('entrypoints/api.ts', env, 'api'));
    if (shape !== 'embedded') {
      for (let i = 0; i < WORKERS; i++) children.push(startProcess('entrypoints/worker.ts', env, `worker ${i + 1}`));
    }
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await timed(`${base}/api/health/`, null)).ok) break;
      if (i > 6000) throw new Error('the API did not start within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // After the API is up: create-key mints through its admin socket (embedded) or waits for its projector.
    const minted = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'entrypoints/create-key.ts'), '--account', 'bench'],
      {
        cwd: root,
        env: { ...process.env, ...env },
        encoding: 'utf8',
      },
    );
    if (minted.status !== 0) throw new Error(`create-key: ${minted.stderr}`);
    const key = minted.stdout.trim();
    const operation = await post(base, key, '/api/operations/', {
      name: 'Bench',
      unit: 'U',
      branch: 'signal',
      echelon: 'company',
    });
    const map = await post(base, key, '/api/maps/', { operation_id: operation.id, name: 'Map' });

    let idleLeft = IDLE_PROBES;
    const idle = await probe(base, key, operation.id, () => idleLeft-- <= 0);
    console.log(
      `\n${shape}${shape === 'embedded' ? '' : ` (API + projector on PostgreSQL, ${WORKERS} worker processes over NATS)`}`,
    );
    console.log(
      'phase | probe | n | p50 ms | p99 ms | max ms | failed | event-loop delay p50/p99/max ms (worst health body)',
    );
    const line = (
      phase: string,
      name: string,
      values: number[],
      failures: number,
      delay: { p50: number; p99: number; max: number },
    ) => {
      const s = summary(values);
      console.log(
        `${phase} | ${name} | ${s.n} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.max, 1)} | ${failures} | ` +
          `${fmt(delay.p50, 1)}/${fmt(delay.p99, 1)}/${fmt(delay.max, 1)}`,
      );
    };
    line('idle', 'health', idle.health, idle.failures, idle.worstDelay);
    line('idle', 'operation', idle.operation, 0, idle.worstDelay);

    for (let round = 0; round < ROUNDS; round++) {
      let finished = false;
      const started = performance.now();
      const requests = analyses(round).map(async (body) => {
        const created = await post(base, key, `/api/maps/${map.id}/analyses/`, body);
        for (;;) {
          const r = await timed(`${base}/api/analyses/${created.id}`, key);
          if (r.body && ['success', 'failed', 'cancelled'].includes(r.body.status)) return r.body.status as string;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      });
      const all = Promise.all(requests).finally(() => {
        finished = true;
      });
      const busy = await probe(base, key, operation.id, () => finished);
      const statuses = await all;
      const seconds = (performance.now() - started) / 1000;
      const ok = statuses.filter((s) => s === 'success').length;
      line(`24 analyses (${ok} ok, ${fmt(seconds, 1)} s)`, 'health', busy.health, busy.failures, busy.worstDelay);
      line(`24 analyses (${ok} ok, ${fmt(seconds, 1)} s)`, 'operation', busy.operation, 0, busy.worstDelay);
      const target = (values: number[]) => (summary(values).p99 <= 100 ? 'met' : 'NOT met');
      console.log(
        `goal p99 ≤ 100 ms: health ${target(busy.health)}, operation ${target(busy.operation)}; ` +
          `p99 ratio to idle: health ${fmt(summary(busy.health).p99 / summary(idle.health).p99, 1)}, ` +
          `operation ${fmt(summary(busy.operation).p99 / summary(idle.operation).p99, 1)}`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) resolve(null);
            else child.once('exit', resolve);
          }),
      ),
    );
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const shape of shapes) await runShape(shape);
