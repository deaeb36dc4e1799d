// Which planning record a path id names, for the caller: a written record is read from the read
// models (403 for another account's, 404 when its operation is deleted); a never-written one is
// found by its name-based id among the caller's active operations and the catalogue's types
// (404 otherwise). The ids are stable, so a client may PUT to the id a GET answered.
import type { Knex } from 'knex';
import type { Principal } from '../commands/command-context.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { planningRecordId, type PlanningRecordKind } from '../domain/planning-record/planning-record-events.ts';
import {
  activeOperationIds,
  findPlanningRecord,
  type PlanningRecordRow,
} from '../projections/queries/planning-record-queries.ts';
import { accessibleOperation } from './access.ts';

export interface PlanningRecordTarget {
  operation_id: string;
  type: string;
  row: PlanningRecordRow | null;
}

export async function accessiblePlanningRecord(
  knex: Knex,
  kind: PlanningRecordKind,
  types: readonly string[],
  recordId: string,
  principal: Principal,
  label: string,
): Promise<PlanningRecordTarget> {
  const id = recordId.toLowerCase();
  const row = await findPlanningRecord(knex, id);
  if (row && row.kind === kind) {
    requireAccess(row, principal.account_id, { kind: label, id });
    await accessibleOperation(knex, row.operation_id, principal);
    return { operation_id: row.operation_id, type: row.type, row };
  }
  for (const operationId of await activeOperationIds(knex, principal.account_id)) {
    for (const type of types) {
      if (planningRecordId(kind, operationId, type) === id) return { operation_id: operationId, type, row: null };
    }
  }
  throw new DomainError('not_found', `${label} ${id} not found`);
}
