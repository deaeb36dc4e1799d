// A section of a COA statement: add, update (title, content, field), remove. Pure; the command
// layer checks that the statement is active and has room for another section.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { Provenance } from '../planning-record/planning-record-events.ts';
import type { CoaSectionChanges, CoaSectionEvent } from './coa-section-events.ts';

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

export type CoaSectionCommand =
  | { type: 'AddCoaSection'; section_id: string; coa_statement_id: string; operation_id: string; account_id: string; fields: CoaSectionFields; by: Provenance }
  | { type: 'UpdateCoaSection'; section_id: string; account_id: string; changes: Partial<CoaSectionFields>; by: Provenance }
  | { type: 'RemoveCoaSection'; section_id: string; account_id: string; by: Provenance };

const requireActive = (state: CoaSectionState, id: string, accountId: string) =>
  requireAccess(state.status === 'active' ? state : null, accountId, { kind: 'COA statement section', id });

export const coaSectionDecider: Decider<CoaSectionCommand, CoaSectionEvent, CoaSectionState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'AddCoaSection':
        if (state.status !== 'absent') throw new DomainError('conflict', `Section ${command.section_id} already exists`);
        return [{
          type: 'COAStatementSectionAdded',
          data: {
            section_id: command.section_id, coa_statement_id: command.coa_statement_id, operation_id: command.operation_id,
            account_id: command.account_id, ...command.fields, by: command.by,
          },
        }];
      case 'UpdateCoaSection': {
        const current = requireActive(state, command.section_id, command.account_id);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([k, v]) => v !== undefined && current[k as keyof CoaSectionFields] !== v),
        ) as CoaSectionChanges;
        if (Object.keys(changes).length === 0) return [];
        return [{
          type: 'COAStatementSectionUpdated',
          data: { section_id: current.section_id, coa_statement_id: current.coa_statement_id, operation_id: current.operation_id, changes, by: command.by },
        }];
      }
      case 'RemoveCoaSection': {
        const current = requireActive(state, command.section_id, command.account_id);
        return [{
          type: 'COAStatementSectionRemoved',
          data: { section_id: current.section_id, coa_statement_id: current.coa_statement_id, operation_id: current.operation_id, by: command.by },
        }];
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
