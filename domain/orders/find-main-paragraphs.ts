// The five paragraphs of an order (FM 6-0 appendix C): 1 SITUATION, 2 MISSION, 3 EXECUTION,
// 4 SUSTAINMENT, 5 COMMAND AND SIGNAL. A heading is the paragraph's number ("1.", "1)", "1 ") and
// title in any case, anywhere in a line (text from a PDF often runs paragraphs together), or the
// title alone at the start of a line (after Markdown's "## " or "**", if any) and followed by a full
// stop, colon or line end. Paragraphs are
// taken in order; one the order leaves out is skipped. The last paragraph ends at the closing
// ("ACKNOWLEDGE", "OFFICIAL:", the annex list) or at the first annex.
export type MainParagraphKey = 'situation' | 'mission' | 'execution' | 'sustainment' | 'command_and_signal';

export interface Stretch {
  start: number;
  end: number;
}

export interface MainParagraph {
  key: MainParagraphKey;
  /** The heading ("2. MISSION.") and the paragraph's text after it. */
  heading: Stretch;
  body: Stretch;
}

const TITLES: readonly [MainParagraphKey, string][] = [
  ['situation', 'SITUATION'],
  ['mission', 'MISSION'],
  ['execution', 'EXECUTION'],
  [
    'sustainment',
    String.raw`(?:SUSTAINMENT|SERVICE SUPPORT|COMBAT SERVICE SUPPORT|ADMINISTRATION AND LOGISTICS|LOGISTICS)`,
  ],
  ['command_and_signal', String.raw`(?:COMMAND (?:AND|&) (?:SIGNAL|CONTROL)|COMMAND, CONTROL(?:,)? (?:AND|&) SIGNAL)`],
];

const END = String.raw`(?![\w'’])[ \t]*[.:\-–—]?`;
const headingPattern = (number: number, title: string) =>
  new RegExp(
    String.raw`(?<![\w(\-./])${number}(?:[.)][ \t]*|[ \t]+)${title}${END}|` +
      String.raw`(?<=^|\n)[ \t]*(?:#{1,6}[ \t]+)?(?:[*_]{1,2})?${title}(?![\w'’])[*_]{0,2}[ \t]*(?:[.:\-–—]|(?=\r?\n|$))`,
    'gi',
  );
const CLOSING = new RegExp(
  String.raw`(?<![\w])(?:ACKNOWLEDGE(?:MENT)?\s*[:.]|ACKNOWLEDGE\s*$|OFFICIAL\s*:|ANNEX(?:ES)?\s*:|` +
    String.raw`DISTRIBUTION\s*:)`,
  'im',
);

/** The first numbered heading in [from, to), else the first bare title. */
function firstHeading(text: string, number: number, title: string, from: number, to: number): Stretch | null {
  const pattern = headingPattern(number, title);
  pattern.lastIndex = from;
  let unnumbered: Stretch | null = null;
  for (let m = pattern.exec(text); m && m.index < to; m = pattern.exec(text)) {
    const found = { start: m.index + (m[0].length - m[0].trimStart().length), end: m.index + m[0].length };
    if (/^\s*\d/.test(m[0])) return found;
    unnumbered ??= found;
  }
  return unnumbered;
}

export function findMainParagraphs(text: string, from: number, to: number): MainParagraph[] {
  const found: MainParagraph[] = [];
  let cursor = from;
  for (const [i, [key, title]] of TITLES.entries()) {
    const heading = firstHeading(text, i + 1, title, cursor, to);
    if (!heading) continue;
    const previous = found.at(-1);
    if (previous) previous.body.end = heading.start;
    found.push({ key, heading, body: { start: heading.end, end: to } });
    cursor = heading.end;
  }
  const last = found.at(-1);
  if (last) {
    const closing = CLOSING.exec(text.slice(last.body.start, to));
    if (closing) last.body.end = last.body.start + closing.index;
  }
  return found;
}
