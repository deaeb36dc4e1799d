import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';

const valid = { name: 'Operation Northern Shield', unit: '1st Battalion', branch: 'infantry', echelon: 'battalion' };

forEachBackend('operations', (test) => {
  test('create then read at once (read-your-writes), with every field', async ({ svc }) => {
    const created = await http(svc.url, 'POST', '/api/operations/', {
      key: svc.key,
      body: { ...valid, description: 'Delay along the river' },
    });
    assert.is(created.status, 200);
    const op = created.body;
    assert.match(op.id, /^[0-9a-f-]{36}$/);
    assert.is(op.name, valid.name);
    assert.is(op.unit, valid.unit);
    assert.is(op.branch, 'infantry');
    assert.is(op.echelon, 'battalion');
    assert.is(op.description, 'Delay along the river');
    assert.is(op.parent_id, null);
    assert.is(op.account_id, svc.accountId);
    assert.is(op.version, 0);
    assert.is(created.headers.get('location'), `/api/operations/${op.id}`);
    const read = await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key });
    assert.is(read.status, 200);
    assert.equal(read.body, op);
    assert.is(read.headers.get('etag'), '"0"');
  });

  test('list: envelope, filters, search, paging', async ({ svc }) => {
    const { key } = await svc.newAccount();
    const unitId = '3b241101-e2bb-4255-8caf-4136c566a962';
    const parent = (
      await http(svc.url, 'POST', '/api/operations/', { key, body: { ...valid, name: 'Parent Op', unit_id: unitId } })
    ).body;
    const child = (
      await http(svc.url, 'POST', '/api/operations/', {
        key,
        body: { ...valid, name: 'Child Op', unit: 'Alpha Company', parent_id: parent.id },
      })
    ).body;
    for (let i = 0; i < 3; i++)
      await http(svc.url, 'POST', '/api/operations/', {
        key,
        body: { ...valid, name: `Filler ${i}`, unit: '2nd Brigade' },
      });

    const top = await http(svc.url, 'GET', '/api/operations/', { key });
    assert.is(top.status, 200);
    assert.equal(Object.keys(top.body).sort(), ['items', 'page', 'pages', 'size', 'total']);
    assert.is(top.body.total, 4, 'top-level only by default');
    assert.not.ok(top.body.items.some((o: any) => o.id === child.id));

    const all = await http(svc.url, 'GET', '/api/operations/?force_all=true', { key });
    assert.is(all.body.total, 5);

    const children = await http(svc.url, 'GET', `/api/operations/?parent_id=${parent.id}`, { key });
    assert.equal(
      children.body.items.map((o: any) => o.id),
      [child.id],
    );

    const byUnit = await http(svc.url, 'GET', `/api/operations/?unit_id=${unitId}`, { key });
    assert.equal(
      byUnit.body.items.map((o: any) => o.id),
      [parent.id],
    );

    const search = await http(svc.url, 'GET', '/api/operations/?query=alpha&force_all=true', { key });
    assert.equal(
      search.body.items.map((o: any) => o.id),
      [child.id],
      'search matches the unit, case-insensitively',
    );
    const like = await http(svc.url, 'GET', `/api/operations/?query=${encodeURIComponent('%')}`, { key });
    assert.is(like.body.total, 0, '% is a literal, not a wildcard');

    const page2 = await http(svc.url, 'GET', '/api/operations/?force_all=true&size=2&page=2', { key });
    assert.is(page2.body.items.length, 2);
    assert.is(page2.body.page, 2);
    assert.is(page2.body.size, 2);
    assert.is(page2.body.pages, 3);
    const page4 = await http(svc.url, 'GET', '/api/operations/?force_all=true&size=2&page=4', { key });
    assert.equal(page4.body.items, []);
  });

  test('partial update keeps other fields; unchanged PUT records nothing', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    const put = await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { echelon: 'brigade' } });
    assert.is(put.status, 200);
    assert.equal(put.body, { message: 'Operation updated' });
    const read = (await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body;
    assert.is(read.echelon, 'brigade');
    assert.is(read.name, valid.name);
    assert.is(read.version, 1);
    const same = await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { echelon: 'brigade' } });
    assert.equal(same.body, { message: 'Operation unchanged' });
    assert.is((await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body.version, 1);
  });

  test('parallel conflicting PUTs lose no update', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    const names = Array.from({ length: 12 }, (_, i) => ({ description: `note ${i}` }));
    const fields = [{ name: 'Renamed' }, { unit: 'New Unit' }, { branch: 'armor' }, { echelon: 'division' }];
    const results = await Promise.all(
      [...fields, ...names].map((body) => http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body })),
    );
    assert.ok(
      results.every((r) => r.status === 200),
      JSON.stringify(results.map((r) => r.status)),
    );
    const read = (await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body;
    assert.is(read.name, 'Renamed');
    assert.is(read.unit, 'New Unit');
    assert.is(read.branch, 'armor');
    assert.is(read.echelon, 'division');
    assert.is(read.version, 16, 'every PUT became one event');
    const history = (await http(svc.url, 'GET', `/api/operations/${op.id}/history?size=100`, { key: svc.key })).body;
    assert.is(history.total, 17);
  });

  test('If-Match: a stale version is a 409, the current one succeeds', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    await http(svc.url, 'PUT', `/api/operations/${op.id}`, { key: svc.key, body: { name: 'v1' } });
    const stale = await http(svc.url, 'PUT', `/api/operations/${op.id}`, {
      key: svc.key,
      body: { name: 'v2' },
      headers: { 'if-match': '"0"' },
    });
    assert.is(stale.status, 409);
    assert.type(stale.body.detail, 'string');
    const fresh = await http(svc.url, 'PUT', `/api/operations/${op.id}`, {
      key: svc.key,
      body: { name: 'v2' },
      headers: { 'if-match': '"1"' },
    });
    assert.is(fresh.status, 200);
    assert.is(fresh.headers.get('etag'), '"2"');
  });

  test('delete answers the deleted operation; later reads are 404', async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    const deleted = await http(svc.url, 'DELETE', `/api/operations/${op.id}`, { key: svc.key });
    assert.is(deleted.status, 200);
    assert.is(deleted.body.id, op.id);
    assert.is(deleted.body.name, valid.name);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await http(svc.url, method, `/api/operations/${op.id}`, { key: svc.key, body });
      assert.is(r.status, 404, `${method} after delete`);
      assert.equal(r.body, { detail: `Operation ${op.id} not found` });
    }
    const list = await http(svc.url, 'GET', '/api/operations/?force_all=true&size=100', { key: svc.key });
    assert.not.ok(list.body.items.some((o: any) => o.id === op.id));
  });

  test("another account's operation answers 403 and is not listed", async ({ svc }) => {
    const op = (await http(svc.url, 'POST', '/api/operations/', { key: svc.key, body: valid })).body;
    const other = await svc.newAccount();
    for (const [method, path, body] of [
      ['GET', `/api/operations/${op.id}`, undefined],
      ['PUT', `/api/operations/${op.id}`, { name: 'hijack' }],
      ['DELETE', `/api/operations/${op.id}`, undefined],
      ['GET', `/api/operations/${op.id}/history`, undefined],
    ] as const) {
      const r = await http(svc.url, method, path, { key: other.key, body });
      assert.is(r.status, 403, `${method} ${path}`);
      assert.equal(r.body, { detail: 'Operation belongs to another account' });
    }
    const list = await http(svc.url, 'GET', '/api/operations/?force_all=true', { key: other.key });
    assert.is(list.body.total, 0);
    const still = (await http(svc.url, 'GET', `/api/operations/${op.id}`, { key: svc.key })).body;
    assert.is(still.name, valid.name, 'nothing changed');
    const asParent = await http(svc.url, 'POST', '/api/operations/', {
      key: other.key,
      body: { ...valid, parent_id: op.id },
    });
    assert.is(asParent.status, 422);
    assert.equal(asParent.body.detail[0].loc, ['body', 'parent_id']);
  });
});
