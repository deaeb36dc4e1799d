// Paragraph 4, sustainment (FM 6-0 appendix C): logistics, personnel, Army health system support,
// each after its title; the paragraph's whole text besides.
import { findLabelledParts } from './find-labelled-parts.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import type { Sustainment } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

const SUSTAINMENT_PARTS = [
  { key: 'logistics', title: String.raw`logistics|supply|classes\s+of\s+supply` },
  { key: 'personnel', title: String.raw`personnel(?:\s+services(?:\s+support)?)?` },
  {
    key: 'health_system_support',
    title:
      String.raw`(?:army\s+)?health\s+(?:system\s+|service\s+)?support|` +
      String.raw`medical(?:\s+evacuation|\s+support)?|health`,
  },
] as const;

export function readSustainment(order: OrderText, body: Stretch): Sustainment | null {
  const text = textElement(order, body.start, body.end);
  if (!text) return null;
  const parts = findLabelledParts(order.text, body.start, body.end, SUSTAINMENT_PARTS);
  const of = (key: string) => {
    const found = parts.find((p) => p.key === key);
    return found ? textElement(order, found.body.start, found.body.end) : null;
  };
  return {
    text,
    logistics: of('logistics'),
    personnel: of('personnel'),
    health_system_support: of('health_system_support'),
  };
}
