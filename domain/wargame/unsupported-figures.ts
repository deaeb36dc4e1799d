// The guard on a language model's narration of an adjudicated turn: the model may retell the turn in
// prose, never change it. Every figure the narration cites — an MGRS reference, a time, a number —
// must be one the turn's record holds, written as the record writes it; this returns those that are
// not (empty: the narration may be shown beside the record). The record's fields are never taken from
// a narration. Pure.
import type { WargameTurn } from './wargame-result.ts';

const MGRS = /\b\d{1,2}[C-HJ-NP-X][A-HJ-NP-Z]{2}\d{2,10}\b/g;
const TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?|\b\d{2}:\d{2}Z?\b/g;
const NUMBER = /\d+(?:\.\d+)?/g;

function figures(text: string): string[] {
  const found: string[] = [];
  const rest = text
    .replace(MGRS, (m) => (found.push(m.toUpperCase()), ' '))
    .replace(TIME, (t) => (found.push(t.replace(/Z$/, '').slice(-5)), ' '));
  for (const n of rest.match(NUMBER) ?? []) found.push(String(Number(n)));
  return found;
}

export function unsupportedFigures(turn: WargameTurn, narration: string): string[] {
  const held = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'number') held.add(String(value));
    else if (typeof value === 'string') for (const f of figures(value)) held.add(f);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(turn);
  return [...new Set(figures(narration).filter((f) => !held.has(f)))];
}
