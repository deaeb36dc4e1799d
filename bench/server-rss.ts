// Memory of the embedded server as a new user runs it (issue 9, defect 5): the real `npm start`
// command on a fresh DATA_DIR, RSS sampled from /proc every 100 ms — idle after start-up, during
// 20 s of mixed load (operations, maps, OGC items, tiles, job polls), and during a 100 km² terrain
// job on the synthetic source. Baseline in the same run: a bare `node` process.
// Usage: npx tsx bench/server-rss.ts [--load-seconds=20]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, type TestService } from '../test/support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary } from '../test/support/terrain-flow.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const loadSeconds = Number(process.argv.find((a) => a.startsWith('--load-seconds='))?.split('=')[1] ?? 20);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak RSS of `pid` while `work` runs. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(100);
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ops-rss-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  EVENT_STORE: 'embedded',
  DATABASE_URL: '',
};
// The start script's command, run without npm in between so the pid is the server's own.
const [command, ...args] = pkg.scripts.start!.split(/\s+/);
const server = spawn(command === 'node' ? process.execPath : join(root, 'node_modules/.bin', command!), args, {
  cwd: root,
  env,
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const bare = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  await sleep(10_000);
  const idle = rssMb(server.pid!);
  const bareIdle = rssMb(bare.pid!);
  bare.kill();
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'entrypoints/create-key.ts', '--account', 'bench'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const key = created.stdout.trim();
  const svc = { url, key } as TestService;

  const loaded = await peakDuring(server.pid!, async () => {
    const { mapId } = await mapWithBoundary(svc, squareBoundary(24.8, 60.2, 24.82, 60.21));
    const deadline = Date.now() + loadSeconds * 1000;
    const client = async () => {
      while (Date.now() < deadline) {
        const op = await http(url, 'POST', '/api/operations/', {
          key,
          body: { name: 'Load', unit: 'U', branch: 'armor', echelon: 'company' },
        });
        await http(url, 'PUT', `/api/operations/${op.body.id}`, { key, body: { description: 'x'.repeat(500) } });
        await http(url, 'GET', '/api/operations/?force_all=true&size=100', { key });
        await http(url, 'GET', `/api/maps/${mapId}/ogc/features/collections`, { key });
        await http(
          url,
          'GET',
          '/api/ogc/tiles/collections/svc-native--terrain-elevation/tiles/WebMercatorQuad/12/1185/2329.png',
          { key },
        );
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
  });

  // 100 km² at 60° N: 0.18° of longitude × 0.09° of latitude.
  const job = await peakDuring(server.pid!, async () => {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(24.8, 60.2, 24.98, 60.29));
    const jobId = await requestJob(svc, mapId, boundary);
    for (;;) {
      const state = (await http(url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key })).body;
      if (['success', 'failed', 'cancelled'].includes(state.status)) break;
      await sleep(200);
    }
  });
  await sleep(20_000);
  const after = rssMb(server.pid!);
  console.log(`bare node process: ${bareIdle.toFixed(0)} MB`);
  console.log(`server idle after start: ${idle.toFixed(0)} MB (goal ≤ 300)`);
  console.log(`server peak under ${loadSeconds} s of mixed load (8 clients): ${loaded.toFixed(0)} MB (goal ≤ 600)`);
  console.log(`server peak during a 100 km² terrain job: ${job.toFixed(0)} MB (goal ≤ 600)`);
  console.log(`server 20 s after the job: ${after.toFixed(0)} MB`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
