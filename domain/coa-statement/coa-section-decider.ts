// A section of a COA statement: add, update (title, content, field), remove. Pure. The command
// layer admits an add under the statement and operation, and the statement's roster gives it room;
// an update or a removal is decided on the section's statement and operation as loaded beside it.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { Provenance } from '../planning-record/planning-record-events.ts';
import { operationDecider, type OperationState } from '../operation/operation-decider.ts';
import type { CoaSectionChanges, CoaSectionEvent } from './coa-section-events.ts';
import type { CoaStatementState } from './coa-statement-decider.ts';

export interface CoaSectionFields {
  title: string;
  content: string | null;
  field: string | null;
}

export interface CoaSectionRecord extends CoaSectionFields {
  section_id: string;
  coa_statement_id: string;
  operation_id: string;
  account_id: string;
  created_by: Provenance;
  updated_by: Provenance;
}

export type CoaSectionState = { status: 'absent' } | ({ status: 'active' | 'removed' } & CoaSectionRecord);

/** The section's statement and operation now (absent when the section itself is not active). */
export interface CoaSectionParents {
  statement: CoaStatementState;
  operation: OperationState;
}

export type CoaSectionCommand =
  | {
      type: 'AddCoaSection';
      section_id: string;
      coa_statement_id: string;
      operation_id: string;
      account_id: string;
      fields: CoaSectionFields;
      by: Provenance;
    }
  | {
      type: 'UpdateCoaSection';
      section_id: string;
      account_id: string;
      parent?: CoaSectionParents;
      changes: Partial<CoaSectionFields>;
      by: Provenance;
    }
  | { type: 'RemoveCoaSection'; section_id: string; account_id: string; parent?: CoaSectionParents; by: Provenance };

/**
 * The section when it, its statement and its operation are active and the caller's. A section of a
 * deleted statement is gone with it (404 for the section).
 */
function requireActive(state: CoaSectionState, id: string, accountId: string, parent: CoaSectionParents | undefined) {
  const target = { kind: 'COA statement section', id };
  const section = requireAccess(state.status === 'active' ? state : null, accountId, target);
  if (!parent) throw new Error(`section ${id}: its statement and operation were not loaded`);
  const { statement } = parent;
  if (statement.status !== 'active') throw new DomainError('not_found', `COA statement section ${id} not found`);
  requireAccess(statement, accountId, { kind: 'COA statement', id: section.coa_statement_id });
  operationDecider.decide(
    { type: 'AdmitChild', operation_id: section.operation_id, account_id: accountId },
    parent.operation,
  );
  return section;
}

export const coaSectionDecider: Decider<CoaSectionCommand, CoaSectionEvent, CoaSectionState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'AddCoaSection':
        if (state.status !== 'absent')
          throw new DomainError('conflict', `Section ${command.section_id} already exists`);
        return [
          {
            type: 'COAStatementSectionAdded',
            data: {
              section_id: command.section_id,
              coa_statement_id: command.coa_statement_id,
              operation_id: command.operation_id,
              account_id: command.account_id,
              ...command.fields,
              by: command.by,
            },
          },
        ];
      case 'UpdateCoaSection': {
        const current = requireActive(state, command.section_id, command.account_id, command.parent);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([k, v]) => v !== undefined && current[k as keyof CoaSectionFields] !== v,
          ),
        ) as CoaSectionChanges;
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'COAStatementSectionUpdated',
            data: {
              section_id: current.section_id,
              coa_statement_id: current.coa_statement_id,
              operation_id: current.operation_id,
              changes,
              by: command.by,
            },
          },
        ];
      }
      case 'RemoveCoaSection': {
        const current = requireActive(state, command.section_id, command.account_id, command.parent);
        return [
          {
            type: 'COAStatementSectionRemoved',
            data: {
              section_id: current.section_id,
              coa_statement_id: current.coa_statement_id,
              operation_id: current.operation_id,
              by: command.by,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'COAStatementSectionAdded': {
        const { by, ...data } = event.data;
        return { status: 'active', ...data, created_by: by, updated_by: by };
      }
      case 'COAStatementSectionUpdated':
        if (state.status === 'absent') return state;
        return { ...state, ...event.data.changes, updated_by: event.data.by };
      case 'COAStatementSectionRemoved':
        if (state.status === 'absent') return state;
        return { ...state, status: 'removed', updated_by: event.data.by };
    }
  },
};
