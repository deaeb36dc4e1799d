// scheme://host of the request as the client addressed it, for absolute links. Koa's ctx.host and
// ctx.protocol honour X-Forwarded-Host / X-Forwarded-Proto only with TRUST_PROXY (app.proxy); never
// used to decide what is trusted. (Koa 3's ctx.origin is the Origin request header, not this.)
import type Koa from 'koa';

export function requestOrigin(ctx: Koa.Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}
