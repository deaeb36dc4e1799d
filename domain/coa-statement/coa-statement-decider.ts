// A COA statement: create, update (fields and screening verdicts), arrange its sections, delete.
// Pure. The command layer admits the write under the operation and gives the sketch map named (as
// loaded) and the statement's current sections for an arrangement; an update that changes nothing
// records nothing.
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { LiveParent } from '../shared/live-parent.ts';
import { requireAccess } from '../shared/require-access.ts';
import type { Provenance } from '../planning-record/planning-record-events.ts';
import type { MapState } from '../map/map-decider.ts';
import { SCREENING_CRITERIA, type ScreeningAssessmentInput, type ScreeningCriterion } from './coa-screening.ts';
import { checkArrangement } from './section-arrangement.ts';
import {
  coaStatementStream,
  type CoaStatementChanges,
  type CoaStatementEvent,
  type ScreeningChanges,
  type StoredScreeningAssessment,
} from './coa-statement-events.ts';

export interface CoaStatementFields {
  name: string;
  description: string | null;
  sketch_map_id: string | null;
}

export interface ActiveCoaStatement extends CoaStatementFields {
  coa_statement_id: string;
  operation_id: string;
  account_id: string;
  screening: Partial<Record<ScreeningCriterion, StoredScreeningAssessment>>;
  /** The last arrangement (sections added later follow it, in creation order). */
  section_order: string[];
  created_by: Provenance;
  updated_by: Provenance;
}

export type CoaStatementState = { status: 'absent' } | ({ status: 'active' | 'deleted' } & ActiveCoaStatement);

export type CoaStatementCommand =
  | {
      type: 'CreateCoaStatement';
      coa_statement_id: string;
      operation_id: string;
      account_id: string;
      fields: CoaStatementFields;
      /** The map fields.sketch_map_id names, as loaded. */
      sketch_map?: MapState;
      by: Provenance;
    }
  | {
      type: 'UpdateCoaStatement';
      coa_statement_id: string;
      account_id: string;
      changes: Partial<CoaStatementFields>;
      screening?: Partial<Record<ScreeningCriterion, ScreeningAssessmentInput>>;
      /** The map changes.sketch_map_id names, as loaded. */
      sketch_map?: MapState;
      by: Provenance;
    }
  | {
      type: 'ArrangeCoaSections';
      coa_statement_id: string;
      account_id: string;
      current_section_ids: string[];
      section_ids: string[];
      by: Provenance;
    }
  | { type: 'DeleteCoaStatement'; coa_statement_id: string; account_id: string; by: Provenance }
  /** Records nothing: refuses (404 / 403) unless the statement may take a new or changed section or record. */
  | { type: 'AdmitChild'; coa_statement_id: string; account_id: string };

/** The events after which a statement admits no child (see AdmitChild). */
export const COA_STATEMENT_ENDED_BY: ReadonlyArray<CoaStatementEvent['type']> = ['COAStatementDeleted'];

/** The statement as its children's appends are conditioned on it (domain/shared/live-parent.ts). */
export const coaStatementAsParent = (coaStatementId: string): LiveParent => ({
  kind: 'COA statement',
  id: coaStatementId,
  stream: coaStatementStream(coaStatementId),
  endedBy: COA_STATEMENT_ENDED_BY,
});

function requireActive(state: CoaStatementState, id: string, accountId: string) {
  return requireAccess(state.status === 'active' ? state : null, accountId, { kind: 'COA statement', id });
}

function screeningChanges(
  current: ActiveCoaStatement['screening'],
  wanted: Partial<Record<ScreeningCriterion, ScreeningAssessmentInput>>,
  by: Provenance,
): ScreeningChanges {
  const changes: ScreeningChanges = {};
  for (const criterion of SCREENING_CRITERIA) {
    const input = wanted[criterion];
    if (!input) continue;
    const before = current[criterion];
    const rationale = input.rationale !== undefined ? input.rationale : (before?.rationale ?? null);
    if ((before?.verdict ?? 'not_assessed') === input.verdict && (before?.rationale ?? null) === rationale) continue;
    changes[criterion] = { verdict: input.verdict, rationale, assessed_by: by };
  }
  return changes;
}

