// Access to COA statements, their sections and attributes, and wargame records, through the
// statement's operation: another account's → 403; missing, deleted, or under a deleted statement
// or operation → 404 (domain/shared/require-access.ts).
import type { Knex } from 'knex';
import type { Principal } from '../commands/command-context.ts';
import { requireAccess } from '../domain/shared/require-access.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import { coaAttributeId } from '../domain/planning-record/planning-record-events.ts';
import { COA_STATEMENT_FIELD_TYPES } from '../domain/planning-record/planning-catalogues.ts';
import {
  findCoaSection,
  findCoaStatement,
  findSimulation,
  type CoaSectionRow,
  type CoaStatementRow,
  type LlmSimulationRow,
} from '../projections/queries/coa-statement-queries.ts';

export async function accessibleCoaStatement(knex: Knex, id: string, principal: Principal): Promise<CoaStatementRow> {
  const row = await findCoaStatement(knex, id);
  return requireAccess(row && !row.deleted_at && !row.operation_deleted ? row : null, principal.account_id, {
    kind: 'COA statement',
    id,
  });
}

export async function accessibleCoaSection(knex: Knex, id: string, principal: Principal): Promise<CoaSectionRow> {
  const row = await findCoaSection(knex, id);
  const live = row && !row.removed_at && !row.statement_deleted && !row.operation_deleted;
  return requireAccess(live ? row : null, principal.account_id, { kind: 'COA statement section', id });
}

export async function accessibleSimulation(knex: Knex, id: string, principal: Principal): Promise<LlmSimulationRow> {
  const row = await findSimulation(knex, id);
  const live = row && !row.deleted_at && !row.statement_deleted && !row.operation_deleted;
  return requireAccess(live ? row : null, principal.account_id, { kind: 'Simulation', id });
}

/** The field an attribute path segment names: its id, or the field name itself. */
export function attributeFieldOf(statementId: string, attribute: string): string {
  const wanted = attribute.toLowerCase();
  const field = COA_STATEMENT_FIELD_TYPES.find((f) => f === attribute || coaAttributeId(statementId, f) === wanted);
  if (!field) throw new DomainError('not_found', `COA statement ${statementId} has no attribute ${attribute}`);
  return field;
}
