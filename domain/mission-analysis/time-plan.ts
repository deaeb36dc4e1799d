// Time plan (ATP 5-0.2-1 substep 2.10; FM 5-0 "one-third, two-thirds rule"): the time from now to
// the operation's first time in the order (line of departure, H-hour, or the earliest time a task of
// this unit names) is the time available; this headquarters uses one-third of it to plan and issue
// its order, subordinates get two-thirds. Every time of the order is listed with its DTG as written
// and in UTC.
import type { OrderRecord, TimeElement } from '../orders/order-record.ts';
import { MISSING, missing, orderCite, ruleCite, type Product, type ProductItem } from './mission-analysis-facts.ts';

export const ONE_THIRD_RULE = 'TIME-ONE-THIRD (ATP 5-0.2-1 substep 2.10; FM 5-0)';

interface TimedElement {
  /** What happens then, as the order says it. */
  text: string;
  time: TimeElement;
  iso: string;
  ref: string;
}

/** The operation's times: the unit's tasks', the mission's and the order's time constraints (not "until"). */
const isOperationTime = (order: OrderRecord, t: TimedElement) => {
  if (t.time.qualifier?.toLowerCase() === 'until') return false;
  const constraint = /^constraints\[(\d+)\]/.exec(t.ref);
  return constraint ? order.constraints[Number(constraint[1])]!.category === 'time' : !t.ref.startsWith('execution');
};

/**
 * The order's instants, one entry each, in time order: the constraints' times (with the constraint's
 * words, e.g. "LD 270430A NOV 26"), the unit's tasks' times, the mission's time, the timeline.
 */
export function orderTimes(order: OrderRecord): TimedElement[] {
  const found = new Map<string, TimedElement>();
  const all = timedElements(order);
  for (const t of all) if (isOperationTime(order, t) && !found.has(t.iso)) found.set(t.iso, t);
  for (const t of all) if (!found.has(t.iso)) found.set(t.iso, t);
  return [...found.values()].sort((a, b) => a.iso.localeCompare(b.iso));
}

/** Every time of the order with an instant, in the order orderTimes prefers them. */
function timedElements(order: OrderRecord): TimedElement[] {
  const found: TimedElement[] = [];
  const add = (text: string, time: TimeElement | null | undefined, ref: string) => {
    if (time?.dtg?.iso) found.push({ text, time, iso: time.dtg.iso, ref });
  };
  const byTime = [...order.constraints.entries()].sort(
    ([, a], [, b]) => Number(b.category === 'time') - Number(a.category === 'time'),
  );
  for (const [i, c] of byTime) c.times.forEach((t, j) => add(c.text, t, `constraints[${i}].times[${j}]`));
  order.tasks_to_unit?.tasks.forEach((task, i) =>
    task.times.forEach((t, j) => add(task.text, t, `tasks_to_unit.tasks[${i}].times[${j}]`)),
  );
  add(order.mission?.statement.text ?? '', order.mission?.when, 'mission.when');
  order.execution?.timeline.forEach((t, i) => add(t.text, t, `execution.timeline[${i}]`));
  return found;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export function hoursAndMinutes(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * The time available and its one-third point, or null when the order has no future time: from now to
 * the operation's first future time (else the order's first future time of any kind).
 */
export function timeSplit(order: OrderRecord, now: string) {
  const start = Date.parse(now);
  const future = timedElements(order)
    .filter((t) => Date.parse(t.iso) > start)
    .sort((a, b) => a.iso.localeCompare(b.iso));
  const first = future.find((t) => isOperationTime(order, t)) ?? future[0];
  if (!first) return null;
  const available = Date.parse(first.iso) - start;
  return { first, available, oneThird: iso(start + available / 3), now: iso(start) };
}

export function timePlan(order: OrderRecord | null, now: string): Product {
  if (!order) return missing(MISSING.order);
  const times = orderTimes(order);
  if (times.length === 0) return missing('The order states no time with a date-time group: the time plan needs one.');
  const split = timeSplit(order, now);
  const listed: ProductItem[] = times.map((t) => ({
    text: t.text,
    fields: { at: t.iso },
    cites: [orderCite(t.ref, t.time.source)],
  }));
  if (!split) {
    return {
      lines: [{ text: `Every time the order states is past (now ${iso(Date.parse(now))}).`, cites: [] }],
      items: listed,
    };
  }
  const rule = ruleCite(ONE_THIRD_RULE);
  const received = order.heading.date_time_group;
  return {
    lines: [
      {
        text:
          `Time available from now (${split.now}) to the operation's first time, ${split.first.time.text} ` +
          `(${split.first.iso}, "${split.first.text}"): ` +
          `${hoursAndMinutes(split.available)}; one-third (${hoursAndMinutes(split.available / 3)}) for this ` +
          `headquarters to plan and issue its order, two-thirds (${hoursAndMinutes((split.available * 2) / 3)}) ` +
          'for subordinates.',
        cites: [orderCite(split.first.ref, split.first.time.source), rule],
      },
    ],
    items: [
      ...(received?.iso
        ? [
            {
              text: `Higher headquarters' order dated ${received.text}`,
              fields: { at: received.iso },
              cites: [orderCite('heading.date_time_group', received.source)],
            },
          ]
        : []),
      { text: 'Mission analysis starts (now)', fields: { at: split.now }, cites: [rule] },
      {
        text: 'Order to subordinates issued (one-third of the time available)',
        fields: { at: split.oneThird },
        cites: [rule],
      },
      ...listed,
    ].sort((a, b) => String(a.fields?.at).localeCompare(String(b.fields?.at))),
  };
}
