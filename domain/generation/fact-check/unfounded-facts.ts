// The fact check of a model's output (issue 24 §4): every grid, DTG and number it writes must be among
// the facts it was given (known-facts.ts) or derived from them by a documented rule; what is not is
// listed, so that the output is repaired or refused like any other invalid output. The rules:
// - a grid is known when a known grid has the same 100 km square and its digits begin with the written
//   ones (the same point at the same or a coarser precision; trailing zeros may be added);
// - a DTG is known when a known one has the same day, time and zone letter, and the same month and year
//   where both give them; an ISO instant is compared as the DTG in Z it is;
// - a number is known when it is among the known numbers or their derived forms, or is a whole number
//   from 0 to 12 (counts, paragraph numbers, ordinals).
import { findFactTokens, type FactToken } from './find-fact-tokens.ts';
import { numberKey, type KnownFacts, type KnownGrid } from './known-facts.ts';

const SMALL_COUNT = 12;

function gridKnown(token: Extract<FactToken, { kind: 'grid' }>, grids: readonly KnownGrid[]): boolean {
  const written = (half: string) => half.replace(/0+$/, '');
  return grids.some(
    (g) =>
      g.square === token.square &&
      g.easting.startsWith(written(token.easting)) &&
      g.northing.startsWith(written(token.northing)) &&
      // More digits than the fact has are only zeros.
      /^0*$/.test(token.easting.slice(g.easting.length)) &&
      /^0*$/.test(token.northing.slice(g.northing.length)),
  );
}

function dtgKnown(key: string, dtgs: readonly string[]): boolean {
  const [day, time, zone, month, year] = key.split(' ');
  return dtgs.some((k) => {
    const [d, t, z, m, y] = k.split(' ');
    return d === day && t === time && z === zone && (!m || !month || m === month) && (!y || !year || y === year);
  });
}

function unknownIn(text: string, known: KnownFacts): string[] {
  const found: string[] = [];
  for (const token of findFactTokens(text)) {
    if (token.kind === 'grid' && !gridKnown(token, known.grids)) found.push(`grid ${token.text}`);
    else if (token.kind === 'dtg' && !dtgKnown(token.key, known.dtgs)) found.push(`DTG ${token.text}`);
    else if (token.kind === 'number') {
      const small = Number.isInteger(token.value) && token.value >= 0 && token.value <= SMALL_COUNT;
      if (!small && !known.numbers.has(numberKey(token.value))) found.push(`number ${token.text}`);
    }
  }
  return found;
}

/** Each string of `value` that states a grid, DTG or number not in `known`: `/path: grid … is in no fact given`. */
export function unfoundedFacts(value: unknown, known: KnownFacts): string[] {
  const errors: string[] = [];
  const visit = (item: unknown, path: string): void => {
    if (typeof item === 'string') {
      for (const what of unknownIn(item, known)) errors.push(`${path || '/'}: ${what} is in none of the facts given`);
    } else if (Array.isArray(item)) item.forEach((v, i) => visit(v, `${path}/${i}`));
    else if (item && typeof item === 'object') {
      for (const [key, v] of Object.entries(item)) visit(v, `${path}/${key}`);
    }
  };
  visit(value, '');
  return errors.slice(0, 20);
}
