// The order reader on tasks to subordinate units written as a table: columns aligned with spaces (as
// text from a PDF keeps them) with a wrapped row, and the same table with "|" and with tabs. Also key
// tasks written as bullets and a mission that opens with its time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, at, fixture, read, type Fixture } from './support/order-fixtures.ts';

const order = fixture('opord-task-table.txt');
const record = read(order, 'TF 1-66 AR');

test('space-aligned table: a unit per row, its task and purpose cells, the wrapped row joined to the row above', () => {
  const units = record.execution!.tasks_to_subordinate_units;
  const tasks = (u: (typeof units)[number]) => u.tasks.map((t) => [t.text, t.task?.id, t.purpose?.text]);
  assert.equal(
    units.map((u) => [u.unit.text, u.from_table, u.text, tasks(u)]),
    [
      [
        'TF 1-66 AR',
        true,
        null,
        [['Defend BP 3 (32UNB5000003000) NLT 281000Z NOV 26', 'defend', 'Retain the ' + 'Fulda bridges for 1 AD']],
      ],
      ['1-41 IN', true, null, [['Block ROUTE BIRCH at CP 9', 'block', 'Prevent a bypass of BP 3']]],
      [
        '4-27 FA',
        true,
        null,
        [['Suppress enemy air defence on call', 'suppress', 'Allow attack aviation into EA ' + 'HAMMER']],
      ],
    ],
  );
  const mine = record.tasks_to_unit!;
  assertElement(order, mine.unit, 'TF 1-66 AR');
  const [defend] = mine.tasks;
  // The wrapped cell continues on the next line: two pieces, each the cell's own text.
  assert.equal(defend!.source, {
    ...at(order, 'Defend BP 3 (32UNB5000003000)'),
    continues: [{ page: 1, ...span('NLT 281000Z NOV 26') }],
  });
  assert.equal(defend!.purpose!.source, {
    ...at(order, 'Retain the Fulda bridges', 1, 2),
    continues: [{ page: 1, ...span('for 1 AD') }],
  });
  assert.equal(
    defend!.times.map((t) => [t.text, t.dtg!.iso]),
    [['NLT 281000Z NOV 26', '2026-11-28T10:00:00Z']],
  );
  assertElement(order, units[1]!.tasks[0]!.purpose, 'Prevent a bypass of BP 3');
});

function span(quote: string): { start: number; end: number } {
  const { start, end } = at(order, quote);
  return { start, end };
}

test('mission opening with its time; key tasks as bullets; constraints from numbered instructions', () => {
  const mission = record.mission!;
  assertElement(order, mission.when, 'NLT 281200Z NOV 26');
  assertElement(order, mission.who, '2 BCT');
  assert.equal([mission.task!.id, mission.task!.kind], ['defend', 'type_of_operation']);
  assertElement(order, mission.where, 'along PL BLUE');
  assertElement(order, mission.purpose, 'retain the Fulda crossings');
  assert.equal(
    record.execution!.commanders_intent!.key_tasks.map((t) => t.text),
    ['Retain the Fulda bridges', 'Destroy enemy forces in EA HAMMER'],
  );
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text, c.times.map((t) => t.dtg?.iso)]),
    [
      ['requirement', 'fire_control', 'Priority of fires: TF 1-66 AR', []],
      ['requirement', 'fire_control', 'Weapons hold until 281000Z', ['2026-11-28T10:00:00Z']],
      ['requirement', 'movement', 'Report crossing PL BLUE', []],
    ],
  );
  assert.equal(
    record.execution!.rules_of_engagement.map((r) => r.text),
    ['Weapons hold until 281000Z'],
  );
  assert.equal(
    record.features.find((f) => f.name === 'BP 3')!.positions.map((p) => p.reference),
    ['32UNB5000003000'],
  );
  assert.ok(assertAllSourced(order, record) > 40);
});

const tableOrder = (table: string): Fixture => ({
  pages: [
    {
      page: 1,
      text:
        '2. MISSION. 2 BCT defends along PL BLUE.\n3. EXECUTION.\na. Tasks to subordinate units.\n' +
        `${table}\nb. Coordinating instructions. None.\n`,
    },
  ],
});

test('the same tasks in a "|" table (with a rule row) and in a tab-separated table', () => {
  const piped = tableOrder(
    [
      '| Unit | Task | Purpose |',
      '|------|------|---------|',
      '| TF 1-66 AR | Defend BP 3 NLT 281000Z NOV 26 | Retain the Fulda bridges |',
      '| 1-41 IN | Block ROUTE BIRCH | Prevent a bypass of BP 3 |',
    ].join('\n'),
  );
  const tabbed = tableOrder(
    [
      'Unit\tTask\tPurpose',
      'TF 1-66 AR\tDefend BP 3 NLT 281000Z NOV 26\tRetain the ' + 'Fulda bridges',
      '1-41 IN\tBlock ROUTE BIRCH\tPrevent a bypass of BP 3',
    ].join('\n'),
  );
  for (const written of [piped, tabbed]) {
    const read1 = read(written, '1-66 AR');
    const units = read1.execution!.tasks_to_subordinate_units;
    assert.equal(
      units.map((u) => [u.unit.text, u.tasks.map((t) => [t.text, t.task?.id, t.purpose?.text])]),
      [
        ['TF 1-66 AR', [['Defend BP 3 NLT 281000Z NOV 26', 'defend', 'Retain the Fulda bridges']]],
        ['1-41 IN', [['Block ROUTE BIRCH', 'block', 'Prevent a bypass of BP 3']]],
      ],
    );
    assert.equal(read1.tasks_to_unit!.matched_by, '1-66 AR');
    assert.equal(read1.tasks_to_unit!.tasks[0]!.source, at(written, 'Defend BP 3 NLT 281000Z NOV 26'));
    assert.equal(read1.tasks_to_unit!.tasks[0]!.times[0]!.dtg!.iso, '2026-11-28T10:00:00Z');
    assertAllSourced(written, read1);
  }
});

test.run();
