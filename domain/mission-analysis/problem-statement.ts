// The problem statement (ATP 5-0.2-1 substep 2.11): what the unit must achieve (its essential task),
// against what (the enemy the order describes), within what (the number of the order's constraints).
import type { OrderRecord } from '../orders/order-record.ts';
import { essentialTaskEntries } from './essential-tasks.ts';
import { line, MISSING, missing, orderCite, type Product } from './mission-analysis-facts.ts';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function problemStatement(order: OrderRecord | null, unitName: string): Product {
  if (!order) return missing(MISSING.order);
  const [first] = essentialTaskEntries(order);
  if (!first) return missing(`The order gives ${unitName} no essential task: the problem cannot be stated from it.`);
  const enemy = order.situation?.enemy;
  const enemyText = enemy ? (enemy.composition ?? enemy.text) : null;
  const musts = order.constraints.filter((c) => c.kind === 'requirement').length;
  const cannots = order.constraints.length - musts;
  return {
    lines: [
      line(
        `How does ${unitName} ${lowerFirst(first.task.text)}` +
          (enemyText ? `, against the enemy the order describes ("${enemyText.text}")` : '') +
          `, within the order's ${musts} requirement(s) and ${cannots} prohibition(s)?`,
        [
          orderCite(`tasks_to_unit.tasks[${first.index}]`, first.task.source),
          ...(enemyText ? [orderCite('situation.enemy', enemyText.source)] : []),
        ],
      ),
    ],
    items: [],
  };
}
