// The OGC `datetime` query parameter: an instant (RFC 3339 date-time, or a date meaning that whole
// UTC day), or an interval start/end whose ends may be open (`..` or empty). Bounds are inclusive.
// Anything else is a 422 at ['query', 'datetime'].
import { isRfc3339DateTime } from '../../domain/map/geojson/is-rfc3339-date-time.ts';
import type { TimeFilter } from '../../projections/queries/ogc-features-queries.ts';
import { validationError } from '../http-error.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const reject = (msg: string) => validationError([{ loc: ['query', 'datetime'], msg, type: 'value_error' }]);

/** The first instant of a YYYY-MM-DD day and of the day after, or null when it is no date. */
function day(value: string): { start: string; next: string } | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (
    start.getUTCFullYear() !== Number(m[1]) ||
    start.getUTCMonth() !== Number(m[2]) - 1 ||
    start.getUTCDate() !== Number(m[3])
  )
    return null;
  return { start: start.toISOString(), next: new Date(start.getTime() + 86_400_000).toISOString() };
}

const usage =
  'datetime should be an RFC 3339 date-time (2024-05-01T12:00:00Z), a date, or an interval start/end with ".." for an ' +
  'open end';

export function parseDatetimeParameter(value: string): TimeFilter {
  const parts = value.split('/');
  if (parts.length === 1) {
    if (isRfc3339DateTime(value)) return { start: value, end: value, endExclusive: false };
    const d = day(value);
    if (d) return { start: d.start, end: d.next, endExclusive: true };
    throw reject(usage);
  }
  if (parts.length !== 2) throw reject(usage);
  const [from, to] = parts as [string, string];
  const open = (v: string) => v === '' || v === '..';
  let start: string | null = null;
  let end: string | null = null;
  let endExclusive = false;
  if (!open(from)) {
    if (isRfc3339DateTime(from)) start = from;
    else start = day(from)?.start ?? null;
    if (start === null) throw reject(`${usage}; the start "${from}" is neither`);
  }
  if (!open(to)) {
    if (isRfc3339DateTime(to)) end = to;
    else {
      const d = day(to);
      if (d) {
        end = d.next;
        endExclusive = true;
      }
    }
    if (end === null) throw reject(`${usage}; the end "${to}" is neither`);
  }
  if (start !== null && end !== null && Date.parse(start) > Date.parse(end))
    throw reject(`datetime interval starts (${from}) after it ends (${to})`);
  return { start, end, endExclusive };
}
