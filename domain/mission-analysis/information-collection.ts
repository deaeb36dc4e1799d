// The initial information-collection plan (ATP 5-0.2-1 substep 2.9): where to look to answer each
// PIR candidate (ccir-candidates.ts) — rule COLLECT-PIR: a PIR naming a grid is observed at that
// grid; a PIR about an enemy COA is answered by observing the order's control measures it names.
import type { OrderRecord } from '../orders/order-record.ts';
import { line, ruleCite, type Product, type ProductItem } from './mission-analysis-facts.ts';

const GRID = /\b\d{1,2}[C-HJ-NP-X][A-HJ-NP-Z]{2}\s?\d{2,10}(?:\s\d{1,5})?\b/g;

export function informationCollection(order: OrderRecord | null, pirs: ProductItem[]): Product {
  const named = (order?.features ?? []).filter((f) => f.name);
  const lines = pirs
    .filter((p) => p.kind === 'pir')
    .flatMap((p, i) => {
      const grids = p.text.match(GRID) ?? [];
      const places = [...grids, ...named.filter((f) => p.text.includes(f.name!)).map((f) => f.name!)];
      if (places.length === 0) return [];
      return [
        line(`Observe ${places.join(', ')} to answer PIR candidate ${i + 1}: ${p.text}`, [
          ...p.cites,
          ruleCite('COLLECT-PIR'),
        ]),
      ];
    });
  return lines.length > 0
    ? { lines, items: [] }
    : { lines: [line('No PIR candidate names a place to observe (see CCIR).', [])], items: [] };
}
