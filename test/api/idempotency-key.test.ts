// Issue 20, "a write that is recorded but not yet readable, and retries": every creating POST takes
// an Idempotency-Key; a retry with it (sequential, or racing the first request) answers what the
// first created and never records a second one; the key with another body is a 422 at the header;
// and with the projector down, the 503 of a recorded write names its id and Location, a retry with
// the key stays on that record, and once the read models catch up the retry answers it in full.
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';

const operation = { name: 'Retried', unit: 'Unit', branch: 'armor', echelon: 'company' };
const square = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 50],
            [10.01, 50],
            [10.01, 50.01],
            [10, 50.01],
            [10, 50],
          ],
        ],
      },
    },
  ],
};

const post = (svc: TestService, path: string, body: unknown, key: string, apiKey = svc.key) =>
  http(svc.url, 'POST', path, { key: apiKey, body, headers: { 'idempotency-key': key } });

async function operationCount(svc: TestService, apiKey = svc.key): Promise<number> {
  return (await http(svc.url, 'GET', '/api/operations/?size=1&force_all=true', { key: apiKey })).body.total;
}

async function allEvents(svc: TestService): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const batch = await svc.service.store.readAll({ after: all.at(-1)?.position ?? 0, limit: 5000 });
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

forEachBackend('Idempotency-Key', (test) => {
  test('a retry with the key answers the first operation; one record', async ({ svc }) => {
    const { key: apiKey } = await svc.newAccount();
    const key = randomUUID();
    const first = await post(svc, '/api/operations/', operation, key, apiKey);
    assert.is(first.status, 200, first.text);
    assert.is(first.headers.get('idempotent-replayed'), null);
    const again = await post(svc, '/api/operations/', operation, key, apiKey);
    assert.is(again.status, 200, again.text);
    assert.is(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body, first.body);
    assert.is(again.headers.get('location'), `/api/operations/${first.body.id}`);
    assert.is(await operationCount(svc, apiKey), 1);
    // Without a key, or with another one, the same body is a new request.
    assert.is((await post(svc, '/api/operations/', operation, randomUUID(), apiKey)).status, 200);
    assert.is((await http(svc.url, 'POST', '/api/operations/', { key: apiKey, body: operation })).status, 200);
    assert.is(await operationCount(svc, apiKey), 3);
  });

  test('16 identical requests with one key at once create exactly one operation', async ({ svc }) => {
    const { key: apiKey } = await svc.newAccount();
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const send = () => post(svc, '/api/operations/', operation, key, apiKey);
      const answers = await Promise.all(Array.from({ length: 16 }, send));
      for (const answer of answers) assert.is(answer.status, 200, `round ${round}: ${answer.status} ${answer.text}`);
      assert.equal(new Set(answers.map((a) => a.body.id)).size, 1, `round ${round}: one operation answered to all`);
      assert.is(answers.filter((a) => a.headers.get('idempotent-replayed') === null).length, 1, 'one request wrote');
      assert.is(await operationCount(svc, apiKey), round + 1);
    }
  });

  test('the key with another body or path is a 422 at the header; each account has its own keys', async ({ svc }) => {
    const key = randomUUID();
    assert.is((await post(svc, '/api/operations/', operation, key)).status, 200);
    const changed = await post(svc, '/api/operations/', { ...operation, name: 'Other' }, key);
    assert.is(changed.status, 422, changed.text);
    assert.equal(changed.body.detail[0].loc, ['header', 'Idempotency-Key']);
    const op = (await post(svc, '/api/operations/', operation, key)).body;
    const elsewhere = await post(svc, '/api/maps/', { operation_id: op.id, name: 'm' }, key);
    assert.is(elsewhere.status, 422);
    const other = await svc.newAccount();
    const theirs = await post(svc, '/api/operations/', operation, key, other.key);
    assert.is(theirs.status, 200);
    assert.is(theirs.headers.get('idempotent-replayed'), null, "another account's key is another key");
    assert.is.not(theirs.body.id, op.id);
  });

  test('a malformed key is a 422 at the header, and nothing is written', async ({ svc }) => {
    const { key: apiKey } = await svc.newAccount();
    for (const key of ['', 'x'.repeat(256), 'with space', 'tab\there', 'é']) {
      const headers = { 'idempotency-key': key };
      const r = await http(svc.url, 'POST', '/api/operations/', { key: apiKey, body: operation, headers }).catch(
        () => null,
      );
      if (!r) continue; // fetch refuses some header values itself
      assert.is(r.status, 422, `${JSON.stringify(key)} → ${r.status} ${r.text}`);
      assert.equal(r.body.detail[0].loc, ['header', 'Idempotency-Key']);
    }
    assert.is(await operationCount(svc, apiKey), 0);
  });

  test('a refused write releases the key: the retry runs again', async ({ svc }) => {
    const key = randomUUID();
    const missing = randomUUID();
    const body = { operation_id: missing, name: 'too early' };
    assert.is((await post(svc, '/api/maps/', body, key)).status, 404);
    const again = await post(svc, '/api/maps/', body, key);
    assert.is(again.status, 404);
    assert.is(again.headers.get('idempotent-replayed'), null);
  });

  test('creating routes: a retry answers the first result (maps, layers, COAs, sections, keys)', async ({ svc }) => {
    const { key: apiKey } = await svc.newAccount();
    const twice = async (path: string, body: unknown) => {
      const key = randomUUID();
      const first = await post(svc, path, body, key, apiKey);
      assert.ok(first.status >= 200 && first.status < 300, `${path}: ${first.status} ${first.text}`);
      const again = await post(svc, path, body, key, apiKey);
      assert.is(again.status, first.status, path);
      assert.is(again.headers.get('idempotent-replayed'), 'true', path);
      assert.is(again.headers.get('location'), first.headers.get('location'), path);
      return { first, again };
    };
    const op = (await twice('/api/operations/', operation)).first.body;
    const map = await twice('/api/maps/', { operation_id: op.id, name: 'Map' });
    assert.equal(map.again.body, map.first.body);
    const maps = (await http(svc.url, 'GET', `/api/maps/?operation_id=${op.id}`, { key: apiKey })).body;
    assert.is(maps.length, 1);

    const boundary = { type: 'boundary', title: 'AO', feature_collection: square };
    const layer = await twice(`/api/maps/${map.first.body.id}/features`, boundary);
    assert.equal(layer.again.body, layer.first.body);
    const layers = (await http(svc.url, 'GET', `/api/maps/${map.first.body.id}`, { key: apiKey })).body.layers;
    assert.is(layers.length, 1);
    assert.is(layer.first.body.version, 1, 'the retry did not make a second version of the boundary');

    const coa = await twice('/api/coa-statements/', { operation_id: op.id, name: 'COA 1' });
    assert.equal(coa.again.body, coa.first.body);
    const coaId = coa.first.body.id;
    const section = await twice('/api/coa-statements/sections/', { coa_statement_id: coaId, title: 'Phase 1' });
    assert.equal(section.again.body, section.first.body);
    const sectionsPath = `/api/coa-statements/sections/?coa_statement_id=${coaId}`;
    const sections = await http(svc.url, 'GET', sectionsPath, { key: apiKey });
    assert.is(sections.body.total, 1);

    const created = await twice('/api/api-keys/', { name: 'retried key' });
    assert.is(created.again.body.key, created.first.body.key, 'the retry gets the same secret back');
    const keys = (await http(svc.url, 'GET', '/api/api-keys/', { key: apiKey })).body;
    assert.is(keys.filter((k: { name: string }) => k.name === 'retried key').length, 1);
    // The secret is sealed in the log, never in clear.
    const log = JSON.stringify(await allEvents(svc));
    assert.not.ok(log.includes(created.first.body.key), "the new key's secret is not in the event log");
  });
});

