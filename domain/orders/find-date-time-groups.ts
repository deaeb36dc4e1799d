// Date-time groups in a stretch of text: DD HHMM[SS] with a time-zone letter and/or a month, and a
// year ("270500Z NOV 26", "270500ZNOV26", "27 0500Z Nov 2026", "270500 NOV 26", "270500Z"). Six
// digits alone are a DTG only after a word of time ("NLT", "at", "before", ...), not as a grid's half or
// a count. Each is normalised to UTC with the order's
// time zone (for groups without a letter) and the reference date (for a missing month or year).
import { dateTimeGroupToIso } from './date-time-group-to-iso.ts';
import { matchesIn } from './matches-in.ts';
import type { DateTimeGroup } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

export interface DateTimeContext {
  /** The order's "time zone used throughout", as a letter; null when it states none. */
  zoneLetter: string | null;
  referenceDate: string | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DTG = new RegExp(
  String.raw`(?<![\w/.\-+])(\d{2})[ \t]?(\d{2})(\d{2})(\d{2})?([A-IK-Z])?` +
    String.raw`(?:[ \t]?(${MONTHS.join('|')})[A-Z]*\.?(?:[ \t]?(\d{4}|\d{2})(?!\d))?)?(?![\w])`,
  'gi',
);

const TIME_WORD_BEFORE = new RegExp(
  String.raw`(?:^|[^\w])(?:NLT|NET|not later than|no later than|not earlier than|` +
    String.raw`no earlier than|at|by|before|after|until|from)\s+$`,
  'i',
);

export function findDateTimeGroups(
  order: OrderText,
  from: number,
  to: number,
  context: DateTimeContext,
): DateTimeGroup[] {
  const found: DateTimeGroup[] = [];
  for (const m of matchesIn(DTG, order.text, from, to)) {
    const [, day, hour, minute, second, letter, month, year] = m;
    // Six digits alone are a DTG only after a word of time ("before 270430").
    if (!letter && !month && !TIME_WORD_BEFORE.test(order.text.slice(Math.max(0, m.index - 20), m.index))) continue;
    if (Number(day) < 1 || Number(day) > 31 || Number(hour) > 24 || Number(minute) > 59) continue;
    const element = textElement(order, m.index, m.index + m[0].replace(/\.$/, '').length);
    if (!element) continue;
    const zoneLetter = letter?.toUpperCase() ?? context.zoneLetter;
    const instant = dateTimeGroupToIso(
      {
        day: Number(day),
        hour: Number(hour),
        minute: Number(minute),
        second: Number(second ?? 0),
        zoneLetter,
        month: month ? MONTHS.indexOf(month.toUpperCase()) + 1 : null,
        year: year ? (year.length === 2 ? 2000 + Number(year) : Number(year)) : null,
      },
      context.referenceDate,
    );
    found.push({
      ...element,
      iso: instant.iso,
      zone_letter: zoneLetter,
      month_from_reference: instant.monthFromReference,
      year_from_reference: instant.yearFromReference,
      unresolved: instant.unresolved,
    });
  }
  return found;
}
