import type { Knex } from 'knex';
import { iso } from './iso.ts';
import { jsonColumn } from './json-column.ts';
import { offsetOf, pageOf, type Page, type PageRequest } from './pagination.ts';

export interface HistoryEntry {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  version: number;
  occurred_at: string;
  actor: { account_id: string | null; api_key_id: string | null };
  correlation_id: string | null;
  causation_id: string | null;
  data: unknown;
}

interface HistoryRow {
  position: number | string;
  stream_id: string;
  revision: number;
  type: string;
  version: number;
  occurred_at: Date | string;
  account_id: string | null;
  api_key_id: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  data: unknown;
}

function toEntry(row: HistoryRow): HistoryEntry {
  return {
    position: Number(row.position),
    stream_id: row.stream_id,
    revision: row.revision,
    type: row.type,
    version: row.version,
    occurred_at: iso(row.occurred_at)!,
    actor: { account_id: row.account_id, api_key_id: row.api_key_id },
    correlation_id: row.correlation_id,
    causation_id: row.causation_id,
    data: jsonColumn(row.data),
  };
}

export interface AsOf {
  position?: number;
  time?: string;
}

function historyQuery(knex: Knex, operationId: string, asOf?: AsOf) {
  const query = knex('operation_history').where({ operation_id: operationId });
  if (asOf?.position !== undefined) query.where('position', '<=', asOf.position);
  if (asOf?.time !== undefined) query.where('occurred_at', '<=', asOf.time);
  return query;
}

export async function pageOperationHistory(
  knex: Knex,
  operationId: string,
  request: PageRequest,
  asOf?: AsOf,
): Promise<Page<HistoryEntry>> {
  const [{ count }] = await historyQuery(knex, operationId, asOf).count({ count: '*' });
  const rows: HistoryRow[] = await historyQuery(knex, operationId, asOf)
    .orderBy('position')
    .limit(request.size)
    .offset(offsetOf(request));
  return pageOf(rows.map(toEntry), Number(count), request);
}

/** Every entry up to `asOf`, in order (for folding the state as it was). */
export async function operationHistoryUpTo(knex: Knex, operationId: string, asOf?: AsOf): Promise<HistoryEntry[]> {
  const rows: HistoryRow[] = await historyQuery(knex, operationId, asOf).orderBy('position');
  return rows.map(toEntry);
}
