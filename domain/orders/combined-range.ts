// Where an element's source lies in the combined text (order-text.ts): from its first piece's start to
// its last piece's end.
import type { Stretch } from './find-main-paragraphs.ts';
import type { Source } from './order-record.ts';
import type { OrderText } from './order-text.ts';

export function combinedRange(order: OrderText, source: Source): Stretch {
  const pageStart = (page: number) => order.pages.find((p) => p.page === page)!.start;
  const last = source.continues.at(-1) ?? source;
  return { start: pageStart(source.page) + source.start, end: pageStart(last.page) + last.end };
}
