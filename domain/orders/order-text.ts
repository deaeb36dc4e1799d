// One string for the whole document, so that a paragraph can run over a page break, with each page's
// place in it (to give every element its page and its offsets in that page's own text). A page's
// header and footer lines (classification markings, page numbers) are outside its content: they and
// the page breaks read as blank space, and an element running over a page break leaves them out.
import type { OrderDocument } from './order-record.ts';

export interface OrderPageRange {
  page: number;
  /** Where the page's text starts and ends in the combined text. */
  start: number;
  end: number;
  /** Its content without the header and footer lines. */
  contentStart: number;
  contentEnd: number;
}

export interface OrderText {
  documentId: string;
  text: string;
  pages: OrderPageRange[];
}

/** Between pages: a line break on each side, so that a heading at the top of a page starts a line. */
export const PAGE_SEPARATOR = '\n\f\n';

const MARKING =
  String.raw`(?:TOP SECRET|SECRET|CONFIDENTIAL|RESTRICTED|UNCLASSIFIED|CUI|FOUO|FOR OFFICIAL USE ONLY|` +
  String.raw`NATO (?:UNCLASSIFIED|RESTRICTED|CONFIDENTIAL|SECRET))`;
const FURNITURE_LINE = new RegExp(
  String.raw`^\s*(?:(?:${MARKING}(?:\s*//[A-Z0-9 ,/-]*)?(?:\s*\([A-Z ]+\))?|(?:page\s+)?\d{1,3}(?:\s+of\s+\d{1,3})?|` +
    String.raw`-\s*\d{1,3}\s*-|[A-Z]-\d{1,3}))?\s*$`,
  'i',
);

function contentBounds(text: string): [number, number] {
  const lines = [...text.matchAll(/[^\n]*(?:\n|$)/g)].filter((m) => m[0] !== '' || m.index < text.length);
  let first = 0;
  while (first < lines.length && FURNITURE_LINE.test(lines[first]![0])) first++;
  let last = lines.length - 1;
  while (last >= first && FURNITURE_LINE.test(lines[last]![0])) last--;
  if (first > last) return [0, 0];
  const start = lines[first]!.index;
  const end = lines[last]!.index + lines[last]![0].length;
  return [start, end];
}

export function orderText(document: OrderDocument): OrderText {
  const pages: OrderPageRange[] = [];
  let text = '';
  for (const [i, page] of document.pages.entries()) {
    if (i > 0) text += PAGE_SEPARATOR;
    const start = text.length;
    text += page.text;
    const [contentStart, contentEnd] = contentBounds(page.text);
    pages.push({
      page: page.page,
      start,
      end: text.length,
      contentStart: start + contentStart,
      contentEnd: start + contentEnd,
    });
  }
  // Headers, footers and page breaks read as blank space of the same length, so that offsets stay those of
  // the pages and a sentence running over a page break stays one sentence (one line break is kept).
  const pieces: string[] = [];
  let cursor = 0;
  const blank = (to: number) => {
    if (to <= cursor) return;
    pieces.push((cursor > 0 && text[cursor - 1] !== '\n' ? '\n' : ' ') + ' '.repeat(to - cursor - 1));
    cursor = to;
  };
  for (const page of pages) {
    blank(page.contentStart);
    const end = Math.max(page.contentEnd, page.contentStart);
    pieces.push(text.slice(cursor, end));
    cursor = end;
  }
  blank(text.length);
  const reading = pieces.join('');
  return { documentId: document.document_id, text: reading, pages };
}
