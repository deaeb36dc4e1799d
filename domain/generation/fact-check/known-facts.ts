// What a model was given, as the facts its output may state (unfounded-facts.ts): every grid, DTG and
// number in the strings of the sources (the grounding and the prompt), every JSON number, and ISO
// instants as the DTGs in Z they are also written as. Ids and hashes (UUIDs, long hex) are no facts.
// Numbers are also known in the forms a draft derives from them (documented rules): rounded to a whole
// number or one decimal; a share (0 to 1) as a percentage; metres as kilometres (0, 1 or 2 decimals);
// seconds as minutes or hours (0 or 1 decimal).
import { findFactTokens, isoDtgKeys } from './find-fact-tokens.ts';

export interface KnownGrid {
  square: string;
  easting: string;
  northing: string;
}

export interface KnownFacts {
  grids: KnownGrid[];
  /** DTG keys (find-fact-tokens.ts): "DD HHMM Z MON YY", month and year blank when not written. */
  dtgs: string[];
  /** Numbers and their derived forms, as strings of at most two decimals. */
  numbers: Set<string>;
}

const NOT_A_FACT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32,}|sha256:[0-9a-f]+)$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The number as the check compares it. */
export const numberKey = (value: number) => String(Math.round(value * 100) / 100);

function addNumber(numbers: Set<string>, x: number): void {
  if (!Number.isFinite(x)) return;
  const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
  const forms = [x, round(x, 0), round(x, 1)];
  if (x >= 0 && x <= 1) forms.push(round(x * 100, 0), round(x * 100, 1));
  forms.push(round(x / 1000, 0), round(x / 1000, 1), round(x / 1000, 2));
  forms.push(round(x / 60, 0), round(x / 60, 1), round(x / 3600, 0), round(x / 3600, 1));
  for (const form of forms) numbers.add(numberKey(form));
}

export function knownFacts(sources: readonly unknown[]): KnownFacts {
  const known: KnownFacts = { grids: [], dtgs: [], numbers: new Set() };
  const visit = (value: unknown): void => {
    if (typeof value === 'number') addNumber(known.numbers, value);
    else if (typeof value === 'string') {
      if (NOT_A_FACT.test(value)) return;
      if (ISO_INSTANT.test(value)) known.dtgs.push(...isoDtgKeys(value));
      for (const token of findFactTokens(value)) {
        if (token.kind === 'grid') known.grids.push(token);
        else if (token.kind === 'dtg') known.dtgs.push(token.key);
        else addNumber(known.numbers, token.value);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  sources.forEach(visit);
  return known;
}
