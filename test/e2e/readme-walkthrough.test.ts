// README's "First plan" walkthrough, run as written: the server started as `npm start` starts it (its
// package.json script, embedded defaults) on a temporary DATA_DIR and a free port, then every bash
// block of the section in one bash (set -euo pipefail, so any failed request fails the test) in the
// repository directory, with only the base URL replaced by the server's. So the walkthrough cannot rot.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const README_URL = 'http://127.0.0.1:8080';
const SHEET = join(root, 'area-overview.png');

/** The bash blocks of README's "First plan" section, joined. */
function walkthrough(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## First plan');
  assert.ok(start >= 0, 'README has a "First plan" section');
  const end = readme.indexOf('\n## ', start + 1);
  const blocks = [...readme.slice(start, end).matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length >= 1, 'the section holds a bash block');
  return blocks.join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test('the walkthrough runs as written: key, operation, map, AO, terrain job, analysis, draft, map sheet', async () => {
  const script = walkthrough();
  assert.is(script.split(README_URL).length, 2, `the block names ${README_URL} once (the base the test replaces)`);
  assert.not.ok(existsSync(SHEET), `${SHEET} is left from an earlier run: remove it`);
  const dataDir = mkdtempSync(join(tmpdir(), 'walkthrough-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  // The embedded defaults, whatever the test run's environment says.
  for (const name of ['GENERATED_MAPS', 'EVENT_STORE', 'DATABASE_URL', 'NATS_URL', 'WORK_QUEUE', 'ADMIN_SOCKET']) {
    delete env[name];
  }
  const startScript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start as string;
  let server: ChildProcess | null = null;
  let serverLog = '';
  try {
    server = spawn('sh', ['-c', `exec ${startScript}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (c) => {
      serverLog += c;
    });
    server.stderr!.on('data', (c) => {
      serverLog += c;
    });
    const url = `http://127.0.0.1:${port}`;
    for (let up = false; !up;) {
      assert.is(server.exitCode, null, `the server exited: ${serverLog}`);
      up = await fetch(`${url}/api/health/`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 250));
    }
    const started = Date.now();
    const result = await run('bash', ['-c', `set -euo pipefail\n${script.replace(README_URL, url)}`], env, 8 * 60_000);
    console.log(`walkthrough: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.is(result.code, 0, `the walkthrough failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
    const out = result.stdout;
    assert.match(out, /^\{"status":"success","analysis_ready":true,"display_ready":true\}$/m, out);
    assert.match(out, /^\{"status":"success","visible":(true|false),"metres":\d+(\.\d+)?\}$/m, out);
    assert.match(out, /^\*Rule-based draft \(no language model\): review and complete\.\*$/m, out);
    assert.match(out, /Terrain of AO Alpha \(terrain summary/, out);
    const sheet = readFileSync(SHEET);
    assert.equal([...sheet.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
    assert.ok(sheet.length > 10_000, `${sheet.length} bytes`);
  } finally {
    rmSync(SHEET, { force: true });
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
