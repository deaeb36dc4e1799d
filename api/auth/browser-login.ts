// What the browser-login routes and the session check need, built by service.ts when OIDC_* is
// configured (null otherwise: the auth routes answer 503 and session cookies are ignored).
import type Koa from 'koa';
import type { IdentityProvider } from '../../infra/identity-provider/identity-provider.ts';
import { HttpError } from '../http-error.ts';
import { loginFlowKey } from './login-flow-cookie.ts';

export interface BrowserLogin {
  provider: IdentityProvider;
  /** The callback redirects here. */
  webAppUrl: string;
  /**
   * The origins a write authenticated by the session cookie may come from: WEB_APP_URL's and the API's
   * own public one (OIDC_REDIRECT_URI's, where its /docs page is). From configuration, never from the
   * request: Host and X-Forwarded-Host are whatever the client sends.
   */
  trustedOrigins: string[];
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
  /** Signs the login-flow cookie. */
  flowKey: Buffer;
  /** The clock of session limits and login expiry (tests move it). */
  now: () => Date;
}

export interface BrowserLoginSettings {
  webAppUrl: string;
  /** The callback URL on the API: its origin is the API's public origin. */
  redirectUri: string;
  idleTimeoutSeconds: number;
  maxAgeSeconds: number;
  cookieSecret: string;
}

export function browserLogin(
  provider: IdentityProvider,
  settings: BrowserLoginSettings,
  now = () => new Date(),
): BrowserLogin {
  return {
    provider,
    webAppUrl: settings.webAppUrl,
    trustedOrigins: [...new Set([new URL(settings.webAppUrl).origin, new URL(settings.redirectUri).origin])],
    idleTimeoutSeconds: settings.idleTimeoutSeconds,
    maxAgeSeconds: settings.maxAgeSeconds,
    flowKey: loginFlowKey(settings.cookieSecret),
    now,
  };
}

export const SESSION_COOKIE = 'ops_session';

/** Cookie attributes of the session and the login flow: HttpOnly, SameSite=Lax, Secure over HTTPS. */
export function cookieOptions(ctx: Koa.Context, path: string, maxAgeMs: number) {
  // With TRUST_PROXY (app.proxy), ctx.secure follows X-Forwarded-Proto from the TLS-terminating proxy.
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.secure,
    path,
    maxAge: maxAgeMs,
    overwrite: true,
    signed: false,
  };
}

/** Removes a cookie set with `cookieOptions`. */
export function clearCookie(ctx: Koa.Context, name: string, path: string): void {
  ctx.cookies.set(name, '', { ...cookieOptions(ctx, path, 0), maxAge: undefined, expires: new Date(0) });
}

export const loginNotConfigured = () => new HttpError(503, 'Browser login is not configured');

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for requests a session cookie authenticates: an unsafe method must come from one of the
 * configured origins (`trustedOrigins`: the web application's, or the API's own for its /docs page),
 * as its Origin header says (Referer when a browser sent no Origin). Nothing of the request decides
 * what is trusted. SameSite=Lax already keeps the cookie off most cross-site writes; this covers
 * same-site hosts and browsers without SameSite.
 */
export function refuseCrossSiteWrite(ctx: Koa.Context, login: Pick<BrowserLogin, 'trustedOrigins'>): void {
  if (!UNSAFE_METHODS.has(ctx.method)) return;
  const origin = ctx.get('origin') || originOf(ctx.get('referer'));
  if (origin && login.trustedOrigins.includes(origin)) return;
  throw new HttpError(
    403,
    `Cross-site request refused: a ${ctx.method} authenticated by the session cookie must ` +
      `come from ${login.trustedOrigins.join(' or ')} (Origin header${origin ? `, got ${origin}` : ' missing'})`,
  );
}

function originOf(referer: string): string | null {
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}
