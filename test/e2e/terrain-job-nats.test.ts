// test:serial (kills processes or restarts services mid-job: needs the machine to itself)
// Production shape on one machine: API (+ projector + dispatcher) on PostgreSQL, phase workers in
// separate `npm run worker` processes sharing the NATS JetStream queue. A worker killed with
// SIGKILL mid-phase still leaves the job successful, each phase completed once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readdirSync, statSync } from 'node:fs';
import { connect } from 'nats';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { TEST_NATS_URL } from '../support/backends.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../support/terrain-flow.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let svc: TestService;
const workers: ChildProcess[] = [];

function startWorker(extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'entrypoints/worker.ts')], {
    cwd: root,
    env: { ...process.env, ...svc.env, LOG_LEVEL: 'warn', ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => process.stderr.write(`[worker ${child.pid}] ${chunk}`));
  workers.push(child);
  return child;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    n += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return n;
}

test.before(async () => {
  svc = await startTestService('postgres', {
    NATS_URL: TEST_NATS_URL,
    WORK_QUEUE: 'nats',
    INLINE_WORKERS: 'false',
    TASK_ACK_WAIT_MS: '3000',
    WORKER_CONCURRENCY: '2',
  });
});

test.after(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await svc.close();
  const nc = await connect({ servers: TEST_NATS_URL });
  await (await nc.jetstreamManager()).streams.delete(svc.env.NATS_STREAM!).catch(() => undefined);
  await nc.close();
});

test('two worker processes share the work; the job succeeds', async () => {
  startWorker();
  startWorker();
  const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.93, 60.15, 25.0, 60.18));
  const jobId = await requestJob(svc, mapId, boundary);
  const last = (await pollJob(svc, jobId)).at(-1);
  assert.is(last.status, 'success', JSON.stringify(last));
  assert.is(last.analysis_ready, true);
  assert.is(last.display_ready, true);
});

test('a worker killed mid-phase (SIGKILL): the task runs elsewhere, each phase completes once', async () => {
  for (const w of workers.splice(0)) {
    w.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, 1500));
  const victim = startWorker({ WORKER_CONCURRENCY: '1' });
  const { mapId, boundary, operationId } = await mapWithBoundary(svc, squareBoundary(11.0, 48.0, 11.3, 48.2));
  const jobId = await requestJob(svc, mapId, boundary, { include_buildings: true });
  const deadline = Date.now() + 90_000;
  let killedPhase: string | null = null;
  while (Date.now() < deadline && !killedPhase) {
    const history = await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key });
    const started = history.body.items.find(
      (e: any) => e.type === 'TerrainPhaseStarted' && String(e.data.worker_id).includes(`:${victim.pid}:`),
    );
    if (started) killedPhase = started.data.phase;
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(killedPhase, 'the first worker started a phase');
  victim.kill('SIGKILL');
  startWorker();
  const last = (await pollJob(svc, jobId, 240_000)).at(-1);
  assert.is(last.status, 'success', JSON.stringify(last));
  assert.is(last.display_ready, true);
  const history = await http(svc.url, 'GET', `/api/operations/${operationId}/history?size=100`, { key: svc.key });
  const events = history.body.items;
  const completed = events.filter((e: any) => e.type === 'TerrainPhaseCompleted').map((e: any) => e.data.phase);
  assert.is(new Set(completed).size, completed.length, `each phase completed once: ${completed}`);
  const progressed = events.filter((e: any) => e.type === 'TerrainPhaseProgressed').length;
  const tileCompletions = events
    .filter((e: any) => e.type === 'TerrainPhaseCompleted')
    .reduce((n: number, e: any) => n + e.data.counts.total, 0);
  assert.ok(
    progressed < tileCompletions / 2,
    `progress is throttled: ${progressed} progress events for ${tileCompletions} tile completions`,
  );
  const retried = events.filter((e: any) => e.type === 'TerrainPhaseStarted' && e.data.phase === killedPhase);
  assert.ok(retried.length >= 2 && retried.at(-1).data.attempt >= 2, 'the killed phase was delivered again');
  const total = last.phases.find((p: any) => p.id === 'terrain_source_artifacts').counts.total;
  for (const phase of last.phases) {
    if (phase.status === 'skipped') continue;
    assert.equal(phase.counts.completed + phase.counts.skipped, total, `${phase.id} counts exact`);
  }
  // Content-addressed keys: rerunning a phase rewrites the same files, never adds duplicates.
  const store = svc.env.TILE_STORE_DIR!;
  const before = countFiles(store);
  const again = await requestJob(svc, mapId, boundary, { include_buildings: true });
  assert.is((await pollJob(svc, again)).at(-1).status, 'success');
  assert.is(countFiles(store), before, 'a second job adds no tile or artifact');
});

test.run();
