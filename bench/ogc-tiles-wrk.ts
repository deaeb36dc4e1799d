// OGC API Tiles requests per second through the whole service (HTTP, bearer-key check, path
// validation, readiness, the tile bytes, the ETag) against two baselines in the same run, under the
// same load (wrk, same connections, duration and request list):
//   - a bare node:http server (its own process) answering the same bytes from memory: the ceiling
//     for a Node server, and the goal's reference (>= 0.6x its req/s, p99 <= 2x its p99);
//   - nginx serving a copy of the tile files under the same URL paths.
// wrk (Debian package) is used because it is not itself the bottleneck (autocannon tops out far
// below nginx here). Prints req/s, p50 and p99 of each and the ratios.
// Usage: npx tsx bench/ogc-tiles-wrk.ts [--backend=postgres|pglite] [--connections=16]
//        [--duration=10] [--side=8] [--threads=1]  (side x side work tiles, each a PNG and an MVT tile)
import { execFile, fork, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { Session } from 'node:inspector/promises';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayTileKey } from '../domain/terrain/display-tile-key.ts';
import { createJob, elevationPng, putTile, roadsMvt, startTilesService } from '../test/api/ogc-tiles-support.ts';
import { backendsFromArgs, fmt, numberArg } from './support.ts';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';
const CONNECTIONS = numberArg('connections', 16);
const DURATION_S = numberArg('duration', 10);
const SIDE = numberArg('side', 8);
const THREADS = numberArg('threads', 1);
/** --api-only: load the API alone; with --cpu-profile=<file>, profile the server during that run. */
const API_ONLY = process.argv.includes('--api-only');
const X0 = 2176;
const Y0 = 1360;
const FINGERPRINT = 'bench';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, what = 'nginx'): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not listen on ${port}`);
}

/** nginx in the foreground, one worker (the service is one Node process), static files under `root`. */
async function startNginx(dir: string, root: string, port: number): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `
daemon off;
# Only meaningful when started as root: lets the worker read the benchmark's private temp dir.
user root;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  types { image/png png; application/vnd.mapbox-vector-tile mvt; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
    add_header Cache-Control "private, max-age=300";
  }
}
`,
  );
  const child = spawn(NGINX, ['-e', join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(port, child);
  return child;
}

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  mbps: number;
}

/** One wrk run over `paths` in turn; latency in ms. Any non-2xx/3xx answer or socket error fails the run. */
async function load(
  dir: string,
  url: string,
  paths: string[],
  seconds: number,
  key: string | null,
): Promise<WrkResult> {
  const script = join(dir, 'paths.lua');
  await writeFile(
    script,
    `
