// The operations a batch of the log deletes, once the read models include the deletion: every job
// of the operation was requested before it (children of a deleted operation are refused,
// domain/shared/live-parent.ts), so the read model then lists all of them. A read model that does not
// catch up in time fails the batch, which the follower retries from its checkpoint.
import type { Knex } from 'knex';
import type { OperationDeleted } from '../../domain/operation/operation-events.ts';
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import { isEventOf } from '../../projections/is-event-of.ts';
import { PollingReadModelWaiter } from '../../projections/read-model-waiter.ts';

const DELETED = new Set(['OperationDeleted']);
const CATCH_UP_MS = 10_000;

export async function deletedOperations(batch: RecordedEvent[], knex: Knex): Promise<string[]> {
  const deletions = batch.filter((event) => isEventOf<OperationDeleted>(event, DELETED));
  if (deletions.length === 0) return [];
  const last = deletions[deletions.length - 1]!.position;
  if (!(await new PollingReadModelWaiter(knex).waitFor(last, CATCH_UP_MS))) {
    throw new Error(`the read models did not reach position ${last} within ${CATCH_UP_MS} ms`);
  }
  return deletions.map((event) => event.data.operation_id);
}

/** The reason a job of a deleted operation records. */
export const OPERATION_DELETED_REASON = 'the operation was deleted';
