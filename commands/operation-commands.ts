import { randomUUID } from 'node:crypto';
import {
  operationDecider,
  type OperationChanges,
  type OperationCommand,
  type OperationFields,
} from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requirePrincipal } from './planning-provenance.ts';

/**
 * The decision with the parent operation it names loaded beside it, read again on every attempt: the
 * append holds only while the parent has not moved, so a parent deleted meanwhile is not taken.
 */
function withParent<C extends OperationCommand>(store: EventStore, command: C, parentId: string | null | undefined) {
  if (!parentId) return undefined;
  return async () => {
    const { state, revision } = await loadState(store, operationStream(parentId), operationDecider);
    return { command: { ...command, parent: state }, read: [{ stream: operationStream(parentId), revision }] };
  };
}

export async function createOperation(store: EventStore, ctx: CommandContext, fields: OperationFields) {
  const { account_id } = requirePrincipal(ctx);
  const operationId = randomUUID();
  const command: OperationCommand = { type: 'CreateOperation', operation_id: operationId, account_id, fields };
  const result = await handleCommand({
    store,
    ctx,
    stream: operationStream(operationId),
    decider: operationDecider,
    operationId,
    command,
    readAlso: withParent(store, command, fields.parent_id),
  });
  return { operation_id: operationId, ...result };
}

export async function updateOperation(
  store: EventStore,
  ctx: CommandContext,
  operationId: string,
  changes: OperationChanges,
  ifMatchRevision?: number,
) {
  const { account_id } = requirePrincipal(ctx);
  const command: OperationCommand = { type: 'UpdateOperation', operation_id: operationId, account_id, changes };
  // Partial updates commute field by field, so a concurrent write is retried on the newer state.
  return handleCommand({
    store,
    ctx,
    stream: operationStream(operationId),
    decider: operationDecider,
    operationId,
    retryOnConflict: true,
    expectedRevision: ifMatchRevision,
    command,
    readAlso: withParent(store, command, changes.parent_id),
  });
}

export async function deleteOperation(store: EventStore, ctx: CommandContext, operationId: string) {
  const { account_id } = requirePrincipal(ctx);
  return handleCommand({
    store,
    ctx,
    stream: operationStream(operationId),
    decider: operationDecider,
    operationId,
    retryOnConflict: true,
    command: { type: 'DeleteOperation', operation_id: operationId, account_id },
  });
}
