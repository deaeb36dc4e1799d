// /api/auth/: browser login with OpenID Connect (login → provider → callback → session cookie) and
// logout. No API key: these routes are how a browser gets its credential.
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { HTTPError, HTTPValidationError } from '../common-schemas.ts';
import {
  clearCookie,
  cookieOptions,
  loginNotConfigured,
  refuseCrossSiteWrite,
  SESSION_COOKIE,
  type BrowserLogin,
} from '../auth/browser-login.ts';
import { LOGIN_FLOW_COOKIE, LOGIN_FLOW_TTL_SECONDS, sealLoginFlow } from '../auth/login-flow-cookie.ts';
import { completeLogin, flowOfCallback, providerError } from '../auth/complete-login.ts';
import { endLoggedInSession } from '../auth/end-logged-in-session.ts';

const FLOW_COOKIE_PATH = '/api/auth';

const AuthorizationUrlResponse = Type.Object(
  {
    authorization_url: Type.String({
      format: 'uri',
      description: "The provider's login page for this browser's new login",
    }),
  },
  { title: 'AuthorizationUrlResponse' },
);

const LogoutResponse = Type.Object(
  {
    message: Type.String(),
    end_session_url: Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
      description:
        "The provider's logout page (RP-initiated logout), to end the provider's own session too; " +
        'null when it has none',
    }),
  },
  { title: 'LogoutResponse' },
);

const CallbackQuery = Type.Object({
  code: Type.Optional(
    Type.String({
      maxLength: 4096,
      description: 'The authorization code (absent when the provider answers with error)',
    }),
  ),
  state: Type.String({ maxLength: 1024, description: 'The state this browser sent to the provider' }),
  error: Type.Optional(Type.String({ maxLength: 256, description: "The provider's error code (e.g. access_denied)" })),
  error_description: Type.Optional(Type.String({ maxLength: 4096 })),
  iss: Type.Optional(
    Type.String({
      maxLength: 2048,
      description: 'RFC 9207 issuer identifier, checked against OIDC_ISSUER',
    }),
  ),
});

const notConfigured = {
  503: { description: 'Browser login is not configured, or the identity provider is unavailable', schema: HTTPError },
};
const redirect = (description: string, location: string) => ({
  description,
  headers: { Location: { description: location, schema: Type.String() } },
});

export const authRoutes = (deps: ApiDependencies) => {
  // Without OIDC settings every route answers 503 — after validation, as every route validates first
  // (a malformed callback is a 422 whether or not login is configured).
  const login = (): BrowserLogin => {
    if (!deps.browserLogin) throw loginNotConfigured();
    return deps.browserLogin;
  };
  return [
    defineRoute({
      method: 'get',
      path: '/api/auth/login',
      operationId: 'auth_login',
      tags: ['auth'],
      auth: false,
      summary: 'Start a browser login: 302 to the OpenID provider (or its URL as JSON with Accept: application/json)',
      description:
        'Sets a short-lived signed HttpOnly cookie holding the state, nonce and PKCE verifier of this ' + 'login.',
      responses: {
        200: { description: 'With Accept: application/json: the URL to open', schema: AuthorizationUrlResponse },
        302: redirect("Redirect to the provider's login page", 'The provider URL'),
        ...notConfigured,
      },
      async handler(ctx) {
        const { url, flow } = await login()
          .provider.startLogin()
          .catch((error: unknown) => {
            throw providerError(error);
          });
        ctx.cookies.set(
          LOGIN_FLOW_COOKIE,
          sealLoginFlow(flow, login().flowKey, login().now()),
          cookieOptions(ctx, FLOW_COOKIE_PATH, LOGIN_FLOW_TTL_SECONDS * 1000),
        );
        ctx.set('Cache-Control', 'no-store');
        if (ctx.accepts('text/html', 'application/json') === 'application/json') {
          ctx.body = { authorization_url: url };
          return;
        }
        ctx.status = 302;
        ctx.set('Location', url);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/auth/callback',
      operationId: 'auth_callback',
      tags: ['auth'],
      auth: false,
      summary: 'Where the provider sends the browser back: checks the login, starts a session, 302 to WEB_APP_URL',
      description:
        'Sets the session cookie (HttpOnly, SameSite=Lax, Secure over HTTPS). `code` and `state` come from ' +
        'the provider; an error answer of the provider carries `error` instead of `code` (RFC 6749 §4.1.2.1).',
      query: CallbackQuery,
      responses: {
        302: redirect('Logged in: redirect to the web application', 'WEB_APP_URL'),
        400: {
          description: 'Refused: no, expired, forged or replayed login; state mismatch; the provider refused',
          schema: HTTPError,
        },
        422: { description: 'Validation error', schema: HTTPValidationError },
        ...notConfigured,
      },
      async handler(ctx, { query }) {
        const sealed = ctx.cookies.get(LOGIN_FLOW_COOKIE);
        // One login, one callback: the flow cookie goes whatever the outcome.
        clearCookie(ctx, LOGIN_FLOW_COOKIE, FLOW_COOKIE_PATH);
        const flow = flowOfCallback(login(), sealed, query.state);
        const { token } = await completeLogin(deps, login(), commandContextOf(ctx), flow, ctx.querystring);
        ctx.cookies.set(SESSION_COOKIE, token, cookieOptions(ctx, '/', login().maxAgeSeconds * 1000));
        ctx.set('Cache-Control', 'no-store');
        ctx.status = 302;
        ctx.set('Location', login().webAppUrl);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/logout',
      operationId: 'auth_logout',
      tags: ['auth'],
      auth: false,
      summary: "End this browser's session; answers the provider's end-session URL when it has one",
      description:
        'Idempotent: without a (valid) session cookie it only clears the cookie. A request carrying the ' +
        "session cookie must come from WEB_APP_URL or the API's own origin (OIDC_REDIRECT_URI's) (Origin check, " +
        'as for every write a session authenticates).',
      responses: {
        200: { description: 'Logged out', schema: LogoutResponse },
        403: {
          description: "Cross-site request refused (Origin is neither WEB_APP_URL nor the API's own)",
          schema: HTTPError,
        },
        ...notConfigured,
      },
      async handler(ctx) {
        const cookie = ctx.cookies.get(SESSION_COOKIE);
        if (cookie) refuseCrossSiteWrite(ctx, login());
        if (cookie) await endLoggedInSession(deps, login(), commandContextOf(ctx), cookie);
        clearCookie(ctx, SESSION_COOKIE, '/');
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { message: 'Logged out', end_session_url: await login().provider.endSessionUrl() };
      },
    }),
  ];
};
