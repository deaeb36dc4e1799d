// The orders written for the order reader's tests (../fixtures, pages split at form feeds) and checks
// on the record it makes: an element's text and exactly where it was read.
import { readFileSync } from 'node:fs';
import * as assert from 'uvu/assert';
import type { OrderRecord, Source, TextElement } from '../../../../domain/orders/order-record.ts';
import { readOrder } from '../../../../domain/orders/read-order.ts';

export const DOCUMENT_ID = '5f1d7c1e-8a46-4c55-9b07-3e0f2c6f9a10';
export const RECEIVED = '2026-11-25T12:00:00Z';

export interface Fixture {
  pages: { page: number; text: string }[];
}

export function fixture(name: string): Fixture {
  const text = readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
  return { pages: text.split('\f').map((pageText, i) => ({ page: i + 1, text: pageText })) };
}

export function read(
  order: Fixture,
  unit: string,
  designations: string[] = [],
  referenceDate: string | null = RECEIVED,
): OrderRecord {
  return readOrder({
    document: { document_id: DOCUMENT_ID, pages: order.pages },
    unit: { name: unit, designations },
    reference_date: referenceDate,
  });
}

/** The source text of an element: its pieces, page by page, joined by a space. */
export function quoted(order: Fixture, source: Source): string {
  const pieces = [source, ...source.continues];
  return pieces.map((p) => order.pages.find((page) => page.page === p.page)!.text.slice(p.start, p.end)).join(' ');
}

/** Where the n-th occurrence of `quote` is in a page (1 = first), as a one-piece source. */
export function at(order: Fixture, quote: string, page = 1, occurrence = 1): Source {
  const text = order.pages[page - 1]!.text;
  let start = -1;
  for (let i = 0; i < occurrence; i++) start = text.indexOf(quote, start + 1);
  assert.ok(start >= 0, `"${quote}" is on page ${page} (${occurrence})`);
  return { document_id: DOCUMENT_ID, page, start, end: start + quote.length, continues: [] };
}

/** The element says `text` and was read exactly from the `occurrence`-th `quote` (default: the text itself). */
export function assertElement(
  order: Fixture,
  element: TextElement | null | undefined,
  text: string,
  quote = text,
  page = 1,
  occurrence = 1,
): void {
  assert.ok(element, `an element saying "${text}"`);
  assert.is(element!.text, text);
  assert.equal(element!.source, at(order, quote, page, occurrence));
  assert.is(quoted(order, element!.source), quote);
}

/** Every element of the record says what its source says (whitespace collapsed); every position is its reference. */
export function assertAllSourced(order: Fixture, record: OrderRecord): number {
  let checked = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if ('source' in object && typeof object.text === 'string') {
      assert.is(quoted(order, object.source as Source).replace(/\s+/g, ' '), object.text, `source of "${object.text}"`);
      checked++;
    }
    if ('source' in object && typeof object.reference === 'string') {
      assert.is(quoted(order, object.source as Source), object.reference);
      checked++;
    }
    if ('source' in object) assert.is((object.source as Source).document_id, DOCUMENT_ID);
    Object.entries(object).forEach(([key, child]) => {
      if (key !== 'source') visit(child);
    });
  };
  visit(record);
  return checked;
}
