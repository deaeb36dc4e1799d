import type { Knex } from 'knex';
import { iso } from './iso.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export interface OperationView {
  id: string;
  account_id: string;
  name: string;
  unit: string;
  branch: string;
  echelon: string;
  unit_id: string | null;
  parent_id: string | null;
  description: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface OperationRow {
  operation_id: string;
  account_id: string;
  name: string;
  unit: string;
  branch: string;
  echelon: string;
  unit_id: string | null;
  parent_id: string | null;
  description: string | null;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
}

export function toOperationView(row: OperationRow): OperationView {
  return {
    id: row.operation_id,
    account_id: row.account_id,
    name: row.name,
    unit: row.unit,
    branch: row.branch,
    echelon: row.echelon,
    unit_id: row.unit_id,
    parent_id: row.parent_id,
    description: row.description,
    version: Number(row.revision),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

/** The row, deleted or not (callers decide what a deleted operation answers). */
export async function findOperationRow(knex: Knex, operationId: string): Promise<OperationRow | null> {
  return (await knex('operations').where({ operation_id: operationId }).first()) ?? null;
}

export interface OperationFilter {
  account_id: string;
  unit_id?: string;
  parent_id?: string;
  force_all: boolean;
  query?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Operations of the account, newest first. Without force_all and without a parent_id filter only
 * top-level operations (no parent) are listed; force_all lists every operation of the account.
 */
export async function listOperations(
  knex: Knex,
  filter: OperationFilter,
  request: PageRequest,
): Promise<Page<OperationView>> {
  const base = knex('operations').where({ account_id: filter.account_id }).whereNull('deleted_at');
  if (filter.unit_id) base.where({ unit_id: filter.unit_id });
  if (filter.parent_id) base.where({ parent_id: filter.parent_id });
  else if (!filter.force_all) base.whereNull('parent_id');
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    base.where((q) => q.whereILike('name', pattern).orWhereILike('unit', pattern));
  }
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows: OperationRow[] = await base
    .clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'operation_id' }])
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows.map(toOperationView), Number(count), request);
}
