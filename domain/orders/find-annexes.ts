// Annexes (and appendixes, tabs) after the order's paragraph 5: each starts with a heading such as
// "ANNEX C (OPERATIONS OVERLAY) TO OPERATION ORDER 03-26". An annex repeats the five paragraphs for
// its own subject, so the order's paragraphs end where the first annex starts. A mention in running
// text ("see Annex C to OPORD 03-26") is not an annex heading.
import { matchesIn } from './matches-in.ts';
import type { OrderText } from './order-text.ts';

export interface AnnexHeading {
  designation: string;
  title: string | null;
  start: number;
  end: number;
}

const ORDER_NAMES =
  String.raw`(?:OPERATION(?:S)? ORDER|OPORD|OPORDER|OPLAN|WARNING ORDER|WARNO|WARNORD|` +
  String.raw`FRAGMENTARY ORDER|FRAGORD|FRAGO|ANNEX|APPENDIX|TAB)`;
const ANNEX_HEADING = new RegExp(
  String.raw`\b(ANNEX|APPENDIX|TAB|EXHIBIT)\s+([A-Z0-9]{1,3})\b[ \t]*` +
    String.raw`(?:\(([^()\n]{1,80})\)|[-–—:][ \t]*([^\n]{1,80}?))?` +
    String.raw`[ \t]*(?:\n[ \t]*)?TO\s+${ORDER_NAMES}\b[^\n]*`,
  'gi',
);
const MENTION_BEFORE = /\b(?:see|iaw|per|in|refer(?:ence)?|and|with|under|to|of|at)\s*$/i;

export function findAnnexes(order: OrderText, from = 0): AnnexHeading[] {
  const annexes: AnnexHeading[] = [];
  for (const m of matchesIn(ANNEX_HEADING, order.text, from, order.text.length)) {
    if (MENTION_BEFORE.test(order.text.slice(Math.max(0, m.index - 20), m.index))) continue;
    const title = (m[3] ?? m[4] ?? '').replace(/\s+/g, ' ').trim();
    const designation = m[2]!.toUpperCase();
    annexes.push({ designation, title: title || null, start: m.index, end: m.index + m[0].length });
  }
  return annexes;
}
