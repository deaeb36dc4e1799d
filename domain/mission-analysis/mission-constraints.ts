// Constraints (ATP 5-0.2-1 substep 2.5): what the higher headquarters' order requires (must do) and
// prohibits (cannot do), as the order reader classified them from the coordinating instructions, the
// concept and the unit's own paragraph, each with its times (ISO-8601 UTC) and the control measures of
// the order it names (with their grids).
import type { Constraint, OrderRecord } from '../orders/order-record.ts';
import { MISSING, missing, orderCite, type Product } from './mission-analysis-facts.ts';

/** The order's named control measures a constraint mentions, with their grids as written. */
function placesIn(order: OrderRecord, text: string): string[] {
  return order.features
    .filter((f) => f.name && text.includes(f.name))
    .map((f) => (f.positions.length > 0 ? `${f.name} ${f.positions.map((p) => p.reference).join('–')}` : f.name!));
}

export function constraintText(order: OrderRecord, constraint: Constraint): string {
  const times = constraint.times.flatMap((t) => (t.dtg?.iso ? [`${t.text} = ${t.dtg.iso}`] : []));
  const places = placesIn(order, constraint.text).filter((p) => !constraint.text.includes(p));
  const notes = [...times, ...places.map((p) => `at ${p}`)];
  return notes.length > 0 ? `${constraint.text} (${notes.join('; ')})` : constraint.text;
}

export function missionConstraints(order: OrderRecord | null): Product {
  if (!order) return missing(MISSING.order);
  if (order.constraints.length === 0) return missing('The order states no requirement or prohibition.');
  return {
    lines: [],
    items: order.constraints.map((c, i) => ({
      kind: c.kind,
      text: constraintText(order, c),
      cites: [orderCite(`constraints[${i}]`, c.source)],
    })),
  };
}
