import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http } from '../support/test-service.ts';
import { createApiKey } from '../../commands/api-key-commands.ts';
import { systemContext } from '../../commands/command-context.ts';

forEachBackend('api keys and auth', (test) => {
  test('create returns the key once; list redacts; the new key works at once', async ({ svc }) => {
    const created = await http(svc.url, 'POST', '/api/api-keys/', {
      key: svc.key,
      body: { name: 'ci pipeline', lifetime_days: 30 },
    });
    assert.is(created.status, 200);
    assert.match(created.body.key, /^opk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    assert.is(created.body.name, 'ci pipeline');
    assert.is(created.body.account_id, svc.accountId);
    const expires = Date.parse(created.body.expires_at) - Date.parse(created.body.created_at);
    assert.ok(Math.abs(expires - 30 * 86_400_000) < 5_000, 'lifetime_days sets expires_at');
    const list = await http(svc.url, 'GET', '/api/api-keys/', { key: svc.key });
    assert.is(list.status, 200);
    const listed = list.body.find((k: any) => k.id === created.body.id);
    assert.ok(listed);
    assert.is(listed.key, `${created.body.key_prefix}************`);
    assert.not.ok(list.text.includes(created.body.key.slice(-43)), 'the secret never appears in a listing');
    const withNew = await http(svc.url, 'GET', '/api/operations/', { key: created.body.key });
    assert.is(withNew.status, 200);
  });

  test('delete revokes and answers the key; the revoked key is refused', async ({ svc }) => {
    const created = (await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body: { name: 'temp' } })).body;
    const deleted = await http(svc.url, 'DELETE', `/api/api-keys/${created.id}`, { key: svc.key });
    assert.is(deleted.status, 200);
    assert.is(deleted.body.id, created.id);
    assert.type(deleted.body.revoked_at, 'string');
    assert.ok(deleted.body.key.endsWith('****'));
    const refused = await http(svc.url, 'GET', '/api/operations/', { key: created.key });
    assert.is(refused.status, 401);
    assert.equal(refused.body, { detail: 'API key revoked' });
    const again = await http(svc.url, 'DELETE', `/api/api-keys/${created.id}`, { key: svc.key });
    assert.is(again.status, 404);
    const list = await http(svc.url, 'GET', '/api/api-keys/', { key: svc.key });
    assert.not.ok(list.body.some((k: any) => k.id === created.id));
  });

  test('401 for missing, malformed, unknown and expired credentials', async ({ svc }) => {
    const realId = svc.key.slice(4, 36);
    const expired = await createApiKey(
      svc.service.store,
      {
        ...systemContext({ account_id: svc.accountId, api_key_id: null }),
        // Created "an hour ago" with a one-minute lifetime: already expired.
        now: () => new Date(Date.now() - 3_600_000),
      },
      {
        account_id: svc.accountId,
        name: 'short',
        lifetime_days: null,
        expires_at: new Date(Date.now() - 3_540_000).toISOString(),
      },
    );
    await svc.service.runner!.waitFor(expired.position!, 5000);
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'Not authenticated'],
      ['Basic dXNlcjpwYXNz', 'Authorization header must be "Bearer <API key>"'],
      ['Bearer', 'Authorization header must be "Bearer <API key>"'],
      ['Bearer not-a-key', 'Malformed API key'],
      [`Bearer opk_${realId}_${'A'.repeat(43)}`, 'Invalid API key'],
      [`Bearer opk_${randomUUID().replace(/-/g, '')}_${'A'.repeat(43)}`, 'Invalid API key'],
      [`Bearer ${expired.token}`, 'API key expired'],
    ];
    for (const [header, detail] of cases) {
      for (const path of ['/api/operations/', '/api/api-keys/']) {
        const r = await http(svc.url, 'GET', path, { headers: header ? { authorization: header } : {} });
        assert.is(r.status, 401, `${header} ${path}`);
        assert.equal(r.body, { detail }, String(header));
        assert.is(r.headers.get('www-authenticate'), 'Bearer');
      }
    }
  });

  test('an account sees and revokes only its own keys', async ({ svc }) => {
    const other = await svc.newAccount();
    const mine = (await http(svc.url, 'GET', '/api/api-keys/', { key: svc.key })).body;
    const theirs = (await http(svc.url, 'GET', '/api/api-keys/', { key: other.key })).body;
    assert.ok(mine.every((k: any) => k.account_id === svc.accountId));
    assert.ok(theirs.every((k: any) => k.account_id === other.accountId));
    assert.not.ok(mine.some((k: any) => theirs.some((t: any) => t.id === k.id)));
    const attempt = await http(svc.url, 'DELETE', `/api/api-keys/${theirs[0].id}`, { key: svc.key });
    assert.is(attempt.status, 404);
    assert.is((await http(svc.url, 'GET', '/api/api-keys/', { key: other.key })).status, 200, 'their key still works');
  });

  test('create-key validation', async ({ svc }) => {
    const cases: Array<[unknown, unknown[]]> = [
      [{}, ['body', 'name']],
      [{ name: '' }, ['body', 'name']],
      [{ name: 'x', lifetime_days: 0 }, ['body', 'lifetime_days']],
      [{ name: 'x', lifetime_days: 'ten' }, ['body', 'lifetime_days']],
      [{ name: 'x', expires_at: 'tomorrow' }, ['body', 'expires_at']],
      [{ name: 'x', expires_at: '2001-01-01T00:00:00Z' }, ['body', 'expires_at']],
      [{ name: 'x', expires_at: '2999-01-01T00:00:00Z', lifetime_days: 3 }, ['body', 'lifetime_days']],
      [{ name: 'x', keyName: 'y' }, ['body', 'keyName']],
    ];
    for (const [body, loc] of cases) {
      const r = await http(svc.url, 'POST', '/api/api-keys/', { key: svc.key, body });
      assert.is(r.status, 422, JSON.stringify(body));
      assert.equal(r.body.detail[0].loc, loc, JSON.stringify(r.body));
    }
  });

  test('health answers without credentials and names each backend', async ({ svc }) => {
    const r = await http(svc.url, 'GET', '/api/health/');
    assert.is(r.status, 200);
    assert.is(r.body.message, 'ok');
    assert.is(r.body.backends.event_store.ok, true);
    assert.is(r.body.backends.read_models.ok, true);
    assert.is(r.body.backends.event_store.kind, svc.backend);
    const delay = r.body.event_loop_delay_ms;
    for (const name of ['p50', 'p99', 'max', 'window_s']) {
      assert.type(delay?.[name], 'number', `event_loop_delay_ms.${name} in ${r.text}`);
      assert.ok(Number.isFinite(delay[name]) && delay[name] >= 0, `${name}: ${delay[name]}`);
    }
    assert.ok(delay.p50 <= delay.p99 && delay.p99 <= delay.max, r.text);
  });
});
