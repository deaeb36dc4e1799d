// test:serial (measures the memory of a server process)
// Issue 20, decompression bombs: the real `npm start` server on a fresh DATA_DIR takes two DOCX
// bombs at once (word/document.xml inflating to 400 MB and to 700 MB, made here) and a PDF whose
// declared object count is absurd. Each fails with its own code and a fixed message (no engine
// wording), the server's peak RSS (VmHWM of its /proc status, start-up included) stays under the
// peak README documents, and /api/health/ answers every request made while they are extracted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, type TestService } from '../support/test-service.ts';
import { newOperation, upload } from '../support/document-http.ts';
import { makeDocxBomb } from '../support/document-fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** README, Commands, "Memory": the embedded server's documented peak. */
const DOCUMENTED_PEAK_MB = 425;

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

test('two DOCX bombs at once: DOCX_TOO_LARGE, clean messages, under the documented peak, health answers', async () => {
  const bombs = [makeDocxBomb(400e6), makeDocxBomb(700e6)];
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bombs-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    EVENT_STORE: 'embedded',
    DATABASE_URL: '',
    NATS_URL: '',
    WORK_QUEUE: '',
  };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // The start script's command, run without npm in between so the pid is the server's own.
  const [command, ...args] = pkg.scripts.start!.split(/\s+/);
  assert.is(command, 'node');
  const server = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 1200; i++) {
      if (
        await fetch(`${url}/api/health/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    const keyArgs = ['--import', 'tsx', 'entrypoints/create-key.ts', '--account', 'bombs'];
    const created = spawnSync(process.execPath, keyArgs, { cwd: root, env, encoding: 'utf8' });
    assert.is(created.status, 0, created.stderr);
    const svc = { url, key: created.stdout.trim() } as TestService;
    const op = await newOperation(svc);

    let peakRss = statusMb(server.pid!, 'VmRSS');
    const health: number[] = [];
    let extracting = true;
    const sampler = (async () => {
      while (extracting) {
        peakRss = Math.max(peakRss, statusMb(server.pid!, 'VmRSS'));
        await sleep(20);
      }
    })();
    const healthPoller = (async () => {
      while (extracting) {
        health.push(
          await fetch(`${url}/api/health/`).then(
            (r) => r.status,
            () => 0,
          ),
        );
        await sleep(50);
      }
    })();
    const uploaded = await Promise.all(
      bombs.map((bytes, i) => upload(svc, { operation_id: op }, [{ name: `bomb-${i}.docx`, bytes }])),
    );
    const ids = uploaded.map((r) => {
      assert.is(r.status, 200, r.text);
      return r.body.items[0].id as string;
    });
    const ended: any[] = [];
    for (const id of ids) {
      for (let i = 0; ; i++) {
        const r = await http(url, 'GET', `/api/documents/${id}`, { key: svc.key });
        if (r.body.text_status !== 'pending') {
          ended.push(r.body);
          break;
        }
        assert.ok(i < 3000, `document ${id} still pending`);
        await sleep(50);
      }
    }
    extracting = false;
    await Promise.all([sampler, healthPoller]);
    const highWater = statusMb(server.pid!, 'VmHWM');
    console.log(
      `server RSS: peak sampled ${peakRss.toFixed(0)} MB, VmHWM ${highWater.toFixed(0)} MB ` +
        `(documented peak ${DOCUMENTED_PEAK_MB} MB); health answered ${health.length} requests during extraction, ` +
        `${health.filter((s) => s === 503).length} of them degraded`,
    );
    for (const document of ended) {
      assert.is(document.text_status, 'failed');
      assert.is(document.text_error.code, 'DOCX_TOO_LARGE', JSON.stringify(document.text_error));
      assert.match(document.text_error.message, /^The DOCX's parts inflate to more than /);
      assert.not.match(document.text_error.message, /0x|string longer|Error|heap/);
    }
    // Answered: 200, or 503 when a backend check took over 2 s on a loaded machine; 0 is no answer at all.
    assert.ok(health.length > 0);
    assert.equal(
      health.filter((s) => s !== 200 && s !== 503),
      [],
      'every health request answered',
    );
    assert.ok(highWater < DOCUMENTED_PEAK_MB, `peak RSS ${highWater.toFixed(0)} MB ≥ ${DOCUMENTED_PEAK_MB} MB`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
