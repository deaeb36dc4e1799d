// The innermost items of a stretch ("(2) CCIR: (a) PIR 1 ... (b) FFIR 1 ..." gives the PIR and the
// FFIR), each with the label it or the item around it opens with: CCIR, PIR, FFIR, EEFI, ROE, risk,
// fire control or time. An item that is only its label is not a leaf of its own.
import type { Stretch } from './find-main-paragraphs.ts';
import { splitItems } from './split-items.ts';

export type ItemLabel = 'ccir' | 'pir' | 'ffir' | 'eefi' | 'roe' | 'risk' | 'fires' | 'time';

export interface LeafItem {
  item: Stretch;
  label: ItemLabel | null;
  /** The label this item itself opens with, when it has one. */
  ownLabel: ItemLabel | null;
}

const LABELS: readonly [ItemLabel, string][] = [
  ['ccir', String.raw`CCIRs?|commander['’]?s critical information requirements?`],
  ['pir', String.raw`PIRs?(?:\s*#?\d+)?|priority intelligence requirements?(?:\s*#?\d+)?`],
  ['ffir', String.raw`FFIRs?(?:\s*#?\d+)?|friendly force information requirements?(?:\s*#?\d+)?`],
  ['eefi', String.raw`EEFIs?(?:\s*#?\d+)?|essential elements? of friendly information(?:\s*#?\d+)?`],
  ['roe', String.raw`ROE|rules of engagement`],
  ['risk', String.raw`risk(?:\s+reduction)?(?:\s+control)?(?:\s+measures)?|risk guidance`],
  ['fires', String.raw`fire (?:support )?coordination measures|FSCMs?|fire control measures|fires`],
  ['time', String.raw`time(?:line|s)?|timeline`],
];
const LABEL = new RegExp(String.raw`^\s*(?:${LABELS.map(([, p]) => `(${p})`).join('|')})(?![\w'’])\s*[.:\-–—]?`, 'i');

function labelOf(text: string): { label: ItemLabel; length: number } | null {
  const m = LABEL.exec(text);
  if (!m) return null;
  const index = m.slice(1).findIndex((group) => group !== undefined);
  // A bare word at the start of a sentence ("Fires will ...", "Time is ...") is not a label.
  if (!/[.:\-–—]\s*$/.test(m[0]) && !/\d\s*$/.test(m[0]) && !/^\s*[A-Z]{3,}/.test(m[0])) return null;
  return { label: LABELS[index]![0], length: m[0].length };
}

export function leafItems(text: string, within: Stretch, inherited: ItemLabel | null = null, depth = 0): LeafItem[] {
  const leaves: LeafItem[] = [];
  for (const item of splitItems(text, within.start, within.end)) {
    let own = labelOf(text.slice(item.start, item.end));
    let rest = { start: item.start + (own?.length ?? 0), end: item.end };
    // "CCIR: PIR 1: ..." is the PIR.
    for (let inner = own && labelOf(text.slice(rest.start, rest.end)); own && inner;) {
      own = inner;
      rest = { start: rest.start + inner.length, end: rest.end };
      inner = labelOf(text.slice(rest.start, rest.end));
    }
    const label = own?.label ?? inherited;
    if (!/\S/.test(text.slice(rest.start, rest.end))) continue;
    const inner = depth < 3 ? splitItems(text, rest.start, rest.end) : [];
    if (inner.length > 1) {
      leaves.push(...leafItems(text, rest, label, depth + 1));
    } else leaves.push({ item, label, ownLabel: own?.label ?? null });
  }
  return leaves;
}
