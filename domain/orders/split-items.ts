// A paragraph's items: its numbered or lettered subparagraphs of the first kind it uses ("(1)",
// "(a)", "1.", "a.") or bullets; without those, its sentences, or its lines when it is one sentence
// written as a list (several short lines without sentence marks, as "Key tasks:" often are; not one
// sentence wrapped over lines, as a PDF's text is). A
// sentence ends at ".", ";", "!" or "?" before whitespace (not after an abbreviation such as "vic." or
// "Bn.", nor a single letter), or at a blank line. Markers and bullets are not part of their items.
import type { Stretch } from './find-main-paragraphs.ts';

const MARKERS: readonly RegExp[] = [
  /(?<=^|\s)\((\d{1,2})\)[ \t]*(?=\S)/g,
  /(?<=^|\s)\(([a-z])\)[ \t]*(?=\S)/gi,
  /(?<=^|\s)(\d{1,2})[.)][ \t]+(?=\S)/g,
  /(?<=^|\s)([a-z])[.)][ \t]+(?=\S)/g,
  /(?<=^|\n)[ \t]*([-•*·–])[ \t]+(?=\S)/g,
];

const ABBREVIATIONS = new Set([
  'vic',
  'approx',
  'no',
  'nos',
  'co',
  'cos',
  'bn',
  'bns',
  'bde',
  'div',
  'plt',
  'sqdn',
  'regt',
  'lt',
  'capt',
  'cpt',
  'maj',
  'col',
  'gen',
  'sgt',
  'st',
  'fig',
  'para',
  'paras',
  'ref',
  'obj',
  'pl',
  'cp',
  'hq',
  'mr',
  'dr',
  'vs',
  'e.g',
  'i.e',
  'u.s',
  'a.m',
  'p.m',
  'ea',
  'rte',
  'bp',
  'cf',
  'incl',
  'min',
  'max',
  'est',
]);

/** Sentences of [from, to). */
function sentences(text: string, from: number, to: number): Stretch[] {
  const items: Stretch[] = [];
  let start = from;
  const boundary = /[.;!?](?=\s|$)|\n[ \t]*\n/g;
  boundary.lastIndex = from;
  for (let m = boundary.exec(text); m && m.index < to; m = boundary.exec(text)) {
    if (m[0] === '.') {
      const word = /([\w.]+)$/.exec(text.slice(Math.max(start, m.index - 12), m.index))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word) || /^[a-z]$/i.test(word)) continue;
    }
    const end = m.index + (m[0].startsWith('\n') ? 0 : 1);
    if (/\S/.test(text.slice(start, end))) items.push({ start, end });
    start = m.index + m[0].length;
  }
  if (/\S/.test(text.slice(start, to))) items.push({ start, end: to });
  return items;
}

/** Markers of one kind in [from, to) and where each item's text starts. */
function markers(text: string, from: number, to: number): { start: number; textStart: number }[] {
  const slice = text.slice(from, to);
  let best: { start: number; textStart: number }[] = [];
  let bestFirst = Infinity;
  for (const pattern of MARKERS) {
    const found = [...slice.matchAll(new RegExp(pattern.source, pattern.flags))].map((m) => ({
      start: from + m.index,
      textStart: from + m.index + m[0].length,
      value: m[1]!,
    }));
    // A run of markers counts from its first ("(1)" or "(a)" or "1." or "a." or a bullet), so that a stray
    // "e." or "3." inside a sentence does not split it.
    const first = found.findIndex((f) => /^(?:1|a|A|[-•*·–])$/.test(f.value));
    if (first < 0) continue;
    const seen = new Set<string>();
    const run = found.slice(first).filter((f, i) => {
      const keep = i === 0 || /^[-•*·–]$/.test(f.value) || seen.has(previousOf(f.value));
      if (keep) seen.add(f.value);
      return keep;
    });
    if (run.length >= 1 && run[0]!.start < bestFirst) {
      best = run.map(({ start, textStart }) => ({ start, textStart }));
      bestFirst = run[0]!.start;
    }
  }
  return best;
}

/** The number or letter before this one ("3" → "2", "c" → "b"). */
const previousOf = (value: string) =>
  /^\d+$/.test(value) ? String(Number(value) - 1) : String.fromCharCode(value.charCodeAt(0) - 1);

const JOINING_WORD = /(?:^|\s)(?:to|the|a|an|of|and|or|in|on|at|by|for|from|with|into|IOT|NLT|NET)$/i;

/**
 * Lines of [from, to) when it is a list written one item a line: several short lines, no sentence marks.
 * Not a sentence wrapped over lines (as a PDF's text is): only its last line ends with a sentence mark, or
 * a line ends with a word that joins it to the next ("to", "the", "of", "IOT", ...).
 */
function lines(text: string, from: number, to: number): Stretch[] | null {
  const found = [...text.slice(from, to).matchAll(/[^\n]*\S[^\n]*/g)];
  const sentenceLike = (line: string) => line.trim().length > 80 || /[.;!?]\s*\S/.test(line.trim());
  if (found.length < 2 || found.some((line) => sentenceLike(line[0]))) return null;
  const ends = found.map((line) => /[.;!?]$/.test(line[0].trim()));
  if (ends.at(-1) && ends.slice(0, -1).every((end) => !end)) return null;
  if (found.slice(0, -1).some((line) => JOINING_WORD.test(line[0].trim()))) return null;
  return found.map((line) => ({ start: from + line.index, end: from + line.index + line[0].length }));
}

export function splitItems(text: string, from: number, to: number): Stretch[] {
  const found = markers(text, from, to);
  if (found.length === 0) {
    const split = sentences(text, from, to);
    return split.length === 1 ? (lines(text, from, to) ?? split) : split;
  }
  const items: Stretch[] = [];
  if (/\S/.test(text.slice(from, found[0]!.start))) items.push({ start: from, end: found[0]!.start });
  for (const [i, marker] of found.entries()) items.push({ start: marker.textStart, end: found[i + 1]?.start ?? to });
  return items;
}
