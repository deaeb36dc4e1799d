// The command context of a request: the caller, and a correlation id taken from X-Request-Id /
// X-Correlation-Id when the client sends a UUID, so a client's retries and logs line up.
import type Koa from 'koa';
import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../commands/command-context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function commandContextOf(ctx: Koa.Context): CommandContext {
  const sent = ctx.get('x-correlation-id') || ctx.get('x-request-id');
  return {
    principal: ctx.state.principal ?? null,
    correlation_id: UUID.test(sent) ? sent.toLowerCase() : randomUUID(),
    causation_id: null,
    now: () => new Date(),
  };
}