/** A sketch map must be a map of the statement's operation (422 otherwise). */
function requireSketchMap(mapId: string | null | undefined, map: MapState | undefined, operationId: string) {
  if (!mapId) return;
  if (map?.status !== 'active' || map.operation_id !== operationId) {
    throw new DomainError('invalid', `sketch_map_id ${mapId} is not a map of operation ${operationId}`, [
      'body',
      'sketch_map_id',
    ]);
  }
}

export const coaStatementDecider: Decider<CoaStatementCommand, CoaStatementEvent, CoaStatementState> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateCoaStatement':
        requireSketchMap(command.fields.sketch_map_id, command.sketch_map, command.operation_id);
        if (state.status !== 'absent')
          throw new DomainError('conflict', `COA statement ${command.coa_statement_id} already exists`);
        return [
          {
            type: 'COAStatementCreated',
            data: {
              coa_statement_id: command.coa_statement_id,
              operation_id: command.operation_id,
              account_id: command.account_id,
              ...command.fields,
              by: command.by,
            },
          },
        ];
      case 'UpdateCoaStatement': {
        const current = requireActive(state, command.coa_statement_id, command.account_id);
        requireSketchMap(command.changes.sketch_map_id, command.sketch_map, current.operation_id);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([k, v]) => v !== undefined && current[k as keyof CoaStatementFields] !== v,
          ),
        ) as CoaStatementChanges;
        const screening = command.screening ? screeningChanges(current.screening, command.screening, command.by) : {};
        if (Object.keys(changes).length === 0 && Object.keys(screening).length === 0) return [];
        return [
          {
            type: 'COAStatementUpdated',
            data: {
              coa_statement_id: current.coa_statement_id,
              operation_id: current.operation_id,
              changes,
              ...(Object.keys(screening).length > 0 ? { screening } : {}),
              by: command.by,
            },
          },
        ];
      }
      case 'ArrangeCoaSections': {
        const current = requireActive(state, command.coa_statement_id, command.account_id);
        checkArrangement(command.current_section_ids, command.section_ids);
        const unchanged =
          command.section_ids.length === current.section_order.length &&
          command.section_ids.every((id, i) => current.section_order[i] === id);
        if (unchanged) return [];
        return [
          {
            type: 'COAStatementSectionsArranged',
            data: {
              coa_statement_id: current.coa_statement_id,
              operation_id: current.operation_id,
              section_ids: command.section_ids,
              by: command.by,
            },
          },
        ];
      }
      case 'DeleteCoaStatement': {
        const current = requireActive(state, command.coa_statement_id, command.account_id);
        return [
          {
            type: 'COAStatementDeleted',
            data: { coa_statement_id: current.coa_statement_id, operation_id: current.operation_id, by: command.by },
          },
        ];
      }
      case 'AdmitChild':
        requireActive(state, command.coa_statement_id, command.account_id);
        return [];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'COAStatementCreated': {
        const { by, ...data } = event.data;
        return { status: 'active', ...data, screening: {}, section_order: [], created_by: by, updated_by: by };
      }
      case 'COAStatementUpdated':
        if (state.status === 'absent') return state;
        return {
          ...state,
          ...event.data.changes,
          screening: { ...state.screening, ...(event.data.screening ?? {}) },
          updated_by: event.data.by,
        };
      case 'COAStatementSectionsArranged':
        if (state.status === 'absent') return state;
        return { ...state, section_order: event.data.section_ids, updated_by: event.data.by };
      case 'COAStatementDeleted':
        if (state.status === 'absent') return state;
        return { ...state, status: 'deleted', updated_by: event.data.by };
    }
  },
};