local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local headers = { ${key ? `["Authorization"] = "Bearer ${key}"` : ''} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
`,
  );
  const { stdout } = await run(
    'wrk',
    ['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '-s', script, url],
    { maxBuffer: 1 << 20 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const [requests, durationUs, bytes, p50Us, p99Us, errors] = line.split(' ').slice(1).map(Number) as number[];
  if (errors! > 0) throw new Error(`${url}: ${errors} errors or non-2xx/3xx answers`);
  const seconds_ = durationUs! / 1e6;
  return { rps: requests! / seconds_, p50: p50Us! / 1000, p99: p99Us! / 1000, mbps: bytes! / seconds_ / 1e6 };
}

/** The bare node:http baseline in its own process, serving the files of `manifest` at their paths. */
async function startBareServer(
  dir: string,
  manifest: Record<string, { file: string; type: string }>,
  port: number,
): Promise<ChildProcess> {
  const file = join(dir, 'manifest.json');
  await writeFile(file, JSON.stringify(manifest));
  const child = fork(fileURLToPath(new URL('./support/bare-tile-server.ts', import.meta.url)), [file, String(port)], {
    execArgv: ['--import', 'tsx', ...(process.env.BARE_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/bareprof'] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await waitForPort(port, child, 'bare node server');
  return child;
}

async function stop(child: ChildProcess | null, signal: NodeJS.Signals) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

for (const backend of backendsFromArgs()) {
  const svc = await startTilesService(backend);
  const work = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  let nginx: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  try {
    const tiles: Array<[number, number]> = [];
    for (let dx = 0; dx < SIDE; dx++) for (let dy = 0; dy < SIDE; dy++) tiles.push([X0 + dx, Y0 + dy]);
    await createJob(svc, {
      tiles,
      fingerprint: FINGERPRINT,
      phases: { terrain_display_tiles: 'complete', road_display_tiles: 'complete' },
    });
    // Other jobs elsewhere, so the readiness query does not run on an almost empty table.
    const OTHER_JOBS = 50;
    const jobs = OTHER_JOBS + 1;
    for (let k = 0; k < OTHER_JOBS; k++) {
      await createJob(svc, {
        tiles: [
          [100 + k * 3, 200],
          [101 + k * 3, 200],
        ],
        fingerprint: `other-${k}`,
        phases: { terrain_display_tiles: 'complete' },
      });
    }

    const root = join(work, 'www');
    const paths: string[] = [];
    const manifest: Record<string, { file: string; type: string }> = {};
    let bytes = 0;
    for (const [x, y] of tiles) {
      for (const [collection, ext, encoded] of [
        ['svc-native--terrain-elevation', 'png', elevationPng({ z: 12, x, y })],
        ['svc-native--roads', 'mvt', roadsMvt({ z: 12, x, y })],
      ] as const) {
        await putTile(svc, collection, FINGERPRINT, { z: 12, x, y }, encoded);
        // nginx serves a copy of the stored file at the API's URL path.
        const path = `/api/ogc/tiles/collections/${collection}/tiles/WebMercatorQuad/12/${y}/${x}.${ext}`;
        const target = join(root, path);
        await mkdir(dirname(target), { recursive: true });
        await copyFile(join(svc.tileDir, displayTileKey(collection, FINGERPRINT, { z: 12, x, y })), target);
        paths.push(path);
        manifest[path] = { file: target, type: ext === 'png' ? 'image/png' : 'application/vnd.mapbox-vector-tile' };
        bytes += encoded.length;
      }
    }
    const port = await freePort();
    nginx = await startNginx(work, root, port);
    const nginxUrl = `http://127.0.0.1:${port}`;
    const barePort = await freePort();
    bare = await startBareServer(work, manifest, barePort);
    const bareUrl = `http://127.0.0.1:${barePort}`;

    // Both servers answer every path with the same bytes.
    for (const path of [paths[0]!, paths[1]!, paths[paths.length - 1]!]) {
      const get = (url: string, headers: Record<string, string> = {}) =>
        fetch(url + path, { headers }).then(async (r) => [r.status, Buffer.from(await r.arrayBuffer())] as const);
      const [api, file, node] = await Promise.all([
        get(svc.url, { authorization: `Bearer ${svc.key}` }),
        get(nginxUrl),
        get(bareUrl),
      ]);
      if (api[0] !== 200 || file[0] !== 200 || node[0] !== 200 || !api[1].equals(file[1]) || !api[1].equals(node[1])) {
        throw new Error(`${path}: API ${api[0]}, nginx ${file[0]} and bare node ${node[0]} differ`);
      }
    }
    console.log(
      `[${backend}] ${paths.length} tiles (${tiles.length} PNG + ${tiles.length} MVT, ${fmt(bytes / paths.length / 1024, 1)} KiB average), ${fmt(jobs)} jobs in the read model`,
    );

    if (API_ONLY) {
      await load(work, svc.url, paths, 2, svc.key);
      const profileFile = process.argv.find((a) => a.startsWith('--cpu-profile='))?.split('=')[1];
      const session = profileFile ? new Session() : null;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const api = await load(work, svc.url, paths, DURATION_S, svc.key);
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        await writeFile(profileFile!, JSON.stringify(profile));
        session.disconnect();
      }
      console.log(`  OGC Tiles API alone: ${fmt(api.rps)} req/s, p50 ${fmt(api.p50, 2)} ms, p99 ${fmt(api.p99, 2)} ms`);
      continue;
    }
    // Warm-up (JIT, caches), then the measured runs one after the other.
    await load(work, svc.url, paths, 2, svc.key);
    await load(work, bareUrl, paths, 2, null);
    await load(work, nginxUrl, paths, 2, null);
    const api = await load(work, svc.url, paths, DURATION_S, svc.key);
    const node = await load(work, bareUrl, paths, DURATION_S, null);
    const file = await load(work, nginxUrl, paths, DURATION_S, null);
    const line = (name: string, r: WrkResult) =>
      console.log(
        `  ${name.padEnd(16)}: ${fmt(r.rps).padStart(7)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms, ${fmt(r.mbps, 1)} MB/s`,
      );
    console.log(`  wrk, ${THREADS} thread(s), ${CONNECTIONS} connections, ${DURATION_S} s each, same request list`);
    line('OGC Tiles API', api);
    line('bare node:http', node);
    line('nginx static', file);
    console.log(
      `  API / bare node: ${fmt(api.rps / node.rps, 2)}x req/s, ${fmt(api.p99 / Math.max(node.p99, 0.001), 2)}x p99  (goal >= 0.6x, <= 2x)`,
    );
    console.log(
      `  API / nginx    : ${fmt(api.rps / file.rps, 2)}x req/s, ${fmt(api.p99 / Math.max(file.p99, 0.001), 2)}x p99`,
    );
  } finally {
    await stop(nginx, 'SIGQUIT');
    await stop(bare, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await svc.close();
    await rm(work, { recursive: true, force: true });
  }
}
