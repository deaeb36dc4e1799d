// The constraints an order places on the unit (ATP 5-0.2-1 substep 2.5): requirements (must do) and
// prohibitions (cannot do), read from the innermost items of the stretches the caller gives: all
// directives (coordinating instructions), or only prohibitions (the concept describes more than it
// directs; a unit's other directives are its tasks).
// Each is classified by classify-constraint.ts; an item under an ROE, risk or fire-control label takes
// that category, and such an item or one about fires, ROE or risk is a requirement when it has no
// words of either kind ("RFA KUENZELL in effect"); CCIR items are not constraints. Each span counts once.
import { classifyConstraint } from './classify-constraint.ts';
import type { DateTimeContext } from './find-date-time-groups.ts';
import type { Stretch } from './find-main-paragraphs.ts';
import { findTimes } from './find-times.ts';
import { leafItems, type ItemLabel } from './leaf-items.ts';
import type { Constraint } from './order-record.ts';
import type { OrderText } from './order-text.ts';
import { textElement } from './text-element.ts';

export interface ConstraintSource {
  stretch: Stretch;
  /** What is read there: every directive, or only prohibitions. */
  read: 'directives' | 'prohibitions';
}

const CATEGORY_OF: Partial<Record<ItemLabel, Constraint['category']>> = {
  roe: 'rules_of_engagement',
  risk: 'risk',
  fires: 'fire_control',
  time: 'time',
};
const NOT_CONSTRAINTS = new Set<ItemLabel>(['ccir', 'pir', 'ffir', 'eefi']);
const DIRECTED = new Set<Constraint['category']>(['fire_control', 'rules_of_engagement', 'risk']);

export function readConstraints(
  order: OrderText,
  sources: readonly ConstraintSource[],
  context: DateTimeContext,
): Constraint[] {
  const constraints: Constraint[] = [];
  const seen = new Set<string>();
  for (const { stretch, read } of sources) {
    for (const leaf of leafItems(order.text, stretch)) {
      const label = leaf.ownLabel ?? leaf.label;
      if (label && NOT_CONSTRAINTS.has(label)) continue;
      const element = textElement(order, leaf.item.start, leaf.item.end);
      if (!element) continue;
      const classified = classifyConstraint(element.text);
      const labelled = label ? CATEGORY_OF[label] : undefined;
      // A directive about fires, ROE or risk, or under such a label, is a requirement even without "will" or "must".
      const directed = read === 'directives' && (labelled || DIRECTED.has(classified.category));
      const kind = classified.kind ?? (directed ? 'requirement' : null);
      if (!kind || (read === 'prohibitions' && kind !== 'prohibition')) continue;
      const found = { kind, category: classified.category };
      const key = `${element.source.page}:${element.source.start}:${element.source.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      constraints.push({
        kind: found.kind,
        category: labelled && labelled !== 'time' ? labelled : found.category,
        text: element.text,
        source: element.source,
        times: findTimes(order, leaf.item.start, leaf.item.end, context),
      });
    }
  }
  return constraints;
}
