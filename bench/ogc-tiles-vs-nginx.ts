// OGC API Tiles requests per second through the whole service (HTTP, bearer-key lookup, path
// validation, the readiness query on the read models, the blob read, the content ETag) against
// nginx serving the very same tile files from a copy of the tile directory under the same URL
// paths, in the same run, with the same load (autocannon, same connections, duration and request
// list). Prints req/s, p50 and p99 of both and their ratio.
// Usage: npx tsx bench/ogc-tiles-vs-nginx.ts [--backend=postgres|pglite] [--connections=16]
//        [--duration=10] [--side=8]   (side x side work tiles, each with a PNG and an MVT tile)
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { displayTileKey } from '../domain/terrain/display-tile-key.ts';
import { createJob, elevationPng, putTile, roadsMvt, startTilesService } from '../test/api/ogc-tiles-support.ts';
import { backendsFromArgs, fmt, numberArg } from './support.ts';

interface Histogram { average: number; p50: number; p99: number }
interface AutocannonResult { requests: Histogram; latency: Histogram; throughput: Histogram; non2xx: number; errors: number }
// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

const NGINX = '/usr/sbin/nginx';
const CONNECTIONS = numberArg('connections', 16);
const DURATION_S = numberArg('duration', 10);
const SIDE = numberArg('side', 8);
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

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/** nginx in the foreground, one worker (the service is one Node process), static files under `root`. */
async function startNginx(dir: string, root: string, port: number): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  await writeFile(conf, `
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
`);
  const child = spawn(NGINX, ['-e', join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForPort(port, child);
  return child;
}

async function load(url: string, paths: string[], seconds: number, key: string | null) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    requests: paths.map((path) => ({ method: 'GET', path })),
    // The load generator runs in its own thread, so it does not share the server's event loop.
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, mbps: result.throughput.average / 1e6 };
}

for (const backend of backendsFromArgs()) {
  const svc = await startTilesService(backend);
  const work = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  let nginx: ChildProcess | null = null;
  try {
    const tiles: Array<[number, number]> = [];
    for (let dx = 0; dx < SIDE; dx++) for (let dy = 0; dy < SIDE; dy++) tiles.push([X0 + dx, Y0 + dy]);
    await createJob(svc, { tiles, fingerprint: FINGERPRINT, phases: { terrain_display_tiles: 'complete', road_display_tiles: 'complete' } });
    // Other jobs elsewhere, so the readiness query does not run on an almost empty table.
    const OTHER_JOBS = 50;
    const jobs = OTHER_JOBS + 1;
    for (let k = 0; k < OTHER_JOBS; k++) {
      await createJob(svc, { tiles: [[100 + k * 3, 200], [101 + k * 3, 200]], fingerprint: `other-${k}`, phases: { terrain_display_tiles: 'complete' } });
    }

    const root = join(work, 'www');
    const paths: string[] = [];
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
        bytes += encoded.length;
      }
    }
    const port = await freePort();
    nginx = await startNginx(work, root, port);
    const nginxUrl = `http://127.0.0.1:${port}`;

    // Both servers answer every path with the same bytes.
    for (const path of [paths[0]!, paths[1]!, paths[paths.length - 1]!]) {
      const [api, file] = await Promise.all([
        fetch(svc.url + path, { headers: { authorization: `Bearer ${svc.key}` } }).then(async (r) => [r.status, Buffer.from(await r.arrayBuffer())] as const),
        fetch(nginxUrl + path).then(async (r) => [r.status, Buffer.from(await r.arrayBuffer())] as const),
      ]);
      if (api[0] !== 200 || file[0] !== 200 || !api[1].equals(file[1])) throw new Error(`${path}: API ${api[0]} and nginx ${file[0]} differ`);
    }
    console.log(`[${backend}] ${paths.length} tiles (${tiles.length} PNG + ${tiles.length} MVT, ${fmt(bytes / paths.length / 1024, 1)} KiB average), ${fmt(jobs)} jobs in the read model`);

    await load(svc.url, paths, 2, svc.key);
    await load(nginxUrl, paths, 2, null);
    const api = await load(svc.url, paths, DURATION_S, svc.key);
    const file = await load(nginxUrl, paths, DURATION_S, null);
    console.log(`  connections ${CONNECTIONS}, ${DURATION_S} s each, same request list`);
    console.log(`  OGC Tiles API : ${fmt(api.rps)} req/s, p50 ${fmt(api.p50, 1)} ms, p99 ${fmt(api.p99, 1)} ms, ${fmt(api.mbps, 1)} MB/s`);
    console.log(`  nginx static  : ${fmt(file.rps)} req/s, p50 ${fmt(file.p50, 1)} ms, p99 ${fmt(file.p99, 1)} ms, ${fmt(file.mbps, 1)} MB/s`);
    console.log(`  ratio API/nginx: ${fmt(api.rps / file.rps, 3)}x throughput, ${fmt(api.p99 / Math.max(file.p99, 0.001), 1)}x p99`);
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await svc.close();
    await rm(work, { recursive: true, force: true });
  }
}
