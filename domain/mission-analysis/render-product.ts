// A product as a planning-record draft: its lines as paragraphs, each with its source numbers, and
// the sources listed at the end; its items with their citations (the item field `cites`) and a
// short `source` naming them.
import type { ItemCitation } from '../planning-record/planning-items.ts';
import type { Product } from './mission-analysis-facts.ts';

export function citationLabel(c: ItemCitation): string {
  switch (c.kind) {
    case 'order':
      return `order ${c.ref}, p. ${c.page} characters ${c.start}–${c.end}`;
    case 'terrain_evaluation':
    case 'analysis':
      return `${c.kind.replace('_', ' ')} ${c.analysis_id}: ${c.ref}`;
    default:
      return `${c.kind} ${c.ref}`;
  }
}

const key = (c: ItemCitation) => JSON.stringify(c);

export interface RenderedProduct {
  lines: string[];
  items: Array<Record<string, unknown> & { text: string }>;
}

export function renderProduct(product: Product, withItems: boolean): RenderedProduct {
  const numbers = new Map<string, number>();
  const sources: string[] = [];
  const numbered = (c: ItemCitation) => {
    if (!numbers.has(key(c))) {
      numbers.set(key(c), numbers.size + 1);
      sources.push(`[${numbers.size}] ${citationLabel(c)}`);
    }
    return numbers.get(key(c))!;
  };
  const lines = product.lines.map((l) =>
    l.cites.length > 0 ? `${l.text} ${l.cites.map((c) => `[${numbered(c)}]`).join('')}` : l.text,
  );
  const items = withItems
    ? product.items.map((item) => ({
        text: item.text,
        ...(item.kind ? { kind: item.kind } : {}),
        ...Object.fromEntries(Object.entries(item.fields ?? {})),
        source:
          item.cites.length > 0
            ? item.cites
                .map((c) => (c.kind === 'order' ? `order ${c.ref}` : citationLabel(c)))
                .join('; ')
                .slice(0, 500)
            : null,
        cites: item.cites,
      }))
    : [];
  // Without an item list, the items are lines of the text.
  const itemLines = withItems
    ? []
    : product.items.map((i) => `- ${i.text} ${i.cites.map((c) => `[${numbered(c)}]`).join('')}`.trimEnd());
  const documents = [
    ...new Set(product.lines.concat(product.items).flatMap((l) => l.cites.flatMap((c) => c.document_id ?? []))),
  ];
  const of = documents.length > 0 ? ` (order: document ${documents.join(', ')})` : '';
  return {
    lines: [...lines, ...itemLines, ...(sources.length > 0 ? [`Sources${of}: ${sources.join('; ')}`] : [])],
    items,
  };
}
