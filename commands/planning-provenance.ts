// Who writes a planning record, and the operation it must belong to: shared by the writes of
// mission analysis, WARNO, COA statements, sections, attributes and simulations.
import { operationAsParent, operationDecider } from '../domain/operation/operation-decider.ts';
import { operationStream } from '../domain/operation/operation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import type { LiveParent } from '../domain/shared/live-parent.ts';
import type { Origin, Provenance } from '../domain/planning-record/planning-record-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext, Principal } from './command-context.ts';
import { loadState } from './load-state.ts';

export function requirePrincipal(ctx: CommandContext): Principal {
  if (!ctx.principal) throw new DomainError('forbidden', 'A principal is required');
  return ctx.principal;
}

export function provenanceOf(ctx: CommandContext, origin: Origin = 'human'): Provenance {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  return { account_id, api_key_id, origin, at: ctx.now().toISOString() };
}

/**
 * The operation, when it is active and the caller's (404 / 403 otherwise), as the parent a child's
 * append is conditioned on (handleCommand's `parents`).
 */
export async function requireActiveOperation(
  store: EventStore,
  operationId: string,
  accountId: string,
): Promise<LiveParent> {
  const { state } = await loadState(store, operationStream(operationId), operationDecider);
  operationDecider.decide({ type: 'AdmitChild', operation_id: operationId, account_id: accountId }, state);
  return operationAsParent(operationId);
}
