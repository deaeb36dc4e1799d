// Specified tasks: the order's tasks to this unit, verbatim, each citing exactly where it was read;
// on orders in four styles (full OPORD, a task table, two pages with an annex, paragraphs run together).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specifiedTasks } from '../../../domain/mission-analysis/specified-tasks.ts';
import { MISSING } from '../../../domain/mission-analysis/mission-analysis-facts.ts';
import { at, fixture, read } from '../orders/support/order-fixtures.ts';
import { IRON_GATE, ironGate } from './support/mission-analysis-fixtures.ts';

test('full OPORD: the two tasks to TF 1-66 AR verbatim, with their exact spans; its prohibition is not a task', () => {
  const product = specifiedTasks(ironGate(), 'Task Force 1-66 Armor');
  const seize =
    'Seize OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 in order to prevent the 12th MIB from reinforcing Fulda';
  const bpt = 'Be prepared to continue the attack to PL BLUE';
  assert.equal(product.lines, []);
  assert.equal(
    product.items.map((i) => [i.kind, i.text]),
    [
      ['specified', seize],
      ['specified', bpt],
    ],
  );
  const source = at(IRON_GATE, seize);
  assert.equal(product.items[0]!.cites, [
    {
      kind: 'order',
      ref: 'tasks_to_unit.tasks[0]',
      document_id: source.document_id,
      page: 1,
      start: source.start,
      end: source.end,
    },
  ]);
  assert.is(product.items[1]!.cites[0]!.start, at(IRON_GATE, bpt).start);
});

test('other styles: a task table, two pages with an annex, paragraphs run together', () => {
  const cases: Array<[string, string, string[], string[]]> = [
    ['opord-task-table.txt', 'TF 1-66 AR', [], ['Defend BP 3 (32UNB5000003000) NLT 281000Z NOV 26']],
    [
      'opord-two-pages-annex.txt',
      'A Co, TF 1-66 AR',
      ['A Co', 'A/1-66 AR'],
      ['Seize OBJ IRON NLT 280800A', 'Clear the woods north of OBJ IRON IOT deny the enemy observation of ROUTE BIRCH'],
    ],
    [
      'run-together.txt',
      'B Co, 2-7 IN',
      ['B Co', 'B/2-7 IN'],
      ['Clear OBJ OWL NLT 290500Z NOV 26 IOT deny the enemy observation of PL BLUE', 'BPT pass C Co forward'],
    ],
  ];
  for (const [name, unit, designations, tasks] of cases) {
    const product = specifiedTasks(read(fixture(name), unit, designations), unit);
    assert.equal(
      product.items.map((i) => i.text),
      tasks,
      name,
    );
    assert.ok(product.items.every((i) => i.cites[0]!.kind === 'order' && i.kind === 'specified'));
  }
});

test('missing inputs: no order, or an order with no task for the unit, is one line', () => {
  assert.equal(specifiedTasks(null, 'X'), { lines: [{ text: MISSING.order, cites: [] }], items: [] });
  const other = specifiedTasks(read(IRON_GATE, '3-69 AR'), '3-69 AR');
  assert.equal(other.items, []);
  assert.equal(
    other.lines.map((l) => l.text),
    ['The order names no task for 3-69 AR (paragraph 3, tasks to subordinate units, or the mission).'],
  );
});

test.run();
