// Replays an operation from the event log: every event whose metadata names the operation, in
// global order, with the operation aggregate's state after each one.
import { operationDecider, type OperationState } from '../domain/operation/operation-decider.ts';
import type { OperationEvent } from '../domain/operation/operation-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';

export interface ReplayStep {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  occurred_at: string;
  actor: { account_id: string | null; api_key_id: string | null };
  data: unknown;
  state: OperationState;
}

export async function* replayOperation(store: EventStore, operationId: string): AsyncGenerator<ReplayStep> {
  let state = operationDecider.initialState();
  const ownStream = `operation-${operationId}`;
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) return;
    after = batch[batch.length - 1]!.position;
    for (const event of batch) {
      if (event.metadata.operation_id !== operationId) continue;
      if (event.stream_id === ownStream) state = operationDecider.evolve(state, event as unknown as OperationEvent);
      yield {
        position: event.position,
        stream_id: event.stream_id,
        revision: event.revision,
        type: event.type,
        occurred_at: event.metadata.occurred_at,
        actor: { account_id: event.metadata.account_id, api_key_id: event.metadata.api_key_id },
        data: event.data,
        state,
      };
    }
  }
}
