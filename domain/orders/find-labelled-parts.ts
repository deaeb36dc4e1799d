// The subparagraphs of a paragraph, found by their titles (orders number them "a.", "a)", "(1)",
// "1." or, in plain text, not at all). A title counts as a heading when it follows a number or
// letter, when it stands at the start of a line followed by a full stop, colon or line end, or
// anywhere when followed by a colon ("Purpose: ..."). Each part runs to the next heading found,
// or to the next number or letter of its own kind ("c." after "b."), so a subparagraph the caller
// did not ask for still ends the one before it. The first heading of each key counts; of two headings
// read from the same words, the longer.
import type { Stretch } from './find-main-paragraphs.ts';

export interface LabelSpec<Key extends string> {
  key: Key;
  /** A regular-expression source, matched without regard to case. */
  title: string;
}

export interface LabelledPart<Key extends string> {
  key: Key;
  heading: Stretch;
  body: Stretch;
}

type MarkerStyle = 'letter' | 'paren_letter' | 'paren_number' | 'number';
const NOT_WORD_AFTER = String.raw`(?![\w'’])`;

const compiled = new Map<string, RegExp>();

function patternOf(title: string): RegExp {
  const known = compiled.get(title);
  if (known) return new RegExp(known.source, known.flags);
  const pattern = new RegExp(
    String.raw`(?<=^|[\s:;.,])(?:([a-zA-Z])[.)]|\(([a-zA-Z])\)|\((\d{1,2})\)|(\d{1,2})[.)])[ \t]*` +
      String.raw`(?:${title})${NOT_WORD_AFTER}` +
      String.raw`[ \t]*[.:\-–—]?|` +
      String.raw`(?<=^|\n)[ \t]*(?:([a-z])[ \t]+|(\d{1,2})[ \t]+)?(?:${title})${NOT_WORD_AFTER}` +
      String.raw`[ \t]*(?:[.:\-–—]|(?=\r?\n|$))|` +
      String.raw`(?<=^|[\s.;,(])(?:${title})${NOT_WORD_AFTER}[ \t]*:`,
    'gi',
  );
  compiled.set(title, pattern);
  return pattern;
}

interface Marker {
  style: MarkerStyle;
  value: string;
}

function markerOf(m: RegExpExecArray): Marker | null {
  if (m[1]) return { style: 'letter', value: m[1] };
  if (m[2]) return { style: 'paren_letter', value: m[2] };
  if (m[3]) return { style: 'paren_number', value: m[3] };
  if (m[4]) return { style: 'number', value: m[4] };
  if (m[5]) return { style: 'letter', value: m[5] };
  if (m[6]) return { style: 'number', value: m[6] };
  return null;
}

const SIBLING: Record<MarkerStyle, RegExp> = {
  letter: /(?<=^|\s)([a-zA-Z])[.)][ \t]+\S/g,
  paren_letter: /(?<=^|\s)\(([a-zA-Z])\)[ \t]*\S/g,
  paren_number: /(?<=^|\s)\((\d{1,2})\)[ \t]*\S/g,
  number: /(?<=^|\s)(\d{1,2})[.)][ \t]+[A-Za-z]/g,
};

const later = (style: MarkerStyle, a: string, b: string) =>
  style === 'letter' || style === 'paren_letter'
    ? a.toLowerCase() > b.toLowerCase() && (a === a.toLowerCase()) === (b === b.toLowerCase())
    : Number(a) > Number(b);

/** Where the next subparagraph of the same kind as `marker` starts in [from, to), or `to`. */
function nextSibling(text: string, marker: Marker, from: number, to: number): number {
  const pattern = new RegExp(SIBLING[marker.style].source, 'g');
  const slice = text.slice(from, to);
  for (const m of slice.matchAll(pattern)) if (later(marker.style, m[1]!, marker.value)) return from + m.index;
  return to;
}

export function findLabelledParts<Key extends string>(
  text: string,
  from: number,
  to: number,
  specs: readonly LabelSpec<Key>[],
): LabelledPart<Key>[] {
  const slice = text.slice(from, to);
  const found: (LabelledPart<Key> & { marker: Marker | null })[] = [];
  for (const spec of specs) {
    const m = patternOf(spec.title).exec(slice);
    if (!m) continue;
    const start = from + m.index + (m[0].length - m[0].trimStart().length);
    const end = from + m.index + m[0].length;
    found.push({ key: spec.key, heading: { start, end }, body: { start: end, end: to }, marker: markerOf(m) });
  }
  found.sort((a, b) => a.heading.start - b.heading.start || b.heading.end - a.heading.end);
  // Of two headings read from the same words, the longer ("Composition, disposition and strength") stands.
  const kept = found.filter((part, i) => !found.slice(0, i).some((o) => part.heading.start < o.heading.end));
  return kept.map((part, i) => {
    const next = kept[i + 1]?.heading.start ?? to;
    const end = part.marker ? nextSibling(text, part.marker, part.body.start, next) : next;
    return { key: part.key, heading: part.heading, body: { start: part.body.start, end } };
  });
}
