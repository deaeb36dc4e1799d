// CORS for the web application (WEB_APP_URL, on another host than the API): its scripts may call the
// API with the session cookie (credentials) and read the answers; no other origin gets CORS headers.
// `@koa/cors` answers the preflights; without browser login configured it is not installed.
import type Koa from 'koa';
import cors from '@koa/cors';
import type { ApiDependencies } from '../api-dependencies.ts';

export function webAppCors(deps: Pick<ApiDependencies, 'browserLogin'>): Koa.Middleware | null {
  if (!deps.browserLogin) return null;
  const webOrigin = new URL(deps.browserLogin.webAppUrl).origin;
  return cors({
    // '' leaves the response without CORS headers: the browser then refuses the other origin.
    origin: (ctx) => (ctx.get('origin') === webOrigin ? webOrigin : ''),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposeHeaders: ['Location', 'ETag', 'Retry-After', 'Idempotent-Replayed'],
    maxAge: 600,
  });
}
