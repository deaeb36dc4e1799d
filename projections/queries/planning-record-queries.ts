// Reads of the planning records (mission analysis, WARNO).
import type { Knex } from 'knex';
import type { PlanningRecordKind } from '../../domain/planning-record/planning-record-events.ts';
import type { PlanningRecordRow } from '../projectors/planning-record-projector.ts';

export type { PlanningRecordRow };

export async function findPlanningRecord(knex: Knex, recordId: string): Promise<PlanningRecordRow | null> {
  return (await knex('planning_records').where({ record_id: recordId }).first()) ?? null;
}

export async function findPlanningRecordOf(
  knex: Knex,
  kind: PlanningRecordKind,
  operationId: string,
  type: string,
): Promise<PlanningRecordRow | null> {
  return (await knex('planning_records').where({ kind, operation_id: operationId, type }).first()) ?? null;
}

/** The active operations of an account (a never-written record's id is found among them). */
export async function activeOperationIds(knex: Knex, accountId: string): Promise<string[]> {
  const rows: Array<{ operation_id: string }> = await knex('operations')
    .where({ account_id: accountId })
    .whereNull('deleted_at')
    .select('operation_id');
  return rows.map((r) => r.operation_id);
}
