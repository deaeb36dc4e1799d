// The source of a stretch of the combined text: the page it starts on and its offsets in that page's
// text, continued on the next pages when it runs over a break. Page headers and footers and the
// whitespace at the ends of each piece are left out, so each piece's slice is the element's own text.
import type { Source } from './order-record.ts';
import type { OrderText } from './order-text.ts';

export function sourceOf(order: OrderText, start: number, end: number): Source | null {
  const pieces: { page: number; start: number; end: number }[] = [];
  for (const page of order.pages) {
    let from = Math.max(start, page.contentStart);
    let to = Math.min(end, page.contentEnd);
    while (from < to && /\s/.test(order.text[from]!)) from++;
    while (to > from && /\s/.test(order.text[to - 1]!)) to--;
    if (from < to) pieces.push({ page: page.page, start: from - page.start, end: to - page.start });
  }
  const [first, ...rest] = pieces;
  if (!first) return null;
  return { document_id: order.documentId, page: first.page, start: first.start, end: first.end, continues: rest };
}
