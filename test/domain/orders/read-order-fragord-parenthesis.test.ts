// The order reader on a FRAGORD in another hand: a SECRET//REL marking, "1)" and "a)" numbering, title
// case headings without full stops, tasks to subordinate units as "unit: tasks" lines, coordinating
// instructions numbered "1.", paragraphs 4 and 5 "no change", the time zone written "Alpha". The unit is
// "TF 1-8" while the order says "1st Battalion, 8th Infantry" and "1-8 IN".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, fixture, read } from './support/order-fixtures.ts';

const order = fixture('fragord-parenthesis.txt');
const record = read(order, 'TF 1-8', [], '2026-11-28T12:00:00Z');

test('heading: FRAGORD 2 to OPORD 12-26, headquarters, DTG in Alpha, after the marking', () => {
  const { heading } = record;
  assert.is(heading.order_type, 'FRAGORD');
  const title = order.pages[0]!.text.indexOf('FRAGMENTARY ORDER NO. 2');
  assert.equal([heading.number!.text, heading.number!.source.start], ['2', title + 'FRAGMENTARY ORDER NO. '.length]);
  assertElement(order, heading.base_order, 'OPORD 12-26 (COLD STEEL)');
  assertElement(order, heading.issuing_headquarters, 'HQ 3rd BCT, 4th ID');
  assert.is(heading.date_time_group!.iso, '2026-11-29T08:00:00Z');
  assert.equal([heading.time_zone!.letter, heading.time_zone!.utc_offset_hours], ['A', 1]);
  assert.equal(record.unchanged, ['sustainment', 'command_and_signal']);
});

test('mission and enemy COAs: who, what, when, where, why', () => {
  const mission = record.mission!;
  assertElement(order, mission.who, '1st Battalion, 8th Infantry');
  assert.is(mission.task!.id, 'seize');
  assertElement(order, mission.when, 'NLT 301200A NOV 26', 'NLT 301200A NOV 26', 1, 1);
  assert.is(mission.when!.dtg!.iso, '2026-11-30T11:00:00Z');
  assertElement(order, mission.where, 'OBJ FALCON', 'OBJ FALCON', 1, 2);
  assertElement(order, mission.purpose, "secure the brigade's eastern flank");
  assertElement(order, record.situation!.enemy!.most_likely_coa, 'defend in place');
  assertElement(order, record.situation!.enemy!.most_dangerous_coa, 'counterattack from the east along AXIS VIPER');
});

test("every task (the unit's by its designation), constraint, time and objective", () => {
  assert.equal(
    record.execution!.tasks_to_subordinate_units.map((s) => [
      s.unit.text,
      s.tasks.map((t) => [t.task?.id, t.times.map((time) => time.dtg?.iso)]),
    ]),
    [
      [
        '1-8 IN',
        [
          ['seize', ['2026-11-30T11:00:00Z']],
          ['block', ['2026-11-30T17:00:00Z']],
        ],
      ],
      ['2-8 IN', [['support_by_fire', []]]],
    ],
  );
  const mine = record.tasks_to_unit!;
  assertElement(order, mine.unit, '1-8 IN');
  assert.is(mine.matched_by, 'TF 1-8');
  assertElement(order, mine.tasks[1], 'Establish a blocking position at BP 12 NLT 301800A NOV 26');
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text]),
    [
      ['prohibition', 'fire_control', 'No artillery fires into Rasdorf'],
      ['requirement', 'movement', 'Units must report crossing PL OPAL'],
      ['requirement', 'risk', 'Minimum risk route: ROUTE COPPER'],
    ],
  );
  assert.equal(
    record.execution!.information_requirements.map((i) => [i.kind, i.text]),
    [['pir', 'PIR: Where will the enemy counterattack come from?']],
  );
  assert.equal(
    record.features.map((f) => [f.kind, f.name, f.positions.map((p) => p.reference)]),
    [
      ['objective', 'OBJ FALCON', ['32U NB 61200 07400']],
      ['axis', 'AXIS VIPER', []],
      ['battle_position', 'BP 12', []],
      ['support_by_fire_position', 'SBF 3', ['32U NB 60000 07000']],
      ['phase_line', 'PL OPAL', []],
      ['route', 'ROUTE COPPER', []],
    ],
  );
  assertAllSourced(order, record);
});

test.run();
