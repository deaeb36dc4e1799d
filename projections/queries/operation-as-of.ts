// The operation as it was at a point of its history: its own stream's events folded with the
// same decider the commands use, so history and live state cannot disagree.
import { operationDecider } from '../../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../../domain/operation/operation-events.ts';
import type { HistoryEntry } from './operation-history-queries.ts';
import type { OperationView } from './operation-queries.ts';

export interface OperationAsOf extends OperationView {
  deleted: boolean;
}

export function operationAsOf(operationId: string, entries: HistoryEntry[]): OperationAsOf | null {
  const own = entries.filter((e) => e.stream_id === `operation-${operationId}`);
  let state = operationDecider.initialState();
  for (const entry of own)
    state = operationDecider.evolve(state, { type: entry.type, data: entry.data } as OperationEvent);
  if (state.status === 'absent') return null;
  const last = own[own.length - 1]!;
  return {
    id: state.operation_id,
    account_id: state.account_id,
    ...state.fields,
    version: last.revision,
    created_at: own[0]!.occurred_at,
    updated_at: last.occurred_at,
    deleted: state.status === 'deleted',
  };
}
