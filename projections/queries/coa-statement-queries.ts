// Reads of COA statements, their sections and attributes, and wargame records.
import type { Knex } from 'knex';
import type { CoaSectionRow, CoaStatementRow } from '../projectors/coa-statement-projector.ts';
import type { LlmSimulationRow } from '../projectors/llm-simulation-projector.ts';
import type { PlanningRecordRow } from '../projectors/planning-record-projector.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export type { CoaSectionRow, CoaStatementRow, LlmSimulationRow };

/** A row with whether its operation is deleted (a record of a deleted operation reads 404). */
export type WithOperation<Row> = Row & { operation_deleted: boolean };

const withOperation = (table: string) => (knex: Knex) =>
  knex(table)
    .join('operations', 'operations.operation_id', `${table}.operation_id`)
    .select(`${table}.*`, knex.raw('(operations.deleted_at is not null) as operation_deleted'));

export async function findCoaStatement(knex: Knex, id: string): Promise<WithOperation<CoaStatementRow> | null> {
  return (await withOperation('coa_statements')(knex).where('coa_statements.coa_statement_id', id).first()) ?? null;
}

export interface CoaStatementFilter {
  account_id: string;
  operation_id?: string;
  query?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Statements of the account's active operations, newest first. */
export async function listCoaStatements(
  knex: Knex,
  filter: CoaStatementFilter,
  request: PageRequest,
): Promise<Page<CoaStatementRow>> {
  const base = knex('coa_statements')
    .join('operations', 'operations.operation_id', 'coa_statements.operation_id')
    .where('coa_statements.account_id', filter.account_id)
    .whereNull('coa_statements.deleted_at')
    .whereNull('operations.deleted_at');
  if (filter.operation_id) base.where('coa_statements.operation_id', filter.operation_id);
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    base.where((q) => q.whereILike('coa_statements.name', pattern).orWhereILike('coa_statements.description', pattern));
  }
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: CoaStatementRow[] = await base
    .clone()
    .select('coa_statements.*')
    .orderBy([{ column: 'coa_statements.created_at', order: 'desc' }, { column: 'coa_statements.coa_statement_id' }])
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows, Number(count), request);
}

/** Sections in the statement's last arrangement, in its order; then the others by creation. */
export function orderSections<S extends { section_id: string; added_position: number | string }>(
  sections: S[],
  order: readonly string[],
): S[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...sections].sort((a, b) => {
    const ra = rank.get(a.section_id) ?? Infinity;
    const rb = rank.get(b.section_id) ?? Infinity;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return Number(a.added_position) - Number(b.added_position);
  });
}

/** The statement's current sections, in order. */
export async function sectionsOfStatement(
  knex: Knex,
  statement: Pick<CoaStatementRow, 'coa_statement_id' | 'section_order'>,
): Promise<CoaSectionRow[]> {
  const rows: CoaSectionRow[] = await knex('coa_statement_sections')
    .where({ coa_statement_id: statement.coa_statement_id })
    .whereNull('removed_at');
  return orderSections(rows, statement.section_order);
}

export async function countSections(knex: Knex, statementIds: string[]): Promise<Map<string, number>> {
  if (statementIds.length === 0) return new Map();
  const rows: Array<{ coa_statement_id: string; count: string | number }> = await knex('coa_statement_sections')
    .whereIn('coa_statement_id', statementIds)
    .whereNull('removed_at')
    .groupBy('coa_statement_id')
    .select('coa_statement_id')
    .count({ count: '*' });
  return new Map(rows.map((r) => [r.coa_statement_id, Number(r.count)]));
}

export async function findCoaSection(
  knex: Knex,
  id: string,
): Promise<(WithOperation<CoaSectionRow> & { statement_deleted: boolean }) | null> {
  return (
    (await withOperation('coa_statement_sections')(knex)
      .join('coa_statements', 'coa_statements.coa_statement_id', 'coa_statement_sections.coa_statement_id')
      .select(knex.raw('(coa_statements.deleted_at is not null) as statement_deleted'))
      .where('coa_statement_sections.section_id', id)
      .first()) ?? null
  );
}

/** The written attributes of statements (fields never written have no row). */
export async function attributesOfStatements(knex: Knex, statementIds: string[]): Promise<PlanningRecordRow[]> {
  if (statementIds.length === 0) return [];
  return knex('planning_records').where({ kind: 'coa_attribute' }).whereIn('coa_statement_id', statementIds);
}

export async function findSimulation(
  knex: Knex,
  id: string,
): Promise<(WithOperation<LlmSimulationRow> & { statement_deleted: boolean }) | null> {
  return (
    (await withOperation('llm_simulations')(knex)
      .join('coa_statements', 'coa_statements.coa_statement_id', 'llm_simulations.coa_statement_id')
      .select(knex.raw('(coa_statements.deleted_at is not null) as statement_deleted'))
      .where('llm_simulations.simulation_id', id)
      .first()) ?? null
  );
}

/** A statement's wargame records, newest first. */
export async function listSimulations(
  knex: Knex,
  statementId: string,
  request: PageRequest,
): Promise<Page<LlmSimulationRow>> {
  const base = knex('llm_simulations').where({ coa_statement_id: statementId }).whereNull('deleted_at');
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: LlmSimulationRow[] = await base
    .clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'simulation_id' }])
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows, Number(count), request);
}

/** A statement's sections not removed (in no particular order), as the simulation grounding reads them. */
export function liveSectionsOfStatement(
  knex: Knex,
  statementId: string,
): Promise<
  Array<{
    section_id: string;
    title: string;
    content: string | null;
    field: string | null;
    version: number;
    added_position: number | string;
  }>
> {
  return knex('coa_statement_sections')
    .where({ coa_statement_id: statementId })
    .whereNull('removed_at')
    .select('section_id', 'title', 'content', 'field', 'version', 'added_position');
}
