// POST /api/terrain-analysis/ → analysis_ready (and → display_ready) for a 10 km × 10 km area on
// the synthetic source: embedded mode (PGlite, in-process queue and workers), and PostgreSQL +
// NATS JetStream with 1 and with 2 `npm run worker` processes. Each run has a fresh tile store, so
// nothing is cached.
// Usage: npx tsx bench/terrain-job-latency.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { http, startTestService, type TestService } from '../test/support/test-service.ts';
import { TEST_NATS_URL } from '../test/support/backends.ts';
import { mapWithBoundary, requestJob, squareBoundary } from '../test/support/terrain-flow.ts';
import { fmt } from './support.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// 10 km × 10 km at 60° N: 0.18° of longitude × 0.09° of latitude.
const area = squareBoundary(24.8, 60.2, 24.98, 60.29);

async function measure(svc: TestService): Promise<{ analysis: number; display: number; tiles: number }> {
  const { mapId, boundary } = await mapWithBoundary(svc, area);
  const started = performance.now();
  const jobId = await requestJob(svc, mapId, boundary);
  let analysis = NaN;
  for (;;) {
    const job = (await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: svc.key })).body;
    if (job.analysis_ready && Number.isNaN(analysis)) analysis = performance.now() - started;
    if (['success', 'failed', 'cancelled'].includes(job.status)) {
      if (job.status !== 'success') throw new Error(`job ${job.status}: ${JSON.stringify(job)}`);
      const tiles = job.phases.find((p: { id: string }) => p.id === 'terrain_source_artifacts').counts.total;
      return { analysis, display: performance.now() - started, tiles };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function report(label: string, r: { analysis: number; display: number; tiles: number }) {
  console.log(
    `${label.padEnd(34)} ${r.tiles} work tiles  analysis_ready ${fmt(r.analysis / 1000, 2)} s  display_ready ${fmt(r.display / 1000, 2)} s`,
  );
}

const embedded = await startTestService('pglite');
try {
  report('embedded (PGlite, in-process)', await measure(embedded));
} finally {
  await embedded.close();
}

for (const workerCount of [1, 2]) {
  const svc = await startTestService('postgres', {
    NATS_URL: TEST_NATS_URL,
    WORK_QUEUE: 'nats',
    INLINE_WORKERS: 'false',
    WORKER_CONCURRENCY: '2',
  });
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < workerCount; i++) {
      workers.push(
        spawn(process.execPath, ['--import', 'tsx', join(root, 'entrypoints/worker.ts')], {
          cwd: root,
          env: { ...process.env, ...svc.env, LOG_LEVEL: 'warn' },
          stdio: 'ignore',
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 3000)); // workers connect
    report(`PostgreSQL + NATS, ${workerCount} worker${workerCount > 1 ? 's' : ''}`, await measure(svc));
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await svc.close();
    const nc = await connect({ servers: TEST_NATS_URL });
    await (await nc.jetstreamManager()).streams.delete(svc.env.NATS_STREAM!).catch(() => undefined);
    await nc.close();
  }
}
process.exit(0);
