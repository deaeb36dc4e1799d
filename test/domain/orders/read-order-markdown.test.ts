// The order reader on an OPORD written in Markdown ("# " before the title, "## " before the paragraphs,
// "**" around heading lines), addressed to a battalion spelled three ways: the operation's unit "2nd
// Battalion, 64th Armor" is "TF 2-64" in the tasks, and neither "TF 1-64" nor its own company "A/2-64 AR".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, fixture, read } from './support/order-fixtures.ts';

const order = fixture('opord-markdown.md');
const record = read(order, '2nd Battalion, 64th Armor');

test('heading: the title after "# " gives type, number and name; the headquarters without its "**"', () => {
  const { heading } = record;
  assert.is(heading.order_type, 'OPORD');
  assertElement(order, heading.number, '09-26');
  assertElement(order, heading.name, 'COPPER KETTLE');
  assertElement(order, heading.issuing_headquarters, 'HQ, 3rd Brigade Combat Team, 4th Infantry Division');
  assert.is(heading.date_time_group!.iso, '2026-11-28T14:00:00Z');
  assert.is(record.recognised_as_order, true);
});

test("the paragraphs under Markdown headings; the unit's tasks found by its designation", () => {
  assertElement(
    order,
    record.mission!.statement,
    '2nd Battalion, 64th Armor attacks NLT 300500Z NOV 26 to seize OBJ COPPER in order to open ROUTE ASH for the brigade',
  );
  assert.is(record.mission!.task!.id, 'seize');
  assert.is(record.mission!.when!.dtg!.iso, '2026-11-30T05:00:00Z');
  const mine = record.tasks_to_unit!;
  assert.is(mine.found_in, 'tasks_to_subordinate_units');
  assertElement(order, mine.unit, 'TF 2-64');
  assert.is(mine.matched_by, '2nd Battalion, 64th Armor');
  assert.equal(
    mine.tasks.map((t) => [t.task?.id, t.times.map((time) => time.dtg?.iso)]),
    [['seize', ['2026-11-30T05:00:00Z']]],
  );
  assert.equal(
    record.constraints.map((c) => [c.kind, c.text]),
    [['prohibition', 'Do not fire into the village of Kerzell']],
  );
  assert.equal(
    record.features.map((f) => [f.kind, f.name, f.positions.map((p) => p.reference)]),
    [
      ['objective', 'OBJ COPPER', ['32UNB 6100 0300']],
      ['route', 'ROUTE ASH', []],
      ['phase_line', 'PL ZINC', []],
      ['support_by_fire_position', 'SBF 4', ['32UNB 6000 0250']],
    ],
  );
  assertAllSourced(order, record);
});

test('a company of the battalion, or another battalion, is not the unit', () => {
  assertElement(order, read(order, 'A Co, 2-64 AR').tasks_to_unit!.unit, 'A/2-64 AR');
  assertElement(order, read(order, '1st Battalion, 64th Armor').tasks_to_unit!.unit, 'TF 1-64');
  assert.is(read(order, '3-64 AR').tasks_to_unit, null);
});

test.run();