forEachBackend(
  'Idempotency-Key with the projector down',
  (test) => {
    test('503 names the recorded operation; a retry stays on it; caught up, the retry answers it', async ({ svc }) => {
      const runner = svc.service.runner!;
      await runner.stop();
      try {
        const key = randomUUID();
        const first = await post(svc, '/api/operations/', operation, key);
        assert.is(first.status, 503, first.text);
        const id = first.body.id;
        assert.match(id, /^[0-9a-f-]{36}$/);
        assert.is(first.body.location, `/api/operations/${id}`);
        assert.is(first.headers.get('location'), `/api/operations/${id}`);
        assert.match(first.body.detail, /recorded/);
        const again = await post(svc, '/api/operations/', operation, key);
        assert.is(again.status, 503);
        assert.is(again.body.id, id, 'the retry names the same operation');
        const created = (await allEvents(svc))
          .filter((e) => e.type === 'OperationCreated' && e.metadata.account_id === svc.accountId)
          .map((e) => (e.data as { operation_id: string }).operation_id);
        assert.equal(created, [id], 'one operation recorded');
      } finally {
        await runner.start();
      }
      const key2 = randomUUID();
      const caughtUp = await post(svc, '/api/operations/', operation, key2);
      assert.is(caughtUp.status, 200);
    });

    test('a retry after the read models catch up answers 200 with the first id', async ({ svc }) => {
      const runner = svc.service.runner!;
      await runner.stop();
      let running = false;
      try {
        const key = randomUUID();
        const recorded = await post(svc, '/api/operations/', operation, key);
        assert.is(recorded.status, 503);
        const id = recorded.body.id;
        await runner.start();
        running = true;
        const retried = await post(svc, '/api/operations/', operation, key);
        assert.is(retried.status, 200, retried.text);
        assert.is(retried.body.id, id);
        assert.is(retried.headers.get('idempotent-replayed'), 'true');
        assert.is(retried.headers.get('location'), `/api/operations/${id}`);
        assert.is((await http(svc.url, 'GET', `/api/operations/${id}`, { key: svc.key })).status, 200);
      } finally {
        if (!running) await runner.start();
      }
    });
  },
  { READ_YOUR_WRITES_TIMEOUT_MS: '1000' },
);
