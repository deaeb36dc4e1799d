// Issue 20, "refusals that never arrive": a request refused before its body is read (401, 403/404
// on the path's resource, 413, 415, 422 from path or query) is answered while the client is still
// sending. The client — Node's fetch (undici) or a raw socket that sends every byte — must receive
// the status and the FastAPI body, not EPIPE or a reset: the server lingers, reading and dropping
// the rest of the body within bounds (api/lingering-close.ts), without keeping it in memory.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConfigError, loadConfig } from '../../infra/config.ts';
import { startTestService, http, type TestService } from '../support/test-service.ts';
import { SOME_UUID } from '../support/owned-resources.ts';

const MB = 1024 * 1024;
const SIZES_MB = [1, 8, 20];
const LINGER_MS = 10_000;
const LINGER_MB = 32;
const BOUNDARY = 'refusal-test-boundary';

type Kind = 'json' | 'multipart';
interface Refusal {
  what: string;
  method: string;
  path: (ids: Ids) => string;
  kind: Kind;
  key: (ids: Ids) => string | null;
  status: number;
  /** Declared body sizes this refusal applies to (default all). */
  sizes?: number[];
  contentType?: string;
}
interface Ids {
  own: string;
  other: string;
  operation: string;
  map: string;
}

const REFUSALS: Refusal[] = [
  { what: 'no key, JSON', method: 'POST', path: () => '/api/operations/', kind: 'json', key: () => null, status: 401 },
  { what: 'no key, new map', method: 'POST', path: () => '/api/maps/', kind: 'json', key: () => null, status: 401 },
  {
    what: 'no key, upload',
    method: 'POST',
    path: () => '/api/documents/',
    kind: 'multipart',
    key: () => null,
    status: 401,
  },
  {
    what: "another account's operation",
    method: 'PUT',
    path: (i) => `/api/operations/${i.operation}`,
    kind: 'json',
    key: (i) => i.other,
    status: 403,
  },
  {
    what: "another account's map",
    method: 'POST',
    path: (i) => `/api/maps/${i.map}/analyses/`,
    kind: 'json',
    key: (i) => i.other,
    status: 403,
  },
  {
    what: "upload to another account's operation",
    method: 'POST',
    path: (i) => `/api/documents/?operation_id=${i.operation}`,
    kind: 'multipart',
    key: (i) => i.other,
    status: 403,
  },
  {
    what: 'a missing operation',
    method: 'PUT',
    path: () => `/api/operations/${SOME_UUID}`,
    kind: 'json',
    key: (i) => i.own,
    status: 404,
  },
  {
    what: 'upload over DOCUMENT_MAX_REQUEST_MB',
    method: 'POST',
    path: () => '/api/documents/',
    kind: 'multipart',
    key: (i) => i.own,
    status: 413,
  },
  {
    what: 'JSON over 16 MB',
    method: 'POST',
    path: () => '/api/operations/',
    kind: 'json',
    key: (i) => i.own,
    status: 413,
    sizes: [20],
  },
  {
    what: 'upload not multipart',
    method: 'POST',
    path: () => '/api/documents/',
    kind: 'multipart',
    key: (i) => i.own,
    status: 415,
    contentType: 'application/json',
  },
  {
    what: 'malformed path',
    method: 'PUT',
    path: () => '/api/operations/not-a-uuid',
    kind: 'json',
    key: (i) => i.own,
    status: 422,
  },
  {
    what: 'malformed query',
    method: 'POST',
    path: () => '/api/documents/?operation_id=nope',
    kind: 'multipart',
    key: (i) => i.own,
    status: 422,
  },
];

/** A well-formed body of about `size` bytes (a little more: over a limit of that many MB): the JSON or multipart frame around a run of 'x'. */
function frame(kind: Kind, size: number): { head: Buffer; fill: number; tail: Buffer } {
  const [head, tail] =
    kind === 'json'
      ? ['{"name": "', '"}']
      : [
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          `\r\n--${BOUNDARY}--\r\n`,
        ];
  return { head: Buffer.from(head), fill: size + 1024 - head.length - tail.length, tail: Buffer.from(tail) };
}
const contentTypeOf = (r: Refusal) =>
  r.contentType ?? (r.kind === 'json' ? 'application/json' : `multipart/form-data; boundary=${BOUNDARY}`);

const CHUNK = Buffer.alloc(64 * 1024, 'x');

// A full collection before a memory sample: what is measured is memory still referenced, not
// the garbage of chunks already dropped.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveBytes = () => {
  collectGarbage();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

interface RawResult {
  status: number | null;
  headers: string;
  body: string;
  error: string | null;
  closedAfterMs: number;
  sent: number;
}

