// Browser login against a real OpenID provider (oidc-provider on a loopback port, PKCE required),
// driven over HTTP as a browser would: /api/auth/login → the provider's login and consent pages →
// /api/auth/callback → session cookie → the API. Every refusal, CSRF, expiry, logout and
// bearer-beats-cookie, on PGlite and PostgreSQL. Session limits are reached by moving the service's
// login clock, never by sleeping.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQL_BACKENDS } from '../support/backends.ts';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import {
  browse,
  browserFetch,
  CookieJar,
  OIDC_CLIENT,
  startOidcTestProvider,
  type OidcTestProvider,
} from '../support/oidc-test-provider.ts';
import { sha256Hex } from '../../domain/api-key/api-key-token.ts';
import { parseSessionToken } from '../../domain/session/session-token.ts';
import { identityIdOf } from '../../domain/identity/identity-events.ts';
import { ADMIN_IDENTITIES_PATH, startAdminSocket } from '../../api/admin/admin-socket-server.ts';
import { openIdConnectProvider } from '../../infra/identity-provider/openid-connect-provider.ts';
import { ProviderUnavailableError } from '../../infra/identity-provider/identity-provider.ts';
import { createApp } from '../../api/app.ts';
import type { ApiDependencies } from '../../api/api-dependencies.ts';

