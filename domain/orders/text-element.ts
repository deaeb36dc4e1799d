// A piece of the order as an element: its text with whitespace collapsed (text from PDFs breaks lines
// anywhere) and its source. Bullets and separating punctuation at either end are not part of it.
import type { TextElement } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { sourceOf } from './source-of.ts';

const LEADING = /^[\s\-–—•*·:;,.]+/;
const TRAILING = /[\s\-–—:;,.]+$/;

/** Null when nothing but whitespace and punctuation is left. */
export function textElement(order: OrderText, start: number, end: number): TextElement | null {
  const raw = order.text.slice(start, end);
  const lead = LEADING.exec(raw)?.[0].length ?? 0;
  const trail = TRAILING.exec(raw.slice(lead))?.[0].length ?? 0;
  const from = start + lead;
  const to = end - trail;
  if (from >= to) return null;
  const source = sourceOf(order, from, to);
  if (!source) return null;
  const pieces = [{ page: source.page, start: source.start, end: source.end }, ...source.continues];
  const text = pieces
    .map((piece) => {
      const page = order.pages.find((p) => p.page === piece.page)!;
      return order.text.slice(page.start + piece.start, page.start + piece.end);
    })
    .join(' ')
    .replace(/\s+/g, ' ');
  return { text, source };
}
