// The commander's initial intent (ATP 5-0.2-1 substep 2.14) as a draft for the commander: purpose
// from the unit's essential task (its "in order to"), key tasks from the essential and implied tasks,
// and the higher commander's end state; the commander's own end state is the commander's to state.
import type { OrderRecord } from '../orders/order-record.ts';
import { essentialTaskEntries } from './essential-tasks.ts';
import {
  line,
  MISSING,
  missing,
  orderCite,
  ruleCite,
  type Product,
  type ProductItem,
} from './mission-analysis-facts.ts';

export function initialIntent(order: OrderRecord | null, implied: ProductItem[]): Product {
  if (!order) return missing(MISSING.order);
  const essential = essentialTaskEntries(order);
  const first = essential.find((e) => e.task.purpose);
  const endState = order.execution?.commanders_intent?.end_state;
  const lines = [
    ...(first
      ? [
          line(`Purpose: ${first.task.purpose!.text}.`, [
            orderCite(`tasks_to_unit.tasks[${first.index}].purpose`, first.task.purpose!.source),
          ]),
        ]
      : [line('Purpose: the order gives this unit no task with a purpose.', [])]),
    ...(essential.length + implied.length > 0
      ? [
          line(
            'Key tasks: ' +
              [...essential.map((e) => e.task.text), ...implied.map((i) => i.text.replace(/\.$/, ''))]
                .map((t, i) => `(${i + 1}) ${t}`)
                .join(' ') +
              '.',
            [
              ...essential.map((e) => orderCite(`tasks_to_unit.tasks[${e.index}]`, e.task.source)),
              ...implied.flatMap((i) => i.cites),
              ruleCite('INTENT-KEY-TASKS'),
            ],
          ),
        ]
      : []),
    endState
      ? line(`End state: the commander's to state; the higher commander's end state is: ${endState.text}.`, [
          orderCite('execution.commanders_intent.end_state', endState.source),
        ])
      : line("End state: the commander's to state (the order gives no end state).", []),
  ];
  return { lines, items: [] };
}
