// The commands a user types: npm start (embedded defaults), a bad configuration, create-key,
// replay and rebuild, run as real processes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { http } from '../support/test-service.ts';
import { TEST_DATABASE_URL, uniqueName } from '../support/backends.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = ['--import', 'tsx'];

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...tsx, join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
}

/** Runs a command without blocking this process (so several can run at once). */
function runAsync(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...tsx, join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A long-running process, resolved once `ready` appears in its output. */
async function startProcess(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, [...tsx, join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) resolve();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
  return child;
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
  const child = spawn(process.execPath, [...tsx, join(root, 'entrypoints/api.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { child, url, output: () => output };
    } catch {
      /* not up yet */
    }
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
    const result = run('entrypoints/api.ts', [], {
      EVENT_STORE: '',
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      PORT: '',
      LOG_LEVEL: '',
      ...env,
    });
    assert.is(result.status, 2, JSON.stringify(env));
    const lines = result.stderr.trim().split('\n');
    assert.is(lines.length, 1, result.stderr);
    assert.match(lines[0]!, message);
  }
});

test('npm start on embedded defaults, create-key bootstrap and through the running server, lock, replay and rebuild', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-'));
  const env = {
    DATA_DIR: dataDir,
    EVENT_STORE: 'embedded',
    DATABASE_URL: '',
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  try {
    // Issue 20: no database at DATA_DIR and no server: refused, nothing created, unless asked to.
    const pgliteDir = join(dataDir, 'pglite');
    const refused = run('entrypoints/create-key.ts', ['--account', 'acme'], env);
    assert.is(refused.status, 2, refused.stderr);
    assert.is(refused.stdout, '', 'no key printed');
    assert.ok(refused.stderr.includes(`no database at embedded database ${pgliteDir}`), refused.stderr);
    assert.match(refused.stderr, /no server answers on the admin socket .*admin\.sock.*--create-database/s);
    assert.not.ok(existsSync(pgliteDir), 'no database created');
    const notLinked = run(
      'entrypoints/link-identity.ts',
      ['--issuer', 'https://id.example.org', '--subject', 's', '--account', 'acme'],
      env,
    );
    assert.is(notLinked.status, 2, notLinked.stderr);
    assert.ok(notLinked.stderr.includes(`no database at embedded database ${pgliteDir}`), notLinked.stderr);
    assert.not.ok(existsSync(pgliteDir), 'no database created by link-identity');

    const created = run(
      'entrypoints/create-key.ts',
      ['--account', 'acme', '--name', 'bootstrap', '--create-database'],
      env,
    );
    assert.is(created.status, 0, created.stderr);
    assert.ok(created.stderr.includes(`on embedded database ${pgliteDir}`), created.stderr);
    const key = created.stdout.trim();
    assert.match(key, /^opk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    const again = run('entrypoints/create-key.ts', ['--account', 'acme'], env);
    assert.is(again.status, 0, again.stderr);
    assert.ok(again.stderr.includes(`on embedded database ${pgliteDir}`), 'the database exists now: no flag needed');
    const bad = run('entrypoints/create-key.ts', ['--lifetime-days', '3'], env);
    assert.is(bad.status, 2);
    assert.match(bad.stderr, /usage: npm run create-key/);

    const server = await startServer(env);
    let operationId: string;
    try {
      const health = await http(server.url, 'GET', '/api/health/');
      assert.is(health.body.backends.event_store.kind, 'pglite');
      const op = await http(server.url, 'POST', '/api/operations/', {
        key,
        body: { name: 'CLI', unit: 'U', branch: 'infantry', echelon: 'squad' },
      });
      assert.is(op.status, 200, op.text);
      operationId = op.body.id;
      const keys = await http(server.url, 'GET', '/api/api-keys/', { key: again.stdout.trim() });
      assert.is(keys.body.length, 2, 'both keys belong to the same account');
      // Issue 9, defect 6: the first key while the server runs, through its owner-only admin socket.
      const socket = join(dataDir, 'admin.sock');
      assert.is(statSync(socket).mode & 0o777, 0o600, 'the admin socket is owner-only');
      // Not spawnSync: a blocked event loop would miss the server closing an idle keep-alive socket.
      const live = await runAsync('entrypoints/create-key.ts', ['--account', 'other'], env);
      assert.is(live.status, 0, live.stderr);
      assert.ok(live.stderr.includes(`via the running server's admin socket ${socket}`), live.stderr);
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
    const steps = replay.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(
      steps.map((s) => s.type),
      ['OperationCreated'],
    );
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

test('a shared store: create-key appends and the running projector applies it (never the command itself)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-pg-'));
  const schema = uniqueName('cli');
  const env = {
    EVENT_STORE: 'postgres',
    DATABASE_URL: TEST_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DATA_DIR: dataDir,
    INLINE_PROJECTOR: 'false',
    GENERATED_MAPS: 'false',
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    NATS_URL: '',
    WORK_QUEUE: '',
    ADMIN_SOCKET: '',
  };
  const children: ReturnType<typeof spawn>[] = [];
  const startProjector = async () => {
    const projector = await startProcess('entrypoints/projector.ts', env, /projector and dispatcher running/);
    children.push(projector);
    return projector;
  };
  const keyWorks = async (url: string, key: string) => (await http(url, 'GET', '/api/api-keys/', { key })).status;
  try {
    // A schema without the service's tables is no database: refused, as a missing DATA_DIR is.
    const early = run('entrypoints/create-key.ts', ['--account', 'acme'], env);
    assert.is(early.status, 2, early.stderr);
    assert.match(
      early.stderr,
      new RegExp(`no database at PostgreSQL postgres://.*schema ${schema} and no admin socket`),
    );

    const projector = await startProjector();
    const api = await startServer(env);
    children.push(api.child);
    // Two at once on a fresh database (the race that deadlocked on projection_checkpoints): each is
    // applied by the projector, and the API process (which does not project) accepts each key at once.
    const created = await Promise.all(
      ['acme', 'globex'].map((account) => runAsync('entrypoints/create-key.ts', ['--account', account], env)),
    );
    for (const result of created) {
      assert.is(result.status, 0, result.stderr);
      assert.match(result.stderr, new RegExp(`on PostgreSQL postgres://\\S+, schema ${schema}`));
      assert.is(await keyWorks(api.url, result.stdout.trim()), 200, 'the key works at once');
    }

    // No projector: the command records the key, prints it, says that it is not applied yet, exits 3,
    // and has applied nothing itself (the API refuses the key).
    await stop(projector);
    const waiting = await runAsync('entrypoints/create-key.ts', ['--account', 'initech', '--wait-seconds', '2'], env);
    assert.is(waiting.status, 3, waiting.stderr);
    const pending = waiting.stdout.trim();
    assert.match(pending, /^opk_/);
    assert.match(waiting.stderr, /recorded, but no projector applied it within 2 s/);
    assert.is(await keyWorks(api.url, pending), 401, 'create-key applied no projection');
    await startProjector();
    let status = 0;
    for (let i = 0; i < 300 && status !== 200; i++) {
      status = await keyWorks(api.url, pending);
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.is(status, 200, 'the projector applies it once it runs');
  } finally {
    for (const child of children) if (child.exitCode === null) await stop(child);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
