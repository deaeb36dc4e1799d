// The time plan: from now to the operation's first time, one-third for this headquarters; every
// time of the order in UTC, once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hoursAndMinutes, timePlan } from '../../../domain/mission-analysis/time-plan.ts';
import { fixture, read } from '../orders/support/order-fixtures.ts';
import { ironGate, NOW } from './support/mission-analysis-fixtures.ts';

test('24 hours to the LD: the order to subordinates 8 hours from now', () => {
  const product = timePlan(ironGate(), NOW);
  assert.equal(
    product.lines.map((l) => l.text),
    [
      "Time available from now (2026-11-26T03:30:00Z) to the operation's first time, 270430A NOV 26 " +
        '(2026-11-27T03:30:00Z, "LD 270430A NOV 26"): 24 h 00 min; one-third (8 h 00 min) for this headquarters ' +
        'to plan and issue its order, two-thirds (16 h 00 min) for subordinates.',
    ],
  );
  assert.equal(
    product.items.map((i) => [i.fields!.at, i.text]),
    [
      ['2026-11-25T17:00:00Z', "Higher headquarters' order dated 251800A NOV 26"],
      ['2026-11-26T03:30:00Z', 'Mission analysis starts (now)'],
      ['2026-11-26T11:30:00Z', 'Order to subordinates issued (one-third of the time available)'],
      ['2026-11-27T03:30:00Z', 'LD 270430A NOV 26'],
      ['2026-11-27T04:00:00Z', 'OBJ STEEL seized NLT 270500A NOV 26'],
    ],
  );
  assert.equal(
    product.lines[0]!.cites.map((c) => c.kind),
    ['order', 'rule'],
  );
});

test('the unit’s own task time wins over a restraint ("until") at the same instant', () => {
  const table = read(fixture('opord-task-table.txt'), 'TF 1-66 AR');
  const product = timePlan(table, NOW);
  assert.match(product.lines[0]!.text, /first time, NLT 281000Z NOV 26 \(2026-11-28T10:00:00Z, "Defend BP 3/);
  assert.match(product.lines[0]!.text, /: 54 h 30 min; one-third \(18 h 10 min\)/);
});

test('every time past, no time, no order: one line each', () => {
  const late = timePlan(ironGate(), '2026-12-01T00:00:00Z');
  assert.equal(
    late.lines.map((l) => l.text),
    ['Every time the order states is past (now 2026-12-01T00:00:00Z).'],
  );
  assert.is(timePlan(null, NOW).lines.length, 1);
  assert.is(hoursAndMinutes(90 * 60_000 + 20_000), '1 h 30 min');
});

test.run();
