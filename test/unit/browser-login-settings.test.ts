// Browser-login settings (infra/config.ts) and the signed login-flow cookie (api/auth/).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../infra/config.ts';
import {
  loginFlowKey,
  openLoginFlow,
  sealLoginFlow,
  LOGIN_FLOW_TTL_SECONDS,
} from '../../api/auth/login-flow-cookie.ts';

const login = {
  OIDC_ISSUER: 'https://id.example.org/realms/ops',
  OIDC_CLIENT_ID: 'ops-web',
  OIDC_CLIENT_SECRET: 's'.repeat(40),
  OIDC_REDIRECT_URI: 'https://api.example.org/api/auth/callback',
  WEB_APP_URL: 'https://app.example.org',
};
const refused = (env: Record<string, string>, message: RegExp) => {
  const matches = (e: unknown) => e instanceof ConfigError && message.test((e as Error).message);
  assert.throws(() => loadConfig(env), matches, JSON.stringify(env));
};

test('not configured without the OIDC settings; defaults with them', () => {
  assert.is(loadConfig({}).browserLogin, null);
  assert.equal(loadConfig(login).browserLogin, {
    issuer: login.OIDC_ISSUER,
    clientId: 'ops-web',
    clientSecret: login.OIDC_CLIENT_SECRET,
    redirectUri: login.OIDC_REDIRECT_URI,
    webAppUrl: login.WEB_APP_URL,
    scopes: 'openid email profile',
    cookieSecret: login.OIDC_CLIENT_SECRET,
    idleTimeoutSeconds: 1800,
    maxAgeSeconds: 43200,
  });
  const publicEnv = { ...login, OIDC_CLIENT_SECRET: '', AUTH_COOKIE_SECRET: 'c'.repeat(32) };
  const publicClient = loadConfig(publicEnv).browserLogin!;
  assert.equal([publicClient.clientSecret, publicClient.cookieSecret], [null, 'c'.repeat(32)]);
  const loopback = 'http://127.0.0.1:9000';
  assert.is(loadConfig({ ...login, OIDC_ISSUER: loopback }).browserLogin!.issuer, loopback);
});

test('TRUST_PROXY: off unless set; only true or false', () => {
  assert.is(loadConfig({}).trustProxy, false);
  assert.is(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.is(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
  refused({ TRUST_PROXY: 'sometimes' }, /TRUST_PROXY="sometimes" must be true or false/);
});

test('bad settings stop start-up with a one-line reason', () => {
  refused({ OIDC_ISSUER: login.OIDC_ISSUER }, /missing OIDC_CLIENT_ID, OIDC_REDIRECT_URI, WEB_APP_URL/);
  refused({ ...login, WEB_APP_URL: 'app.example.org' }, /WEB_APP_URL="app.example.org" is not a URL/);
  refused({ ...login, OIDC_ISSUER: 'http://id.example.org' }, /OIDC_ISSUER must use https:/);
  refused({ ...login, OIDC_REDIRECT_URI: 'ftp://x/cb' }, /OIDC_REDIRECT_URI must use http: or https:/);
  refused({ ...login, OIDC_CLIENT_SECRET: '' }, /public client .* needs AUTH_COOKIE_SECRET/);
  refused({ ...login, OIDC_CLIENT_SECRET: 'short' }, /OIDC_CLIENT_SECRET .* at least 32 characters/);
  refused({ ...login, AUTH_COOKIE_SECRET: 'short' }, /AUTH_COOKIE_SECRET must be at least 32 characters/);
  refused(
    { ...login, SESSION_IDLE_TIMEOUT_SECONDS: '30' },
    /SESSION_IDLE_TIMEOUT_SECONDS="30" must be an integer from 60/,
  );
  const idleOverMax = { ...login, SESSION_IDLE_TIMEOUT_SECONDS: '7200', SESSION_MAX_AGE_SECONDS: '3600' };
  refused(idleOverMax, /must not exceed SESSION_MAX_AGE_SECONDS/);
  for (const env of [
    { ...login, OIDC_ISSUER: 'nonsense' },
    { ...login, SESSION_MAX_AGE_SECONDS: '1h' },
  ]) {
    try {
      loadConfig(env);
      assert.unreachable();
    } catch (error) {
      assert.not.match((error as Error).message, /\n/);
    }
  }
});

test('login-flow cookie: round trip; refused when altered, under another key, or expired (exact second)', () => {
  const key = loginFlowKey('k'.repeat(32));
  const flow = { state: 'st', nonce: 'no', code_verifier: 'cv' };
  const at = new Date('2026-01-01T10:00:00.000Z');
  const sealed = sealLoginFlow(flow, key, at);
  assert.equal(openLoginFlow(sealed, key, at), { ok: true, flow });
  const last = new Date(at.getTime() + LOGIN_FLOW_TTL_SECONDS * 1000 - 1);
  assert.equal(openLoginFlow(sealed, key, last), { ok: true, flow });
  const expiry = new Date(at.getTime() + LOGIN_FLOW_TTL_SECONDS * 1000);
  assert.equal(openLoginFlow(sealed, key, expiry), { ok: false, reason: 'expired' });
  assert.equal(openLoginFlow(sealed, loginFlowKey('j'.repeat(32)), at), { ok: false, reason: 'invalid' });
  const [payload, signature] = sealed.split('.');
  const altered = Buffer.from(JSON.stringify({ ...flow, state: 'other', exp: 9e9 })).toString('base64url');
  const bads = [`${altered}.${signature}`, `${payload}.`, `${payload}`, `${sealed}.x`, '', `${payload}.${signature}x`];
  for (const bad of bads) {
    assert.equal(openLoginFlow(bad, key, at), { ok: false, reason: 'invalid' }, bad);
  }
});

test.run();
