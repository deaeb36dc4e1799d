// The `as_of` query parameter of audit reads: an RFC 3339 time or a global position in the log.
import type { AsOf } from '../projections/queries/operation-history-queries.ts';
import { HttpError } from './http-error.ts';

export function parseAsOf(value: string): AsOf {
  if (/^\d{1,15}$/.test(value)) return { position: Number(value) };
  const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
  if (rfc3339.test(value) && !Number.isNaN(Date.parse(value))) return { time: new Date(value).toISOString() };
  throw new HttpError(422, [
    {
      loc: ['query', 'as_of'],
      msg: 'as_of should be an RFC 3339 date-time (2026-01-31T12:00:00Z) or a global position (integer)',
      type: 'value_error',
    },
  ]);
}
