// Mission analysis, WARNO and COA-attribute records: one row per record, folded with the decider
// the commands use.
import {
  planningRecordDecider,
  type PlanningRecordState,
} from '../../domain/planning-record/planning-record-decider.ts';
import {
  planningRecordEventSchemas,
  type PlanningRecordEvent,
  type PlanningRecordKind,
} from '../../domain/planning-record/planning-record-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';

/** The record's folded state, with its kind, version (number of changes) and times. */
export type PlanningRecordRow = Omit<Extract<PlanningRecordState, { status: 'active' }>, 'status'> & {
  kind: PlanningRecordKind;
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const EVENTS: ReadonlySet<string> = new Set(Object.keys(planningRecordEventSchemas));
const KIND_OF: Record<PlanningRecordEvent['type'], PlanningRecordKind> = {
  MissionAnalysisUpdated: 'mission_analysis',
  WARNOUpdated: 'warno',
  COAStatementAttributeUpdated: 'coa_attribute',
};
const deciders = {
  mission_analysis: planningRecordDecider('mission_analysis'),
  warno: planningRecordDecider('warno'),
  coa_attribute: planningRecordDecider('coa_attribute'),
};

export const planningRecordProjector = foldRowsProjector<PlanningRecordRow>({
  name: 'planning_records',
  table: 'planning_records',
  key: 'record_id',
  keyOf: (event) => (isEventOf<PlanningRecordEvent>(event, EVENTS) ? event.data.record_id : null),
  evolve(row, event) {
    if (!isEventOf<PlanningRecordEvent>(event, EVENTS)) return row;
    const kind = KIND_OF[event.type];
    const before: PlanningRecordState = row ? { status: 'active', ...row } : { status: 'absent' };
    const after = deciders[kind].evolve(before, event);
    if (after.status !== 'active') return row;
    return {
      record_id: after.record_id,
      kind,
      operation_id: after.operation_id,
      account_id: after.account_id,
      type: after.type,
      coa_statement_id: after.coa_statement_id,
      text: after.text,
      text_updated_by: after.text_updated_by,
      items: after.items,
      version: event.revision + 1,
      created_at: row?.created_at ?? event.metadata.occurred_at,
      updated_at: event.metadata.occurred_at,
    };
  },
});
