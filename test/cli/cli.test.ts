// The commands a user types: npm start (embedded defaults), a bad configuration, create-key,
// replay and rebuild, run as real processes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { http } from '../support/test-service.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = ['--import', 'tsx'];

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...tsx, join(root, script), ...args], {
    cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000,
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...tsx, join(root, 'entrypoints/api.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (c) => { output += c; });
  child.stderr.on('data', (c) => { output += c; });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { child, url, output: () => output };
    } catch { /* not up yet */ }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

async function stop(child: ReturnType<typeof spawn>) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('a bad configuration stops start-up with a one-line reason and a non-zero exit', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ EVENT_STORE: 'mongo' }, /EVENT_STORE="mongo" is not one of embedded, postgres, esdb/],
    [{ EVENT_STORE: 'postgres', DATABASE_URL: '' }, /EVENT_STORE=postgres needs DATABASE_URL/],
    [{ EVENT_STORE: 'esdb', EVENTSTORE_URL: '' }, /EVENT_STORE=esdb needs EVENTSTORE_URL/],
    [{ PORT: 'eighty' }, /PORT="eighty" must be an integer from 0 to 65535/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must use postgres: or postgresql:/],
    [{ EVENTSTORE_URL: 'not a url' }, /EVENTSTORE_URL="not a url" is not a URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud"/],
  ];
  for (const [env, message] of cases) {
    const result = run('entrypoints/api.ts', [], { EVENT_STORE: '', DATABASE_URL: '', EVENTSTORE_URL: '', PORT: '', LOG_LEVEL: '', ...env });
    assert.is(result.status, 2, JSON.stringify(env));
    const lines = result.stderr.trim().split('\n');
    assert.is(lines.length, 1, result.stderr);
    assert.match(lines[0]!, message);
  }
});

test('npm start on embedded defaults, create-key bootstrap and through the running server, lock, replay and rebuild', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
  const env = { DATA_DIR: dataDir, EVENT_STORE: 'embedded', DATABASE_URL: '', PORT: String(await freePort()), LOG_LEVEL: 'warn' };
  try {
    const created = run('entrypoints/create-key.ts', ['--account', 'acme', '--name', 'bootstrap'], env);
    assert.is(created.status, 0, created.stderr);
    const key = created.stdout.trim();
    assert.match(key, /^opk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const again = run('entrypoints/create-key.ts', ['--account', 'acme'], env);
    assert.is(again.status, 0, again.stderr);
    const bad = run('entrypoints/create-key.ts', ['--lifetime-days', '3'], env);
    assert.is(bad.status, 2);
    assert.match(bad.stderr, /usage: npm run create-key/);

    const server = await startServer(env);
    let operationId: string;
    try {
      const health = await http(server.url, 'GET', '/api/health/');
      assert.is(health.body.backends.event_store.kind, 'pglite');
      const op = await http(server.url, 'POST', '/api/operations/', { key, body: { name: 'CLI', unit: 'U', branch: 'infantry', echelon: 'squad' } });
      assert.is(op.status, 200, op.text);
      operationId = op.body.id;
      const keys = await http(server.url, 'GET', '/api/api-keys/', { key: again.stdout.trim() });
      assert.is(keys.body.length, 2, 'both keys belong to the same account');
      // Issue 9, defect 6: the first key while the server runs, through its owner-only admin socket.
      const socket = join(dataDir, 'admin.sock');
      assert.is(statSync(socket).mode & 0o777, 0o600, 'the admin socket is owner-only');
      const live = run('entrypoints/create-key.ts', ['--account', 'other'], env);
      assert.is(live.status, 0, live.stderr);
      assert.match(live.stderr, /through the running server/);
      const liveKey = live.stdout.trim();
      const mine = await http(server.url, 'GET', '/api/api-keys/', { key: liveKey });
      assert.is(mine.status, 200, 'the key works at once on the running server');
      assert.is(mine.body.length, 1);
      const locked = run('entrypoints/rebuild.ts', [], env);
      assert.is(locked.status, 2);
      assert.match(locked.stderr, /in use by process \d+/);
    } finally {
      await stop(server.child);
    }

    const replay = run('entrypoints/replay.ts', [operationId], env);
    assert.is(replay.status, 0, replay.stderr);
    const steps = replay.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(steps.map((s) => s.type), ['OperationCreated']);
    assert.is(steps[0].state.fields.name, 'CLI');
    assert.is(run('entrypoints/replay.ts', ['nope'], env).status, 2);

    const rebuild = run('entrypoints/rebuild.ts', [], env);
    assert.is(rebuild.status, 0, rebuild.stderr);
    assert.match(rebuild.stdout, /rebuild: done at position \d+/);

    const restarted = await startServer(env);
    try {
      const read = await http(restarted.url, 'GET', `/api/operations/${operationId}`, { key });
      assert.is(read.status, 200, 'state survives a restart and a rebuild');
      assert.is(read.body.name, 'CLI');
    } finally {
      await stop(restarted.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
