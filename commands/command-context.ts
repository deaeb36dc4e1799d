// Who issues a command and why: becomes each event's metadata.
import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, DomainEvent } from '../domain/shared/event-envelope.ts';
import type { EventSchemaRegistry } from '../domain/event-schemas.ts';

export interface Principal {
  account_id: string;
  api_key_id: string | null;
}

export interface CommandContext {
  principal: Principal | null;
  correlation_id: string;
  causation_id: string | null;
  now: () => Date;
}

export function systemContext(principal: Principal | null = null): CommandContext {
  return { principal, correlation_id: randomUUID(), causation_id: null, now: () => new Date() };
}

export function envelope(
  event: DomainEvent,
  ctx: CommandContext,
  operationId: string | null,
  registry: EventSchemaRegistry,
): NewEvent {
  const metadata: EventMetadata = {
    account_id: ctx.principal?.account_id ?? null,
    api_key_id: ctx.principal?.api_key_id ?? null,
    operation_id: operationId,
    correlation_id: ctx.correlation_id,
    causation_id: ctx.causation_id,
    occurred_at: ctx.now().toISOString(),
  };
  return {
    id: randomUUID(),
    type: event.type,
    version: registry[event.type]?.version ?? 1,
    data: event.data,
    metadata,
  };
}
