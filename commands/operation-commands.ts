import { randomUUID } from 'node:crypto';
import { operationDecider, type OperationChanges, type OperationFields } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';

function principalOf(ctx: CommandContext) {
  if (!ctx.principal) throw new DomainError('forbidden', 'A principal is required');
  return ctx.principal;
}

/** A parent operation must exist, be active and belong to the same account. */
async function checkParent(store: EventStore, parentId: string | null | undefined, accountId: string) {
  if (!parentId) return;
  const { state: parent } = await loadState(store, operationStream(parentId), operationDecider);
  if (parent.status !== 'active' || parent.account_id !== accountId) {
    throw new DomainError('invalid', `Parent operation ${parentId} does not exist`, ['body', 'parent_id']);
  }
}

export async function createOperation(store: EventStore, ctx: CommandContext, fields: OperationFields) {
  const { account_id } = principalOf(ctx);
  await checkParent(store, fields.parent_id, account_id);
  const operationId = randomUUID();
  const result = await handleCommand({
    store, ctx, stream: operationStream(operationId), decider: operationDecider, operationId,
    command: { type: 'CreateOperation', operation_id: operationId, account_id, fields },
  });
  return { operation_id: operationId, ...result };
}

export async function updateOperation(
  store: EventStore, ctx: CommandContext, operationId: string, changes: OperationChanges, ifMatchRevision?: number,
) {
  const { account_id } = principalOf(ctx);
  await checkParent(store, changes.parent_id, account_id);
  // Partial updates commute field by field, so a concurrent write is retried on the newer state.
  return handleCommand({
    store, ctx, stream: operationStream(operationId), decider: operationDecider, operationId,
    retryOnConflict: true, expectedRevision: ifMatchRevision,
    command: { type: 'UpdateOperation', operation_id: operationId, account_id, changes },
  });
}

export async function deleteOperation(store: EventStore, ctx: CommandContext, operationId: string) {
  const { account_id } = principalOf(ctx);
  return handleCommand({
    store, ctx, stream: operationStream(operationId), decider: operationDecider, operationId,
    retryOnConflict: true,
    command: { type: 'DeleteOperation', operation_id: operationId, account_id },
  });
}
