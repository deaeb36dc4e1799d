// The order reader on an order that is only a mission statement (and one more sentence), in the German
// area: "TF 1-66 AR seizes OBJ STEEL (32UNB5350001200) NLT 270500Z NOV 26 ... No fires on Künzell."
// The statement is the unit's own task; the sentence after it is a constraint; the rest is not found.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, at, fixture, read } from './support/order-fixtures.ts';

const order = fixture('mission-only.txt');
const record = read(order, 'Task Force 1-66 Armor', ['TF 1-66 AR']);

test('the statement: who, seize, when in UTC, where with its grid, why', () => {
  const mission = record.mission!;
  assertElement(
    order,
    mission.statement,
    'TF 1-66 AR seizes OBJ STEEL (32UNB5350001200) NLT 270500Z NOV 26 in order to prevent the 12th MIB from ' +
      'reinforcing Fulda',
  );
  assertElement(order, mission.who, 'TF 1-66 AR');
  assert.equal([mission.task!.id, mission.task!.verb.text], ['seize', 'seizes']);
  assertElement(order, mission.when, 'NLT 270500Z NOV 26');
  assert.equal(mission.when!.dtg, {
    text: '270500Z NOV 26',
    source: at(order, '270500Z NOV 26'),
    iso: '2026-11-27T05:00:00Z',
    zone_letter: 'Z',
    month_from_reference: false,
    year_from_reference: false,
    unresolved: null,
  });
  assertElement(order, mission.where, 'OBJ STEEL (32UNB5350001200)');
  assertElement(order, mission.purpose, 'prevent the 12th MIB from reinforcing Fulda');
});

test("the mission is this unit's task when its who is the unit; the next sentence is a prohibition on fires", () => {
  const mine = record.tasks_to_unit!;
  assert.equal([mine.found_in, mine.matched_by], ['mission', 'Task Force 1-66 Armor']);
  assert.equal(
    mine.tasks.map((t) => [t.text, t.task?.id, t.purpose?.text, t.times.map((time) => time.dtg?.iso)]),
    [
      [
        'TF 1-66 AR seizes OBJ STEEL (32UNB5350001200) NLT 270500Z NOV 26 in order to prevent the 12th MIB from ' +
          'reinforcing Fulda',
        'seize',
        'prevent the 12th MIB from reinforcing Fulda',
        ['2026-11-27T05:00:00Z'],
      ],
    ],
  );
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text]),
    [['prohibition', 'fire_control', 'No fires on Künzell']],
  );
  assertElement(order, record.constraints[0], 'No fires on Künzell');
  assert.equal(
    record.features.map((f) => [f.name, f.positions.map((p) => p.lon_lat)]),
    [['OBJ STEEL', [[9.755332869551593, 50.56027935312817]]]],
  );
});

test('another unit: the mission is not its task; nothing is invented for the paragraphs the order lacks', () => {
  const other = read(order, '1-41 IN');
  assert.is(other.tasks_to_unit, null);
  assert.equal(other.not_found, [
    'heading.order_type',
    'heading.title',
    'heading.number',
    'heading.issuing_headquarters',
    'heading.date_time_group',
    'heading.time_zone',
    'heading.references',
    'heading.task_organization',
    'situation',
    'execution',
    'tasks_to_unit',
    'sustainment',
    'command_and_signal',
  ]);
  assert.ok(assertAllSourced(order, record) > 10);
});

test.run();
