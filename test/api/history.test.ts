import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { replayOperation } from '../../commands/replay-operation.ts';

const valid = { name: 'Op History', unit: 'Unit', branch: 'signal', echelon: 'company' };

forEachBackend('operation history and replay', (test) => {
  test('history lists the events in order with actor, time and data; paginated', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { name: 'Second' } });
    await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { echelon: 'battalion' } });
    const all = await http(svc.url, 'GET', `/api/operations/${op.id}/history`, { key: svc.key });
    assert.is(all.status, 200);
    assert.is(all.body.total, 3);
    assert.equal(
      all.body.items.map((e: any) => e.type),
      ['OperationCreated', 'OperationUpdated', 'OperationUpdated'],
    );
    assert.equal(
      all.body.items.map((e: any) => e.revision),
      [0, 1, 2],
    );
    const positions = all.body.items.map((e: any) => e.position);
    assert.equal(
      [...positions].sort((a: number, b: number) => a - b),
      positions,
    );
    const first = all.body.items[0];
    assert.is(first.actor.account_id, svc.accountId);
    assert.match(first.actor.api_key_id, /^[0-9a-f-]{36}$/);
    assert.is(first.data.name, 'Op History');
    assert.equal(all.body.items[1].data.changes, { name: 'Second' });
    assert.ok(!Number.isNaN(Date.parse(first.occurred_at)));
    const page = await http(svc.url, 'GET', `/api/operations/${op.id}/history?size=2&page=2`, { key: svc.key });
    assert.equal(
      page.body.items.map((e: any) => e.revision),
      [2],
    );
    assert.is(page.body.pages, 2);
  });

  test('as_of a position or a time returns the operation as it was', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    await new Promise((r) => setTimeout(r, 20));
    await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { name: 'Renamed' } });
    await http(svc.url, 'DELETE', `/api/operations/${op.id}`, { key: svc.key });
    const history = (await http(svc.url, 'GET', `/api/operations/${op.id}/history`, { key: svc.key })).body;
    const [created, renamed, deleted] = history.items;

    const atCreate = (
      await http(svc.url, 'GET', `/api/operations/${op.id}/history?as_of=${created.position}`, { key: svc.key })
    ).body;
    assert.is(atCreate.operation.name, 'Op History');
    assert.is(atCreate.operation.version, 0);
    assert.is(atCreate.operation.deleted, false);
    assert.is(atCreate.total, 1);

    const atRename = (
      await http(svc.url, 'GET', `/api/operations/${op.id}/history?as_of=${encodeURIComponent(renamed.occurred_at)}`, {
        key: svc.key,
      })
    ).body;
    assert.is(atRename.operation.name, 'Renamed');
    assert.is(atRename.operation.version, 1);

    const atDelete = (
      await http(svc.url, 'GET', `/api/operations/${op.id}/history?as_of=${deleted.position}`, { key: svc.key })
    ).body;
    assert.is(atDelete.operation.deleted, true);

    const before = (
      await http(svc.url, 'GET', `/api/operations/${op.id}/history?as_of=2000-01-01T00:00:00Z`, { key: svc.key })
    ).body;
    assert.is(before.operation, null);
    assert.is(before.total, 0);
  });

  test('replay reads the log itself and gives the state after each event', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { unit: 'Bravo' } });
    const steps = [];
    for await (const step of replayOperation(svc.service.store, op.id)) steps.push(step);
    assert.equal(
      steps.map((s) => s.type),
      ['OperationCreated', 'OperationUpdated'],
    );
    const last = steps[1]!.state;
    assert.is(last.status, 'active');
    if (last.status === 'active') assert.is(last.fields.unit, 'Bravo');
    const http2 = (await http(svc.url, 'GET', `/api/operations/${op.id}/history`, { key: svc.key })).body;
    assert.equal(
      steps.map((s) => s.position),
      http2.items.map((e: any) => e.position),
      'replay and history agree',
    );
  });
});