const WEB_APP = OIDC_CLIENT.web_app_url;
/** The API's public origin as configured (OIDC_REDIRECT_URI's), where its /docs page is. */
const API_ORIGIN = new URL(OIDC_CLIENT.redirect_uri).origin;
/** What a client behind no proxy, or a forger, can send to pass as the API itself. */
const FORGED_FORWARDING = { origin: 'http://evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'http' };
const IDLE_SECONDS = 600;
const MAX_AGE_SECONDS = 3600;
const OPERATION = { name: 'Op Lantern', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' };

interface Ctx {
  svc: TestService;
  provider: OidcTestProvider;
}

for (const backend of SQL_BACKENDS) {
  const test = suite<Ctx>(`browser login [${backend}]`);
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  test.before(async (ctx) => {
    ctx.provider = await startOidcTestProvider();
    ctx.svc = await startTestService(
      backend,
      {
        ...ctx.provider.env,
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        SESSION_MAX_AGE_SECONDS: String(MAX_AGE_SECONDS),
      },
      undefined,
      { browserLoginClock: clock },
    );
  });
  test.before.each(() => {
    offsetMs = 0;
  });
  test.after(async (ctx) => {
    await ctx.svc?.close();
    await ctx.provider?.close();
  });

  const api = (ctx: Ctx, path: string) => ctx.svc.url + path;
  const json = async (response: Response) => JSON.parse(await response.text());
  const sessionRows = (ctx: Ctx) => ctx.svc.service.db.knex('sessions').select('*');

  /** Starts a login in `jar`; answers the provider URL it redirects to. */
  async function startLogin(ctx: Ctx, jar: CookieJar, headers: Record<string, string> = {}) {
    const response = await browserFetch(jar, api(ctx, '/api/auth/login'), { headers });
    assert.is(response.status, 302);
    return response.headers.get('location')!;
  }

  /** The callback request for the provider's redirect. */
  const callback = (ctx: Ctx, jar: CookieJar, redirect: URL, headers: Record<string, string> = {}) =>
    browserFetch(jar, api(ctx, `/api/auth/callback${redirect.search}`), { headers });

  /** A complete login as `subject`: answers the browser's jar, holding the session cookie. */
  async function loginAs(ctx: Ctx, subject: string) {
    const jar = new CookieJar();
    const redirect = await browse(jar, await startLogin(ctx, jar), { login: subject });
    const response = await callback(ctx, jar, redirect);
    assert.is(response.status, 302, await response.text());
    return jar;
  }

  const get = (ctx: Ctx, jar: CookieJar, path: string, headers: Record<string, string> = {}) =>
    browserFetch(jar, api(ctx, path), { headers });
  const post = (ctx: Ctx, jar: CookieJar, path: string, body: unknown, headers: Record<string, string> = {}) =>
    browserFetch(jar, api(ctx, path), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  const logout = (ctx: Ctx, jar: CookieJar, headers: Record<string, string> = {}) =>
    browserFetch(jar, api(ctx, '/api/auth/logout'), { method: 'POST', headers });
  const ids = async (response: Response) => (await json(response)).items.map((o: { id: string }) => o.id);
  const identityRow = (ctx: Ctx, subject: string) =>
    ctx.svc.service.db
      .knex('identities')
      .where({ identity_id: identityIdOf(ctx.provider.issuer, subject) })
      .first();

  test('the whole flow: login → provider (PKCE) → callback → session cookie → GET /api/operations/', async (ctx) => {
    const jar = new CookieJar();
    const providerUrl = new URL(await startLogin(ctx, jar));
    assert.is(providerUrl.origin, ctx.provider.issuer);
    assert.is(providerUrl.searchParams.get('code_challenge_method'), 'S256');
    assert.is(providerUrl.searchParams.get('redirect_uri'), OIDC_CLIENT.redirect_uri);
    for (const p of ['state', 'nonce', 'code_challenge']) assert.ok(providerUrl.searchParams.get(p)!.length >= 32, p);
    const redirect = await browse(jar, providerUrl.href, { login: 'alice' });
    const response = await callback(ctx, jar, redirect);
    assert.is(response.status, 302);
    assert.is(response.headers.get('location'), WEB_APP);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('ops_session='))!;
    assert.match(session, /; path=\//);
    assert.match(session, /httponly/);
    assert.match(session, /samesite=lax/);
    assert.not.match(session, /secure/);
    assert.ok(
      cookies.some((c) => c.startsWith('ops_login_flow=;')),
      'the flow cookie is cleared',
    );

    const list = await get(ctx, jar, '/api/operations/');
    assert.is(list.status, 200);
    assert.equal((await json(list)).items, []);
    const created = await post(ctx, jar, '/api/operations/', OPERATION, { origin: WEB_APP });
    assert.ok(created.ok, `create: ${created.status}`);
    const operation = await json(created);
    assert.equal(await ids(await get(ctx, jar, '/api/operations/')), [operation.id]);

    // The identity registered its own account; a second login of it signs in there again.
    const identity = await identityRow(ctx, 'alice');
    assert.equal([identity.subject, identity.account_id], ['alice', operation.account_id]);
    assert.is(identity.linked_by, 'first_login');
    const account = await ctx.svc.service.db.knex('accounts').where({ account_id: operation.account_id }).first();
    assert.is(account.name, 'alice@example.test');
    const again = await loginAs(ctx, 'alice');
    assert.equal(await ids(await get(ctx, again, '/api/operations/')), [operation.id]);
    // Same access rules as a key: another account's key is refused the operation, and the reverse.
    assert.is((await http(ctx.svc.url, 'GET', `/api/operations/${operation.id}`, { key: ctx.svc.key })).status, 403);
    const foreign = (await http(ctx.svc.url, 'POST', '/api/operations/', { key: ctx.svc.key, body: OPERATION })).body;
    assert.is((await get(ctx, jar, `/api/operations/${foreign.id}`)).status, 403);

    // Stored only as a hash: the row and the events hold SHA-256 of the secret, never the cookie.
    const token = jar.get(ctx.svc.url, 'ops_session')!;
    const parsed = parseSessionToken(token)!;
    const row = (await sessionRows(ctx)).find((r) => r.session_id === parsed.session_id);
    assert.is(row.secret_sha256, sha256Hex(parsed.secret));
    const events = await ctx.svc.service.store.readStream(`session-${parsed.session_id}`);
    assert.equal(
      events.map((e) => e.type),
      ['SessionStarted'],
    );
    assert.not.ok(JSON.stringify(events).includes(parsed.secret), 'the secret is in no event');
  });

  test('Accept: application/json answers the provider URL as JSON (and the login completes from it)', async (ctx) => {
    const jar = new CookieJar();
    const response = await browserFetch(jar, api(ctx, '/api/auth/login'), { headers: { accept: 'application/json' } });
    assert.is(response.status, 200);
    const body = await json(response);
    assert.ok(body.authorization_url.startsWith(`${ctx.provider.issuer}/auth?`));
    assert.ok(jar.get(ctx.svc.url, 'ops_login_flow'), 'flow cookie set');
    const done = await callback(ctx, jar, await browse(jar, body.authorization_url, { login: 'bob' }));
    assert.is(done.status, 302);
  });

  test('callback refusals (no, forged, expired or replayed flow; wrong state; provider error; bad code): no session', async (ctx) => {
    const before = (await sessionRows(ctx)).length;
    const refusal = async (response: Response, status: number, detail: RegExp) => {
      const text = await response.text();
      assert.is(response.status, status, text);
      const body = JSON.parse(text);
      if (status === 400) assert.match(body.detail, detail);
      else assert.ok(Array.isArray(body.detail));
    };
    // Each case gets a fresh login up to the provider's redirect.
    const atCallback = async (subject = 'carl') => {
      const jar = new CookieJar();
      const redirect = await browse(jar, await startLogin(ctx, jar), { login: subject });
      return { jar, redirect };
    };

    let { jar, redirect } = await atCallback();
    jar.delete(ctx.svc.url, 'ops_login_flow');
    await refusal(await callback(ctx, jar, redirect), 400, /No login in progress/);

    ({ jar, redirect } = await atCallback());
    const sealed = jar.get(ctx.svc.url, 'ops_login_flow')!;
    const [payload, signature] = sealed.split('.');
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    altered.exp += 3600;
    const forged = Buffer.from(JSON.stringify(altered)).toString('base64url');
    jar.set(ctx.svc.url, 'ops_login_flow', `${forged}.${signature}`);
    await refusal(await callback(ctx, jar, redirect), 400, /login cookie is not valid/);

    ({ jar, redirect } = await atCallback());
    const wrongState = new URL(redirect);
    wrongState.searchParams.set('state', 'another-login-state');
    await refusal(await callback(ctx, jar, wrongState), 400, /state does not match/);

    ({ jar, redirect } = await atCallback());
    const noState = new URL(redirect);
    noState.searchParams.delete('state');
    await refusal(await callback(ctx, jar, noState), 422, /./);

    jar = new CookieJar();
    redirect = await browse(jar, await startLogin(ctx, jar), 'abort');
    assert.is(redirect.searchParams.get('error'), 'access_denied');
    await refusal(await callback(ctx, jar, redirect), 400, /refused the login: access_denied/);

    ({ jar, redirect } = await atCallback());
    offsetMs = 601_000;
    await refusal(await callback(ctx, jar, redirect), 400, /took too long/);
    offsetMs = 0;

    ({ jar, redirect } = await atCallback());
    const badCode = new URL(redirect);
    badCode.searchParams.set('code', `${redirect.searchParams.get('code')}x`);
    await refusal(await callback(ctx, jar, badCode), 400, /refused the code exchange: invalid_grant/);

    // A replay: the same callback with the same flow cookie, after it succeeded once.
    ({ jar, redirect } = await atCallback());
    const flowCookie = jar.get(ctx.svc.url, 'ops_login_flow')!;
    assert.is((await callback(ctx, jar, redirect)).status, 302);
    const replayJar = new CookieJar();
    replayJar.set(ctx.svc.url, 'ops_login_flow', flowCookie);
    await refusal(await callback(ctx, replayJar, redirect), 400, /already completed/);

    assert.is((await sessionRows(ctx)).length, before + 1, 'only the one completed login has a session');
  });

  test('writes by cookie need the web app as Origin (CSRF); reads do not; refused ones write nothing', async (ctx) => {
    const jar = await loginAs(ctx, 'dora');
    const count = async () => (await json(await get(ctx, jar, '/api/operations/'))).total;
    const none = await post(ctx, jar, '/api/operations/', OPERATION);
    assert.is(none.status, 403);
    assert.match((await json(none)).detail, /Cross-site request refused.*Origin header missing/);
    const evil = await post(ctx, jar, '/api/operations/', OPERATION, { origin: 'http://evil.test' });
    assert.is(evil.status, 403);
    assert.match((await json(evil)).detail, /got http:\/\/evil\.test/);
    assert.is(await count(), 0);
    assert.ok((await post(ctx, jar, '/api/operations/', OPERATION, { origin: WEB_APP })).ok);
    const byReferer = await post(ctx, jar, '/api/operations/', OPERATION, { referer: `${WEB_APP}/planning` });
    assert.ok(byReferer.ok, 'Referer when no Origin');
    const id = (await json(await get(ctx, jar, '/api/operations/'))).items[0].id;
    const del = await browserFetch(jar, api(ctx, `/api/operations/${id}`), {
      method: 'DELETE',
      headers: { origin: 'http://evil.test' },
    });
    assert.is(del.status, 403);
    assert.is(await count(), 2);
    // The API's own configured origin (its /docs page) is trusted too.
    assert.ok((await post(ctx, jar, '/api/operations/', OPERATION, { origin: API_ORIGIN })).ok);
    assert.is(await count(), 3);
  });

  test('Origin is compared with configured origins: a forged X-Forwarded-Host does not pass (no TRUST_PROXY)', async (ctx) => {
    const jar = await loginAs(ctx, 'dora');
    const before = (await json(await get(ctx, jar, '/api/operations/'))).total;
    const forged = await post(ctx, jar, '/api/operations/', OPERATION, FORGED_FORWARDING);
    assert.is(forged.status, 403);
    assert.match((await json(forged)).detail, /Cross-site request refused.*got http:\/\/evil\.test/);
    // Nor does a Host header naming the forger's origin.
    const byHost = await new Promise<number>((resolve, reject) => {
      const target = new URL(api(ctx, '/api/operations/'));
      const call = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            host: 'evil.test',
            origin: 'http://evil.test',
            'content-type': 'application/json',
            cookie: `ops_session=${jar.get(ctx.svc.url, 'ops_session')}`,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      call.on('error', reject);
      call.end(JSON.stringify(OPERATION));
    });
    assert.is(byHost, 403);
    assert.is((await json(await get(ctx, jar, '/api/operations/'))).total, before, 'nothing written');
    // Without TRUST_PROXY the forwarding headers change nothing: links name the address the client used.
    const landing = await http(ctx.svc.url, 'GET', '/api/ogc/tiles?f=json', {
      key: ctx.svc.key,
      headers: FORGED_FORWARDING,
    });
    assert.is(landing.body.links[0].href, `${ctx.svc.url}/api/ogc/tiles`);
  });

  test('CORS with credentials for the web app origin only (preflight answered, no other origin)', async (ctx) => {
    const preflight = (origin: string) =>
      fetch(api(ctx, '/api/operations/'), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(WEB_APP);
    assert.is(allowed.status, 204);
    assert.is(allowed.headers.get('access-control-allow-origin'), WEB_APP);
    assert.is(allowed.headers.get('access-control-allow-credentials'), 'true');
    assert.match(allowed.headers.get('access-control-allow-methods')!, /POST/);
    assert.match(allowed.headers.get('access-control-allow-headers')!, /content-type/);
    const other = await preflight('http://evil.test');
    assert.is(other.headers.get('access-control-allow-origin'), null);
    const jar = await loginAs(ctx, 'lena');
    const read = await get(ctx, jar, '/api/operations/', { origin: WEB_APP });
    assert.is(read.status, 200);
    assert.is(read.headers.get('access-control-allow-origin'), WEB_APP);
    const foreign = await get(ctx, jar, '/api/operations/', { origin: 'http://evil.test' });
    assert.is(foreign.headers.get('access-control-allow-origin'), null);
  });

  test('a bearer key wins over the session cookie (a bad key is a 401 even with a good cookie)', async (ctx) => {
    const jar = await loginAs(ctx, 'erin');
    assert.ok((await post(ctx, jar, '/api/operations/', OPERATION, { origin: WEB_APP })).ok);
    const byKey = await get(ctx, jar, '/api/operations/', { authorization: `Bearer ${ctx.svc.key}` });
    const items = (await json(byKey)).items as Array<{ account_id: string }>;
    const keyAccount = items.every((o) => o.account_id === ctx.svc.accountId);
    assert.ok(items.length > 0 && keyAccount, "the key's account, not the session's");
    // No CSRF check on a bearer request: the key is not sent by the browser on its own.
    const created = await post(ctx, jar, '/api/operations/', OPERATION, { authorization: `Bearer ${ctx.svc.key}` });
    assert.is((await json(created)).account_id, ctx.svc.accountId);
    const bad = await get(ctx, jar, '/api/operations/', { authorization: 'Bearer opk_nonsense' });
    assert.is(bad.status, 401);
    assert.is((await json(bad)).detail, 'Malformed API key');
  });

  test('a session ends after the idle limit, and at the absolute limit however active', async (ctx) => {
    const jar = await loginAs(ctx, 'fred');
    const sessionId = parseSessionToken(jar.get(ctx.svc.url, 'ops_session')!)!.session_id;
    offsetMs = (IDLE_SECONDS - 10) * 1000;
    assert.is((await get(ctx, jar, '/api/operations/')).status, 200, 'active just before the idle limit');
    offsetMs += (IDLE_SECONDS - 10) * 1000;
    assert.is((await get(ctx, jar, '/api/operations/')).status, 200, 'the last request counts as activity');
    offsetMs += IDLE_SECONDS * 1000;
    const idle = await get(ctx, jar, '/api/operations/');
    assert.is(idle.status, 401);
    assert.is((await json(idle)).detail, 'Session expired (idle)');
    const idleEvents = await ctx.svc.service.store.readStream(`session-${sessionId}`);
    const types = idleEvents.map((e) => e.type);
    assert.equal(types, ['SessionStarted', 'SessionRefreshed', 'SessionRefreshed', 'SessionEnded']);
    assert.equal(idleEvents.at(-1)!.data, { session_id: sessionId, reason: 'idle_timeout' });

    offsetMs = 0;
    const busy = await loginAs(ctx, 'fred');
    for (let t = 500; t < MAX_AGE_SECONDS; t += 500) {
      offsetMs = t * 1000;
      assert.is((await get(ctx, busy, '/api/operations/')).status, 200, `at ${t} s`);
    }
    offsetMs = MAX_AGE_SECONDS * 1000;
    const old = await get(ctx, busy, '/api/operations/');
    assert.is(old.status, 401);
    assert.is((await json(old)).detail, 'Session expired');
  });

  test("logout revokes at once, clears the cookie and answers the provider's end-session URL", async (ctx) => {
    const jar = await loginAs(ctx, 'gina');
    const token = jar.get(ctx.svc.url, 'ops_session')!;
    const crossSite = await logout(ctx, jar, { origin: 'http://evil.test' });
    assert.is(crossSite.status, 403);
    assert.is((await get(ctx, jar, '/api/operations/')).status, 200, 'a refused logout ends nothing');

    const response = await logout(ctx, jar, { origin: WEB_APP });
    assert.is(response.status, 200);
    const body = await json(response);
    assert.is(body.message, 'Logged out');
    const endSession = new URL(body.end_session_url);
    assert.is(`${endSession.origin}${endSession.pathname}`, `${ctx.provider.issuer}/session/end`);
    assert.is(endSession.searchParams.get('client_id'), OIDC_CLIENT.client_id);
    assert.is(endSession.searchParams.get('post_logout_redirect_uri'), WEB_APP);
    assert.ok(
      response.headers.getSetCookie().some((c) => c.startsWith('ops_session=;')),
      'cookie cleared',
    );
    assert.is(jar.get(ctx.svc.url, 'ops_session'), undefined);

    // The old cookie, kept by someone, is refused at once.
    const stolen = new CookieJar();
    stolen.set(ctx.svc.url, 'ops_session', token);
    const refused = await get(ctx, stolen, '/api/operations/');
    assert.is(refused.status, 401);
    assert.is((await json(refused)).detail, 'Session ended');
    const events = await ctx.svc.service.store.readStream(`session-${parseSessionToken(token)!.session_id}`);
    assert.equal(events.at(-1)!.data, { session_id: parseSessionToken(token)!.session_id, reason: 'logout' });
    // Idempotent: again with the old cookie, and without any.
    assert.is((await logout(ctx, stolen, { origin: WEB_APP })).status, 200);
    assert.is((await logout(ctx, new CookieJar())).status, 200);
  });

  test("without TRUST_PROXY a client's X-Forwarded-Proto: https is not believed (cookies not Secure)", async (ctx) => {
    const jar = new CookieJar();
    const https = { 'x-forwarded-proto': 'https' };
    const login = await browserFetch(jar, api(ctx, '/api/auth/login'), { headers: https });
    assert.not.match(
      login.headers.getSetCookie().find((c) => c.startsWith('ops_login_flow='))!,
      /; secure/,
    );
  });

  test('an administrator links an identity to an existing account (admin socket); its logins go there', async (ctx) => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-admin-'));
    const socketPath = join(dir, 'admin.sock');
    const server = await startAdminSocket(socketPath, ctx.svc.service.store, ctx.svc.service.runner!);
    const admin = (body: unknown) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const call = request({ socketPath, path: ADMIN_IDENTITIES_PATH, method: 'POST' }, (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        });
        call.on('error', reject);
        call.end(JSON.stringify(body));
      });
    try {
      const mine = (await http(ctx.svc.url, 'POST', '/api/operations/', { key: ctx.svc.key, body: OPERATION })).body;
      const nobody = '00000000-0000-4000-8000-000000000000';
      assert.is((await admin({ issuer: ctx.provider.issuer, subject: 'ivan', account_id: nobody })).status, 404);
      assert.is((await admin({ issuer: 'not a url', subject: 'ivan', account_id: ctx.svc.accountId })).status, 422);
      assert.is((await admin({ issuer: ctx.provider.issuer, subject: 'ivan' })).status, 422);
      const linked = await admin({ issuer: ctx.provider.issuer, subject: 'ivan', account_id: ctx.svc.accountId });
      assert.is(linked.status, 200);
      assert.is(linked.body.account_id, ctx.svc.accountId);
      const jar = await loginAs(ctx, 'ivan');
      const visible = await ids(await get(ctx, jar, '/api/operations/?force_all=true'));
      assert.ok(visible.includes(mine.id), "ivan signs in to the key's account");
      const row = await identityRow(ctx, 'ivan');
      assert.is(row.linked_by, 'administrator');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('without OIDC settings the three routes answer 503 "Browser login is not configured"', async (ctx) => {
    // The same backends with browser login unset, as service.ts wires them when OIDC_* is empty.
    const { store, db, runner, logger, blobStore, documents, apiCaches } = ctx.svc.service;
    const deps = {
      store,
      readModels: db.knex,
      waiter: runner!,
      logger,
      readYourWritesTimeoutMs: 10_000,
      trustProxy: false,
      healthChecks: [],
      blobStore,
      apiKeys: apiCaches.apiKeys,
      tileReadiness: apiCaches.tileReadiness,
      tileBodies: apiCaches.tileBodies,
      terrainSources: () => ({}) as never,
      readWargameTerrain: async () => null,
      documents: {
        storage: documents,
        limits: { maxFileBytes: 1, maxRequestBytes: 1, maxFiles: 1 },
        urlTtlSeconds: 1,
        verifyDownload: null,
      },
      browserLogin: null,
    } satisfies ApiDependencies;
    const server = createServer(createApp(deps).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const calls = [
        ['GET', '/api/auth/login'],
        ['GET', '/api/auth/callback?code=c&state=s'],
        ['POST', '/api/auth/logout'],
      ];
      for (const [method, path] of calls) {
        const r = await http(url, method!, path!);
        assert.is(r.status, 503, `${method} ${path}`);
        assert.equal(r.body, { detail: 'Browser login is not configured' });
      }
      // Validation comes first, as on every route: a callback without its state is a 422 either way.
      const malformed = await http(url, 'GET', '/api/auth/callback');
      assert.is(malformed.status, 422);
      assert.equal(malformed.body.detail[0].loc, ['query', 'state']);
      // A session cookie is no credential there, even a genuine one; keys work as ever.
      const jar = await loginAs(ctx, 'kate');
      const cookie = `ops_session=${jar.get(ctx.svc.url, 'ops_session')}`;
      const r = await http(url, 'GET', '/api/operations/', { headers: { cookie } });
      assert.is(r.status, 401);
      assert.is((await http(url, 'GET', '/api/operations/', { key: ctx.svc.key })).status, 200);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('the provider down: the callback answers 503 and creates no session', async (ctx) => {
    const jar = new CookieJar();
    const redirect = await browse(jar, await startLogin(ctx, jar), { login: 'jane' });
    const before = (await sessionRows(ctx)).length;
    await ctx.provider.close();
    const response = await callback(ctx, jar, redirect);
    assert.is(response.status, 503);
    assert.match((await json(response)).detail, /identity provider is unavailable/);
    assert.is((await sessionRows(ctx)).length, before);
  });

  test.run();

  if (backend !== 'pglite') continue;
  // Behind a TLS-terminating proxy that sets X-Forwarded-*: what TRUST_PROXY changes, and what it does not.
  const proxied = suite<Ctx>('browser login behind a proxy (TRUST_PROXY=true)');
  proxied.before(async (ctx) => {
    ctx.provider = await startOidcTestProvider();
    ctx.svc = await startTestService(backend, { ...ctx.provider.env, TRUST_PROXY: 'true' });
  });
  proxied.after(async (ctx) => {
    await ctx.svc?.close();
    await ctx.provider?.close();
  });

  proxied('X-Forwarded-Proto: https makes the cookies Secure; links follow X-Forwarded-Host', async (ctx) => {
    const jar = new CookieJar();
    const https = { 'x-forwarded-proto': 'https' };
    const login = await browserFetch(jar, api(ctx, '/api/auth/login'), { headers: https });
    assert.match(
      login.headers.getSetCookie().find((c) => c.startsWith('ops_login_flow='))!,
      /; secure/,
    );
    const redirect = await browse(jar, login.headers.get('location')!, { login: 'hank' });
    const response = await callback(ctx, jar, redirect, https);
    assert.is(response.status, 302);
    assert.match(
      response.headers.getSetCookie().find((c) => c.startsWith('ops_session='))!,
      /; secure/,
    );
    const headers = { 'x-forwarded-host': 'api.ops.test', 'x-forwarded-proto': 'https' };
    const landing = await http(ctx.svc.url, 'GET', '/api/ogc/tiles?f=json', { key: ctx.svc.key, headers });
    assert.is(landing.body.links[0].href, 'https://api.ops.test/api/ogc/tiles');
  });

  proxied('the forwarded host still decides nothing about trust: a forged origin is refused', async (ctx) => {
    const jar = await loginAs(ctx, 'dora');
    const forged = await post(ctx, jar, '/api/operations/', OPERATION, FORGED_FORWARDING);
    assert.is(forged.status, 403);
    assert.match((await json(forged)).detail, /got http:\/\/evil\.test/);
    assert.is((await json(await get(ctx, jar, '/api/operations/'))).total, 0, 'nothing written');
    assert.ok((await post(ctx, jar, '/api/operations/', OPERATION, { origin: WEB_APP })).ok);
  });

  proxied.run();
}

const unreachable = suite('identity provider adapter');
unreachable('a provider that does not answer: ProviderUnavailableError (503), no end-session URL', async () => {
  const provider = openIdConnectProvider({
    issuer: 'http://127.0.0.1:9',
    clientId: 'c',
    clientSecret: 's'.repeat(32),
    redirectUri: OIDC_CLIENT.redirect_uri,
    postLogoutRedirectUri: WEB_APP,
    scopes: 'openid',
    timeoutSeconds: 2,
  });
  try {
    await provider.startLogin();
    assert.unreachable('startLogin should fail');
  } catch (error) {
    assert.instance(error, ProviderUnavailableError);
  }
  assert.is(await provider.endSessionUrl(), null);
});
unreachable.run();
