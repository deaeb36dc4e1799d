// Which of the orders read from the operation's documents is the higher headquarters' order that
// mission analysis starts from: the first (newest document first) recognised order that gives this
// unit tasks; else the first with a mission; else the first recognised order; else none.
import type { OrderRecord } from '../orders/order-record.ts';

export function higherOrder(orders: readonly OrderRecord[]): OrderRecord | null {
  const recognised = orders.filter((o) => o.recognised_as_order);
  return (
    recognised.find((o) => o.tasks_to_unit && o.tasks_to_unit.tasks.length > 0) ??
    recognised.find((o) => o.mission) ??
    recognised[0] ??
    null
  );
}
