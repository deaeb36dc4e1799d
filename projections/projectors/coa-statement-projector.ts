// COA statements and their sections: one row each, folded with the deciders the commands use.
// A deleted statement or removed section keeps its row (deleted_at / removed_at) so reads answer
// 404 rather than guessing; a section remembers the position of its creation, which orders the
// sections an arrangement has not placed yet.
import type { RecordedEvent } from '../../domain/shared/event-envelope.ts';
import {
  coaStatementDecider,
  type ActiveCoaStatement,
  type CoaStatementState,
} from '../../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementEventSchemas, type CoaStatementEvent } from '../../domain/coa-statement/coa-statement-events.ts';
import {
  coaSectionDecider,
  type CoaSectionRecord,
  type CoaSectionState,
} from '../../domain/coa-statement/coa-section-decider.ts';
import { coaSectionEventSchemas, type CoaSectionEvent } from '../../domain/coa-statement/coa-section-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

type Times = { version: number; created_at: string | Date; updated_at: string | Date };

export type CoaStatementRow = ActiveCoaStatement & Times & { deleted_at: string | Date | null };
export type CoaSectionRow = CoaSectionRecord &
  Times & {
    added_position: number;
    removed_at: string | Date | null;
  };

const STATEMENT_EVENTS: ReadonlySet<string> = new Set(Object.keys(coaStatementEventSchemas));
const SECTION_EVENTS: ReadonlySet<string> = new Set(Object.keys(coaSectionEventSchemas));

function times(row: Times | undefined, event: RecordedEvent): Times {
  return {
    version: event.revision + 1,
    created_at: row?.created_at ?? event.metadata.occurred_at,
    updated_at: event.metadata.occurred_at,
  };
}

export const coaStatementProjector = foldRowsProjector<CoaStatementRow>({
  name: 'coa_statements',
  table: 'coa_statements',
  key: 'coa_statement_id',
  keyOf: (event) => (isEventOf<CoaStatementEvent>(event, STATEMENT_EVENTS) ? event.data.coa_statement_id : null),
  evolve(row, event) {
    if (!isEventOf<CoaStatementEvent>(event, STATEMENT_EVENTS)) return row;
    const before: CoaStatementState = row
      ? { status: row.deleted_at ? 'deleted' : 'active', ...row }
      : { status: 'absent' };
    const after = coaStatementDecider.evolve(before, event);
    if (after.status === 'absent') return row;
    const { status, ...state } = after;
    return {
      ...state,
      ...times(row, event),
      deleted_at: status === 'deleted' ? (row?.deleted_at ?? event.metadata.occurred_at) : null,
    };
  },
});

export const coaSectionProjector = foldRowsProjector<CoaSectionRow>({
  name: 'coa_statement_sections',
  table: 'coa_statement_sections',
  key: 'section_id',
  keyOf: (event) => (isEventOf<CoaSectionEvent>(event, SECTION_EVENTS) ? event.data.section_id : null),
  evolve(row, event) {
    if (!isEventOf<CoaSectionEvent>(event, SECTION_EVENTS)) return row;
    const before: CoaSectionState = row
      ? { status: row.removed_at ? 'removed' : 'active', ...row }
      : { status: 'absent' };
    const after = coaSectionDecider.evolve(before, event);
    if (after.status === 'absent') return row;
    const { status, ...state } = after;
    return {
      ...state,
      ...times(row, event),
      added_position: row?.added_position ?? event.position,
      removed_at: status === 'removed' ? (row?.removed_at ?? event.metadata.occurred_at) : null,
    };
  },
});
