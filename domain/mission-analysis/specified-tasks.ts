// Specified tasks (ATP 5-0.2-1 substep 2.3): the tasks the higher headquarters' order gives this
// unit, verbatim, from paragraph 3 (tasks to subordinate units) or the mission when the order is
// addressed to the unit; prohibitions in the unit's paragraph are constraints (mission-constraints.ts).
import type { OrderRecord } from '../orders/order-record.ts';
import { MISSING, missing, orderCite, type Product } from './mission-analysis-facts.ts';

export function specifiedTasks(order: OrderRecord | null, unitName: string): Product {
  if (!order) return missing(MISSING.order);
  const tasks = order.tasks_to_unit?.tasks ?? [];
  if (tasks.length === 0) {
    return missing(
      `The order names no task for ${unitName} (paragraph 3, tasks to subordinate units, or the mission).`,
    );
  }
  return {
    lines: [],
    items: tasks.map((task, i) => ({
      kind: 'specified',
      text: task.text,
      cites: [orderCite(`tasks_to_unit.tasks[${i}]`, task.source)],
    })),
  };
}
