// The order reader on a two-page OPORD with page headers and footers (classification, "Page 1 of 2"),
// a task that runs over the page break, DTGs without month and year, and an annex after paragraph 5
// whose paragraph 1 is not the order's and whose control measures (MGRS, degrees-minutes-seconds and
// compact latitude/longitude) place the order's features.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, at, fixture, read } from './support/order-fixtures.ts';

const order = fixture('opord-two-pages-annex.txt');
const record = read(order, 'A Co, TF 1-66 AR', ['A Co', 'A/1-66 AR']);

test('two pages, one order: the heading on page 1, paragraph 5 on page 2, the annex apart', () => {
  assert.equal(order.pages.length, 2);
  assertElement(order, record.heading.title, 'OPORD 05-26 (BLUE RIVER)');
  assertElement(order, record.heading.issuing_headquarters, 'HQ, 1st Battalion, 66th Armor Regiment');
  assert.equal(
    record.heading.task_organization!.lines.map((l) => l.text),
    ['A Co: 1/A, 2/A, 3/A', 'B Co: 1/B, ' + '2/B, 1/C'],
  );
  assertElement(order, record.command_and_signal!.text, 'TF main CP at CP 4', 'TF main CP at CP 4', 2);
  assertElement(order, record.sustainment!.text, 'See Annex F', 'See Annex F', 2);
  assert.is(record.annexes.length, 1);
  assert.equal([record.annexes[0]!.designation, record.annexes[0]!.title], ['C', 'OPERATIONS OVERLAY']);
  assertElement(
    order,
    record.annexes[0]!.heading,
    'ANNEX C (OPERATIONS OVERLAY) TO OPORD 05-26 (BLUE ' + 'RIVER)',
    undefined,
    2,
  );
});

test('the mission: a DTG without month or year is placed by the reference date', () => {
  const mission = record.mission!;
  assertElement(order, mission.who, 'TF 1-66 AR');
  assertElement(order, mission.when, 'at 280600A');
  assert.equal(mission.when!.dtg!.iso, '2026-11-28T05:00:00Z');
  assert.equal([mission.when!.dtg!.month_from_reference, mission.when!.dtg!.year_from_reference], [true, true]);
  assertElement(order, mission.where, 'OBJ IRON', 'OBJ IRON', 1, 2);
  assertElement(order, mission.purpose, 'protect the northern flank of 2 BCT');
});

test(
  "this unit's tasks, found by its designation; the task over the page break keeps both pieces and leaves " +
    'the footer out',
  () => {
    const mine = record.tasks_to_unit!;
    assert.equal([mine.unit.text, mine.matched_by], ['A Co', 'A Co']);
    assert.equal(
      mine.tasks.map((t) => t.text),
      ['Seize OBJ IRON NLT 280800A', 'Clear the woods north of OBJ IRON IOT deny the enemy observation of ROUTE BIRCH'],
    );
    const clear = mine.tasks[1]!;
    assert.equal(clear.source, {
      ...at(order, 'Clear the woods north of'),
      continues: [{ page: 2, start: 13, end: 67 }],
    });
    assert.is(order.pages[1]!.text.slice(13, 67), 'OBJ IRON IOT deny the enemy observation of ROUTE BIRCH');
    assert.is(clear.task!.id, 'clear');
    assertElement(order, clear.purpose, 'deny the enemy observation of ROUTE BIRCH', undefined, 2);
    assert.equal(
      mine.tasks[0]!.times.map((t) => t.dtg!.iso),
      ['2026-11-28T07:00:00Z'],
    );
  },
);

test('coordinating instructions on page 2: the LD time and a movement prohibition', () => {
  assert.equal(
    record.execution!.timeline.map((t) => [t.text, t.dtg!.iso]),
    [
      ['280600A', '2026-11-28T05:00:00Z'],
      ['before 280500A', '2026-11-28T04:00:00Z'],
    ],
  );
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text]),
    [['prohibition', 'movement', 'No movement on the B 27 before 280500A']],
  );
  assertElement(order, record.constraints[0], 'No movement on the B 27 before 280500A', undefined, 2);
});

test("features: the annex's grids and coordinates belong to the names the order uses", () => {
  assert.equal(
    record.features.map((f) => [f.kind, f.name, f.positions.map((p) => [p.system, p.lon_lat])]),
    [
      ['objective', 'OBJ IRON', [['mgrs', [9.847704444867777, 50.59381833182384]]]],
      ['objective', 'OBJ STEEL', []],
      ['route', 'ROUTE BIRCH', []],
      ['support_by_fire_position', 'SBF 1', [['lat_lon', [9 + 46 / 60, 50 + 34 / 60]]]],
      ['line_of_departure', 'LD', []],
      ['checkpoint', 'CP 4', [['lat_lon', [9 + 45 / 60 + 19 / 3600, 50 + 33 / 60 + 37 / 3600]]]],
      [
        'phase_line',
        'PL GOLD',
        [
          ['mgrs', [9.818671377239092, 50.54905929015367]],
          ['mgrs', [9.81991972465547, 50.62099707520194]],
        ],
      ],
    ],
  );
  // The centres of the 1 m squares: GDAL (gdaltransform EPSG:4326 → EPSG:32632) gives 558000.5 E, 5600000.5 N
  // and 558000.5 E, 5608000.5 N for PL GOLD's points, i.e. 32U NB 58000 00000 and 32U NB 58000 08000.
  const cp4 = record.features.find((f) => f.name === 'CP 4')!;
  assert.equal(cp4.positions[0]!.source, at(order, `50°33'37"N 9°45'19"E`, 2));
  assert.equal(
    cp4.mentions.map((m) => m.page),
    [2, 2],
  );
  assert.ok(assertAllSourced(order, record) > 40);
});

test.run();
