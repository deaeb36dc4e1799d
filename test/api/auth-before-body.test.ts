// Issue 9, defect 4: a request is authenticated (and the resource its path names is checked) from
// the headers alone; a refused request gets its answer without the server reading its body.
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const DECLARED_LENGTH = 14 * 1024 * 1024;

/**
 * Sends the headers of a request declaring a 14 MB JSON body, then only its first kilobyte, and
 * waits for an answer without sending more. Resolves the status line, or null if none came.
 */
function partialBodyRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  waitMs: number,
) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: string | null; connection: string | null }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const done = () => {
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? null;
      resolve({ status, connection: /\r\nconnection: (\S+)/i.exec(received)?.[1]?.toLowerCase() ?? null });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        clearTimeout(timer);
        setTimeout(done, 50);
      }
    });
    socket.on('error', () => {
      clearTimeout(timer);
      done();
    });
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${DECLARED_LENGTH}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(`{"name": "${'x'.repeat(1000)}`);
  });
}

forEachBackend('authentication before the body', (test) => {
  test('no key: 401 while the 14 MB body is still unsent, and the connection closes', async ({ svc }) => {
    const r = await partialBodyRequest(svc.url, 'POST', '/api/operations/', {}, 5000);
    assert.is(r.status, '401');
    assert.is(r.connection, 'close');
    const bad = await partialBodyRequest(
      svc.url,
      'POST',
      '/api/operations/',
      { Authorization: 'Bearer opk_nope' },
      5000,
    );
    assert.is(bad.status, '401');
  });

  test("another account's map: 403 before the body; a missing map: 404 before the body", async ({ svc }) => {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
      })
    ).body;
    const map = (await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'M' } }))
      .body;
    const other = await svc.newAccount();
    const auth = { Authorization: `Bearer ${other.key}` };
    assert.is((await partialBodyRequest(svc.url, 'POST', `/api/maps/${map.id}/features`, auth, 5000)).status, '403');
    assert.is((await partialBodyRequest(svc.url, 'PUT', `/api/operations/${op.id}`, auth, 5000)).status, '403');
    const missing = '00000000-0000-4000-8000-000000000000';
    assert.is((await partialBodyRequest(svc.url, 'POST', `/api/maps/${missing}/features`, auth, 5000)).status, '404');
  });

  test('an accepted request waits for its body (the control: the server really reads it then)', async ({ svc }) => {
    const r = await partialBodyRequest(
      svc.url,
      'POST',
      '/api/operations/',
      { Authorization: `Bearer ${svc.key}` },
      400,
    );
    assert.is(r.status, null, 'no answer before the body has arrived');
    const created = await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { name: 'Op', unit: 'U', branch: 'armor', echelon: 'company' },
    });
    assert.is(created.status, 200);
  });
});
