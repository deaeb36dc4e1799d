// MGRS grid references ("32UNB5350001200", "32U NB 53500 01200", 2 to 10 digits) as positions: the
// centre of the square the reference names (the `mgrs` package, from proj4js), [lon, lat] in WGS 84,
// with the square's side as precision. A reference counts only if it names a real square: converting
// the position back gives the same reference (so a latitude band that does not fit the northing, or
// a letter MGRS does not use, is not read as a place).
import * as mgrsModule from 'mgrs';
import type { Located } from './located.ts';
import { matchesIn } from './matches-in.ts';
import type { Position } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { sourceOf } from './source-of.ts';

// mgrs is a UMD bundle: under Node ESM its functions sit on `.default`.
const mgrs = (mgrsModule as unknown as { default?: typeof mgrsModule }).default ?? mgrsModule;

// Zone, latitude band, 100 km square (column, row), digits (both halves, spaced or not).
const GRID = new RegExp(
  String.raw`(?<![\w])(\d{1,2})[ \t]?([C-HJ-NP-X])[ \t]?([A-HJ-NP-Z][A-HJ-NP-V])[ \t]?` +
    String.raw`(\d{1,5}[ \t]\d{1,5}|\d{2,10})(?![\w])`,
  'gi',
);

function digitsOf(written: string): string | null {
  const halves = written.split(/[ \t]/);
  if (halves.length === 2 && halves[0]!.length !== halves[1]!.length) return null;
  const digits = halves.join('');
  return digits.length % 2 === 0 && digits.length <= 10 ? digits : null;
}

export function findGridReferences(order: OrderText, from: number, to: number): Located<Position>[] {
  const found: Located<Position>[] = [];
  for (const m of matchesIn(GRID, order.text, from, to)) {
    const end = m.index + m[0].length;
    const digits = digitsOf(m[4]!);
    if (digits === null) continue;
    const reference = `${Number(m[1])}${m[2]}${m[3]}${digits}`.toUpperCase();
    let lonLat: [number, number];
    try {
      lonLat = mgrs.toPoint(reference);
      if (mgrs.forward(lonLat, digits.length / 2) !== reference) continue;
    } catch {
      continue;
    }
    const source = sourceOf(order, m.index, end);
    if (!source) continue;
    found.push({
      value: {
        reference: m[0],
        system: 'mgrs',
        lon_lat: lonLat,
        precision_m: 10 ** (5 - digits.length / 2),
        source,
      },
      start: m.index,
      end,
    });
  }
  return found;
}
