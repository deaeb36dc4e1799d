// Bulk insert through COPY FROM STDIN (pg-copy-streams, by pg's author): PostgreSQL's fastest load
// path, with no JSON carrier to parse and no bind parameters. PostgreSQL only: PGlite answers
// false and the caller inserts another way.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Knex } from 'knex';

/** Rows per chunk written to the COPY stream. */
const ROWS_PER_CHUNK = 1000;
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format; a json column's value is written as JSON text. */
function copyValue(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (json) text = JSON.stringify(value);
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  else if (value instanceof Date) return value.toISOString();
  else text = JSON.stringify(value);
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

function* copyText(rows: Array<Record<string, unknown>>, columns: string[], json: Set<string>): Generator<string> {
  const isJson = columns.map((c) => json.has(c));
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(i, i + ROWS_PER_CHUNK)) {
      chunk += `${columns.map((c, j) => copyValue(row[c], isJson[j]!)).join('\t')}\n`;
    }
    yield chunk;
  }
}

/**
 * Inserts the rows with COPY on the transaction's own connection and resolves true, or resolves
 * false (nothing written) when the connection is not PostgreSQL's `pg` client.
 */
export async function copyRows(
  trx: Knex.Transaction,
  table: string,
  columns: string[],
  rows: Array<Record<string, unknown>>,
  /** Columns of type json or jsonb. */
  json: Set<string>,
): Promise<boolean> {
  const connection: unknown = await trx.client.acquireConnection();
  if (!(connection instanceof pg.Client)) return false;
  const list = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  const copy = connection.query(copyFrom(`copy "${table.replace(/"/g, '""')}" (${list}) from stdin`));
  await pipeline(Readable.from(copyText(rows, columns, json)), copy);
  return true;
}
