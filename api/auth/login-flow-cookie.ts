// The login in progress (state, nonce, PKCE verifier) lives in the browser between /api/auth/login
// and the callback: a short-lived HttpOnly cookie, HMAC-SHA256 signed so it cannot be forged or
// altered, and carrying its own expiry so an old one is refused even if a browser kept it.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { LoginFlow } from '../../infra/identity-provider/identity-provider.ts';

export const LOGIN_FLOW_COOKIE = 'ops_login_flow';
/** How long a user has from starting a login to coming back from the provider. */
export const LOGIN_FLOW_TTL_SECONDS = 600;

/** The signing key, derived so the configured secret is never used directly for another purpose. */
export function loginFlowKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ops-terrain-service', 'login-flow-cookie v1', 32));
}

const sign = (payload: string, key: Buffer) => createHmac('sha256', key).update(payload).digest('base64url');

export function sealLoginFlow(flow: LoginFlow, key: Buffer, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LOGIN_FLOW_TTL_SECONDS;
  const payload = Buffer.from(JSON.stringify({ ...flow, exp: expires })).toString('base64url');
  return `${payload}.${sign(payload, key)}`;
}

export type OpenedLoginFlow = { ok: true; flow: LoginFlow } | { ok: false; reason: 'invalid' | 'expired' };

export function openLoginFlow(value: string, key: Buffer, now: Date): OpenedLoginFlow {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LoginFlow & { exp: number };
  if (now.getTime() / 1000 >= data.exp) return { ok: false, reason: 'expired' };
  return { ok: true, flow: { state: data.state, nonce: data.nonce, code_verifier: data.code_verifier } };
}