/**
 * Sends a request over a socket, every byte of its body (from one reused chunk, so the client
 * allocates nothing per byte), or only `stopAfter` bytes of it; collects the answer until the
 * server closes the connection.
 */
function rawRequest(
  url: string,
  r: Refusal,
  ids: Ids,
  size: number,
  stopAfter = size,
  midway?: () => void,
): Promise<RawResult> {
  const { hostname, port } = new URL(url);
  const { head, fill, tail } = frame(r.kind, size);
  const key = r.key(ids);
  const lines = [
    `${r.method} ${r.path(ids)} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    `Content-Type: ${contentTypeOf(r)}`,
    `Content-Length: ${head.length + fill + tail.length}`,
    ...(key ? [`Authorization: Bearer ${key}`] : []),
    '',
    '',
  ];
  return new Promise((resolve) => {
    const started = Date.now();
    setTimeout(() => socket.destroy(), 30_000).unref();
    // Half-open, as HTTP clients are: the server's FIN after its answer does not stop the sending.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const received: Buffer[] = [];
    let error: string | null = null;
    let sent = 0;
    let stopped = false;
    socket.on('data', (chunk) => received.push(chunk));
    // The server closed its side: a client that is done sending closes too.
    socket.on('end', () => {
      if (stopped) socket.end();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? NaN) || null,
        headers,
        body,
        error,
        closedAfterMs: Date.now() - started,
        sent,
      });
    });
    const write = (buffer: Buffer) =>
      new Promise<boolean>((done) => {
        if (socket.destroyed) return done(false);
        sent += buffer.length;
        if (socket.write(buffer)) done(true);
        else socket.once('drain', () => done(true));
      });
    void (async () => {
      if (!(await write(Buffer.concat([Buffer.from(lines.join('\r\n')), head])))) return;
      let left = Math.min(fill, stopAfter);
      while (left > 0 && !socket.destroyed) {
        const n = Math.min(left, CHUNK.length);
        if (!(await write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n)))) return;
        if (midway && left > fill / 2 && left - n <= fill / 2) midway();
        left -= n;
      }
      if (stopAfter >= size && !socket.destroyed) {
        await write(tail);
        socket.end();
      }
      if (stopAfter >= size) {
        stopped = true;
        if (socket.readableEnded) socket.end();
        return;
      }
      // A client that stalls mid-body: a byte now and then, which fails once the server has closed.
      const trickle = setInterval(() => {
        if (socket.destroyed) clearInterval(trickle);
        else socket.write('x');
      }, 100);
    })();
  });
}

const test = suite<{ svc: TestService; ids: Ids; bodies: Map<string, Buffer> }>('refusals reach the client');

test.before(async (ctx) => {
  ctx.svc = await startTestService('pglite', {
    DOCUMENT_MAX_REQUEST_MB: '1',
    LINGERING_CLOSE_MS: String(LINGER_MS),
    LINGERING_CLOSE_MB: String(LINGER_MB),
  });
  const { svc } = ctx;
  const operation = (
    await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
    })
  ).body.id;
  const map = (
    await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: operation, name: 'M' } })
  ).body.id;
  ctx.ids = { own: svc.key, other: (await svc.newAccount()).key, operation, map };
  ctx.bodies = new Map();
  for (const kind of ['json', 'multipart'] as Kind[]) {
    for (const mb of SIZES_MB) {
      const { head, fill, tail } = frame(kind, mb * MB);
      ctx.bodies.set(`${kind}${mb}`, Buffer.concat([head, Buffer.alloc(fill, 'x'), tail]));
    }
  }
});
test.after(async (ctx) => {
  await ctx.svc?.close();
});

const isFastApiBody = (body: unknown, status: number) => {
  const detail = (body as { detail?: unknown })?.detail;
  return status === 422
    ? Array.isArray(detail) && detail.every((d) => Array.isArray(d.loc) && typeof d.msg === 'string')
    : typeof detail === 'string';
};

test('Node fetch: every refusal class at 1, 8 and 20 MB arrives with its FastAPI body', async ({
  svc,
  ids,
  bodies,
}) => {
  for (const r of REFUSALS) {
    for (const mb of r.sizes ?? SIZES_MB) {
      const what = `${r.what} (${r.method} ${r.path(ids)}), ${mb} MB`;
      const key = r.key(ids);
      const response = await fetch(svc.url + r.path(ids), {
        method: r.method,
        body: bodies.get(`${r.kind}${mb}`)!,
        headers: { 'content-type': contentTypeOf(r), ...(key ? { authorization: `Bearer ${key}` } : {}) },
      }).catch((e: Error & { cause?: NodeJS.ErrnoException }) => {
        throw new Error(`${what}: ${e.message} (${e.cause?.code ?? e.cause?.message})`);
      });
      const text = await response.text();
      assert.is(response.status, r.status, `${what}: ${text.slice(0, 200)}`);
      assert.ok(isFastApiBody(JSON.parse(text), r.status), `${what}: ${text.slice(0, 200)}`);
      assert.is(response.headers.get('connection'), 'close', what);
    }
  }
});

test('raw socket sending every byte: the status and body arrive, no reset; memory does not grow with the dropped bytes', async ({
  svc,
  ids,
}) => {
  const growth: Record<number, number[]> = {};
  for (const mb of SIZES_MB) {
    for (const r of REFUSALS.filter((x) => (x.sizes ?? SIZES_MB).includes(mb))) {
      const what = `${r.what} (${r.method} ${r.path(ids)}), ${mb} MB`;
      const before = liveBytes();
      let peak = 0;
      // Halfway through the body, long after the answer: what the server holds of it then.
      const result = await rawRequest(svc.url, r, ids, mb * MB, undefined, () => {
        peak = liveBytes() - before;
      });
      (growth[mb] ??= []).push(peak);
      assert.is(
        result.error,
        null,
        `${what}: the client saw ${result.error} after ${result.closedAfterMs} ms, ${result.sent} bytes sent, answer ${result.status}`,
      );
      assert.is(result.status, r.status, `${what}: ${result.headers.slice(0, 200)}`);
      assert.match(result.headers, /\r\nconnection: close/i, what);
      assert.ok(isFastApiBody(JSON.parse(result.body), r.status), `${what}: ${result.body.slice(0, 200)}`);
      assert.ok(result.sent > mb * MB, `${what}: every byte was sent (${result.sent})`);
    }
  }
  // Dropped bytes are not kept: halfway through a refused body, live memory has not grown by half
  // of it. The median over the refusals of a size: one sample can catch other work of the process.
  for (const mb of [8, 20]) {
    const sorted = growth[mb]!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    assert.ok(
      median < 2 * MB,
      `live heap + buffers growth halfway through ${mb} MB refused bodies: median ${(median / MB).toFixed(1)} MB, ` +
        `all ${sorted.map((g) => (g / MB).toFixed(1)).join(', ')} MB`,
    );
  }
});

test(`the linger is bounded: the socket closes ${LINGER_MB} MB after the answer, or ${LINGER_MS} ms after it`, async ({
  svc,
  ids,
}) => {
  const noKey = REFUSALS[0]!;
  const huge = await rawRequest(svc.url, noKey, ids, 200 * MB);
  assert.is(huge.status, 401, 'the answer came first');
  assert.ok(huge.sent < 200 * MB, `the server stopped reading: ${(huge.sent / MB).toFixed(0)} MB sent`);
  assert.ok(huge.sent >= LINGER_MB * MB, `but only after lingering: ${(huge.sent / MB).toFixed(0)} MB sent`);
  // A client that stops sending mid-body: the server answers, waits LINGERING_CLOSE_MS, then closes.
  const stalled = await rawRequest(svc.url, noKey, ids, 8 * MB, 100 * 1024);
  assert.is(stalled.status, 401);
  assert.ok(
    stalled.closedAfterMs >= LINGER_MS - 100 && stalled.closedAfterMs < LINGER_MS + 3000,
    `closed after ${stalled.closedAfterMs} ms`,
  );
  assert.ok(
    stalled.error === 'EPIPE' || stalled.error === 'ECONNRESET',
    `the client's next byte found the socket closed: ${stalled.error}`,
  );
});

test('an accepted request after refusals: the server still answers on new connections', async ({ svc }) => {
  const r = await http(svc.url, 'GET', '/api/operations/', { key: svc.key });
  assert.is(r.status, 200, r.text);
});

test('LINGERING_CLOSE_MS and LINGERING_CLOSE_MB: defaults 10 s and 64 MB, integers within bounds', () => {
  const config = loadConfig({});
  assert.equal([config.lingeringCloseMs, config.lingeringCloseBytes], [10_000, 64 * MB]);
  assert.equal([loadConfig({ LINGERING_CLOSE_MS: '0', LINGERING_CLOSE_MB: '0' }).lingeringCloseMs], [0]);
  for (const env of [
    { LINGERING_CLOSE_MS: '-1' },
    { LINGERING_CLOSE_MS: '10s' },
    { LINGERING_CLOSE_MS: '600001' },
    { LINGERING_CLOSE_MB: '4097' },
    { LINGERING_CLOSE_MB: '1.5' },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (e: unknown) => e instanceof ConfigError && /LINGERING_CLOSE_M[SB]/.test((e as Error).message),
      JSON.stringify(env),
    );
  }
});

test.run();
