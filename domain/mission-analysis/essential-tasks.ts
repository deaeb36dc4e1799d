// Essential tasks (ATP 5-0.2-1 substep 2.3: the specified and implied tasks that must be executed to
// accomplish the mission; they make the restated mission). Rule ESSENTIAL-TASK: a task the order
// gives this unit that names an FM 3-90 tactical mission task and is not a be-prepared-to task (a
// task on order is not yet given); the restated mission is built on the first with a purpose.
import type { OrderRecord, UnitTask } from '../orders/order-record.ts';
import { MISSING, missing, orderCite, ruleCite, type Product } from './mission-analysis-facts.ts';

/** The unit's essential tasks with their index among the tasks to the unit. */
export function essentialTaskEntries(order: OrderRecord | null): Array<{ task: UnitTask; index: number }> {
  const tasks = order?.tasks_to_unit?.tasks ?? [];
  return tasks.map((task, index) => ({ task, index })).filter(({ task }) => task.task !== null && !task.be_prepared);
}

export function essentialTasks(order: OrderRecord | null, unitName: string): Product {
  if (!order) return missing(MISSING.order);
  const entries = essentialTaskEntries(order);
  if (entries.length === 0) {
    return missing(`The order gives ${unitName} no task naming a tactical mission task (FM 3-90): no essential task.`);
  }
  return {
    lines: [],
    items: entries.map(({ task, index }) => ({
      kind: 'essential',
      text: task.text,
      cites: [orderCite(`tasks_to_unit.tasks[${index}]`, task.source), ruleCite('ESSENTIAL-TASK')],
    })),
  };
}
