// The order reader on a FRAGORD: the base order it changes, labelled headquarters and DTG, paragraphs
// that say "No change" (listed as unchanged, not as missing), a changed task to this unit, a restricted
// fire area with its grid, and times in ZULU.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, fixture, read } from './support/order-fixtures.ts';

const order = fixture('fragord-04.txt');
const record = read(order, 'TF 1-66 AR');

test('heading: FRAGORD 04 to OPORD 03-26, labelled headquarters and DTG, references, zone ZULU', () => {
  const { heading } = record;
  assert.is(heading.order_type, 'FRAGORD');
  assertElement(order, heading.number, '04');
  assertElement(order, heading.base_order, 'OPERATION ORDER 03-26 (IRON GATE)');
  assert.is(heading.name, null);
  assertElement(order, heading.issuing_headquarters, '2 BCT, 1 AD');
  assertElement(order, heading.date_time_group, '261500Z NOV 26');
  assert.is(heading.date_time_group!.iso, '2026-11-26T15:00:00Z');
  assertElement(order, heading.references[0], 'OPORD 03-26 (IRON GATE)', 'OPORD 03-26 (IRON GATE)', 1, 1);
  assert.equal([heading.time_zone!.letter, heading.time_zone!.utc_offset_hours], ['Z', 0]);
});

test('"No change" paragraphs are unchanged, not missing; the unit without change gets no tasks', () => {
  assert.equal(record.unchanged, ['situation', 'mission', 'sustainment', 'command_and_signal']);
  assertElement(order, record.situation!.text, 'No change', 'No change', 1, 1);
  const other = record.execution!.tasks_to_subordinate_units[1]!;
  assertElement(order, other.unit, '1-41 IN');
  assert.equal(other.tasks, []);
});

test('the changed tasks to this unit: seize NLT the new time, block at a checkpoint with its grid', () => {
  const mine = record.tasks_to_unit!;
  assertElement(order, mine.unit, 'TF 1-66 AR');
  assert.equal(
    mine.tasks.map((t) => [t.task?.id, t.times.map((time) => [time.qualifier, time.dtg?.iso])]),
    [
      [
        'seize',
        [
          ['NLT', '2026-11-27T06:00:00Z'],
          [null, '2026-11-27T05:00:00Z'],
        ],
      ],
      ['block', []],
    ],
  );
  assertElement(order, mine.tasks[1]!.purpose, 'prevent the enemy reserve from reaching OBJ STEEL');
  assert.equal(
    record.features.map((f) => [f.kind, f.name, f.positions.map((p) => p.reference)]),
    [
      ['objective', 'OBJ STEEL', []],
      ['route', 'ROUTE BIRCH', []],
      ['checkpoint', 'CP 7', ['32UNB5600002500']],
      ['restricted_fire_area', 'RFA KUENZELL', ['32UNB5100000000']],
      ['phase_line', 'PL RED', []],
    ],
  );
});

test('coordinating instructions: the RFA a fire-control requirement, firing into it unapproved a prohibition', () => {
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text, c.times.map((t) => t.dtg?.iso)]),
    [
      [
        'requirement',
        'fire_control',
        'Add: RFA KUENZELL (32UNB5100000000) in effect from 270400Z NOV ' + '26',
        ['2026-11-27T04:00:00Z'],
      ],
      ['prohibition', 'fire_control', 'no fires into the RFA without clearance from 2 BCT', []],
      ['requirement', 'movement', 'PL RED crossing time changed to NLT 270530Z NOV 26', ['2026-11-27T05:30:00Z']],
    ],
  );
  assertElement(order, record.constraints[1], 'no fires into the RFA without clearance from 2 BCT');
  assert.ok(assertAllSourced(order, record) > 20);
  assert.equal(record.not_found, [
    'heading.task_organization',
    'execution.commanders_intent',
    'execution.concept_of_operations',
    'execution.information_requirements',
    'execution.risk_measures',
    'execution.rules_of_engagement',
  ]);
});

test.run();
