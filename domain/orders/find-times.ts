// The times a stretch of text states: each date-time group with the word that qualifies it ("NLT
// 270500Z NOV 26", "at 270430Z", "from ... until ..."), and times without a DTG: on order, when
// directed, and times relative to D-day and H-hour ("NLT H+2", "D-1"). Qualifiers are given in
// their short form (NLT, NET) or as written, in lower case.
import { findDateTimeGroups, type DateTimeContext } from './find-date-time-groups.ts';
import { matchesIn } from './matches-in.ts';
import type { TimeElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

const QUALIFIER_BEFORE = new RegExp(
  String.raw`(?<![\w])(NLT|NET|not later than|no later than|not earlier than|no earlier than|` +
    String.raw`at|by|on|from|until|till|` +
    String.raw`to|before|after|beginning|starting|effective|as of|between|and)` +
    String.raw`[ \t]*(?:\r?\n[ \t]*)?$`,
  'i',
);
const RELATIVE = new RegExp(
  String.raw`(?<![\w/])(?:(NLT|NET|not later than|no later than|at|by|until|before|after|from)\s+)?` +
    String.raw`(?:([DH])[ \t]?(?:-?\s?(?:day|hour))?[ \t]?([+-])[ \t]?(\d{1,3})(?:[ \t]?(?:hours|hrs|hr|days|h|d)\b)?` +
    String.raw`|([DH])-(?:day|hour)|(on order|o\/o|when directed|upon order))(?![\w])`,
  'gi',
);

function shortQualifier(word: string): string {
  const lower = word.toLowerCase().replace(/\s+/g, ' ').replace(/,$/, '').trim();
  if (lower === 'not later than' || lower === 'no later than' || lower === 'nlt') return 'NLT';
  if (lower === 'not earlier than' || lower === 'no earlier than' || lower === 'net') return 'NET';
  if (lower === 'o/o') return 'on order';
  return lower;
}

export function findTimes(order: OrderText, from: number, to: number, context: DateTimeContext): TimeElement[] {
  const times: TimeElement[] = [];
  for (const dtg of findDateTimeGroups(order, from, to, context)) {
    const page = order.pages.find((p) => p.page === dtg.source.page)!;
    const dtgStart = page.start + dtg.source.start;
    const before = order.text.slice(Math.max(from, dtgStart - 40), dtgStart);
    const qualifier = QUALIFIER_BEFORE.exec(before);
    const start = qualifier ? dtgStart - before.length + qualifier.index : dtgStart;
    const element = textElement(order, start, page.start + dtg.source.end);
    if (element) times.push({ ...element, qualifier: qualifier ? shortQualifier(qualifier[1]!) : null, dtg });
  }
  for (const m of matchesIn(RELATIVE, order.text, from, to)) {
    const element = textElement(order, m.index, m.index + m[0].length);
    if (
      !element ||
      times.some(
        (t) =>
          t.source.page === element.source.page &&
          t.source.start <= element.source.start &&
          t.source.end >= element.source.end,
      )
    )
      continue;
    const qualifier = m[1] ? shortQualifier(m[1]) : m[6] ? shortQualifier(m[6]) : null;
    times.push({ ...element, qualifier, dtg: null });
  }
  return times.sort((a, b) => a.source.page - b.source.page || a.source.start - b.source.start);
}
