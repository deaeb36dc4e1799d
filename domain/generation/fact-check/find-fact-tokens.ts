// The checkable facts a text states: MGRS grids, date-time groups (and ISO-8601 instants) and the
// other numbers. A grid's or DTG's digits are not numbers of their own. Used on both sides of the
// fact check (unfounded-facts.ts): on what a model was given, and on what it wrote.
export type FactToken =
  | { kind: 'grid'; text: string; square: string; easting: string; northing: string }
  | { kind: 'dtg'; text: string; key: string }
  | { kind: 'number'; text: string; value: number };

// Zone, band, 100 km square, then both halves (spaced or not), as domain/orders/find-grid-references.ts.
const GRID = String.raw`(?<![\w])(\d{1,2})[ \t]?([C-HJ-NP-X])[ \t]?([A-HJ-NP-Z][A-HJ-NP-V])[ \t]?(\d{1,5}[ \t]\d{1,5}|\d{2,10})(?![\w])`;
const MONTHS = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC';
// DDHHMM with a zone letter and/or a month (six digits alone are a number).
const DTG = String.raw`(?<![\w])(\d{2})[ \t]?(\d{4})(?:(\d{2})(?=[A-Z]))?(?:[ \t]?([A-IK-Z])(?=[ \t]?(?:${MONTHS})|(?![A-Za-z])))?(?:[ \t]?(${MONTHS})[A-Z]*(?:[ \t]?(\d{2}(?:\d{2})?))?)?(?![\w])`;
const ISO = String.raw`(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?`;
const NUMBER = String.raw`(?<![\w.])\d+(?:[.,]\d+)*(?![\w])|(?<![\w.])\d+(?=st|nd|rd|th|%|km|m\b|h\b|min\b)`;
const TOKENS = new RegExp(`(?<grid>${GRID})|(?<iso>${ISO})|(?<dtg>${DTG})|(?<number>${NUMBER})`, 'gi');

/** A DTG's key: day, hour, minute and zone letter (J or none when not written), month and year when written. */
const dtgKey = (
  day: string,
  time: string,
  zone: string | undefined,
  month: string | undefined,
  year: string | undefined,
) => [day, time, (zone ?? '').toUpperCase(), (month ?? '').toUpperCase(), year ? year.slice(-2) : ''].join(' ');

/** An ISO instant as the DTG keys it is also written as: in Z with and without month and year. */
export function isoDtgKeys(iso: string): string[] {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return [];
  const two = (n: number) => String(n).padStart(2, '0');
  const day = two(at.getUTCDate());
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
  const month = MONTHS.split('|')[at.getUTCMonth()]!;
  const year = two(at.getUTCFullYear() % 100);
  return [dtgKey(day, time, 'Z', month, year), dtgKey(day, time, 'Z', undefined, undefined)];
}

export function findFactTokens(text: string): FactToken[] {
  const tokens: FactToken[] = [];
  for (const m of text.matchAll(TOKENS)) {
    const g = m.groups!;
    if (g.grid) {
      const [zone, band, square, digits] = [m[2]!, m[3]!, m[4]!, m[5]!];
      const halves = digits.split(/[ \t]/);
      const joined = halves.join('');
      if (halves.length === 2 ? halves[0]!.length !== halves[1]!.length : joined.length % 2 !== 0) {
        tokens.push({ kind: 'number', text: m[0], value: Number(joined) });
        continue;
      }
      const half = joined.length / 2;
      tokens.push({
        kind: 'grid',
        text: m[0],
        square: `${Number(zone)}${band}${square}`.toUpperCase(),
        easting: joined.slice(0, half),
        northing: joined.slice(half),
      });
    } else if (g.iso) {
      const keys = isoDtgKeys(m[0].replace(' ', 'T') + (/(Z|[+-]\d{2}:?\d{2})$/.test(m[0]) ? '' : 'Z'));
      tokens.push({ kind: 'dtg', text: m[0], key: keys[0] ?? m[0] });
    } else if (g.dtg) {
      const day = m[0].match(/^\d{2}/)![0];
      const parts = new RegExp(DTG, 'i').exec(m[0])!;
      if (!parts[4] && !parts[5]) {
        for (const n of m[0].split(/[ \t]/)) tokens.push({ kind: 'number', text: n, value: Number(n) });
        continue;
      }
      tokens.push({ kind: 'dtg', text: m[0], key: dtgKey(day, parts[2]!, parts[4], parts[5], parts[6]) });
    } else {
      tokens.push({ kind: 'number', text: m[0], value: Number(m[0].replace(/,(?=\d{3}\b)/g, '').replace(',', '.')) });
    }
  }
  return tokens;
}
