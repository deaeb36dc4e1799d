// The order reader on a WARNO written in lower case, numbered without dots ("1 situation", "a area of
// operations"), DTGs without a zone letter (the order's zone ALPHA applies) and one without month or
// year (the reference date places it), the enemy paragraph as prose.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, fixture, read } from './support/order-fixtures.ts';

const order = fixture('warno-lower-case.txt');
const record = read(order, 'TF 1-66 AR');

test('heading: a WARNO to an OPORD, its headquarters and DTG (zone from the order), time zone', () => {
  const { heading } = record;
  assert.is(heading.order_type, 'WARNO');
  assertElement(order, heading.title, 'warning order 2 to opord 03-26 (iron gate)');
  assertElement(order, heading.number, '2');
  assertElement(order, heading.base_order, 'opord 03-26 (iron gate)');
  assertElement(order, heading.issuing_headquarters, '2nd brigade combat team, 1st armored division');
  assertElement(order, heading.date_time_group, '251400 nov 26');
  assert.equal([heading.date_time_group!.zone_letter, heading.date_time_group!.iso], ['A', '2026-11-25T13:00:00Z']);
  assert.equal([heading.time_zone!.letter, heading.time_zone!.utc_offset_hours], ['A', 1]);
});

test('1 situation: lettered without dots; enemy parts read from prose sentences', () => {
  const situation = record.situation!;
  assertElement(order, situation.area_of_operations, 'ao iron, from pl red to pl blue');
  assertElement(order, situation.enemy!.disposition, 'the 12th mib defends obj steel with two battalions');
  assertElement(
    order,
    situation.enemy!.most_likely_coa,
    'its most likely coa is to defend obj steel and ' + 'counterattack from künzell',
  );
  assertElement(
    order,
    situation.enemy!.most_dangerous_coa,
    'its most dangerous coa is a counterattack by the reserve tank battalion along route birch',
  );
  assert.equal([situation.enemy!.composition, situation.enemy!.strength], [null, null]);
  assertElement(order, situation.friendly!.text, '1 ad attacks to seize the fulda crossings');
});

test('2 mission in lower case: grid after "vic", DTG without zone letter in zone ALPHA', () => {
  const mission = record.mission!;
  assertElement(order, mission.who, 'tf 1-66 ar', 'tf 1-66 ar', 1, 1);
  assert.is(mission.task!.id, 'seize');
  assertElement(order, mission.task!.verb, 'seizes');
  assertElement(order, mission.where, 'obj steel vic 32unb5350001200');
  assertElement(order, mission.when, 'nlt 270500 nov 26');
  assert.equal([mission.when!.qualifier, mission.when!.dtg!.iso], ['NLT', '2026-11-27T04:00:00Z']);
  assertElement(order, mission.purpose, 'prevent the 12th mib from reinforcing fulda');
});

test('3 execution: tasks to this unit after "unit:"; a time without month from the reference date; constraints', () => {
  const mine = record.tasks_to_unit!;
  assertElement(order, mine.unit, 'tf 1-66 ar', 'tf 1-66 ar', 1, 2);
  assert.equal(
    mine.tasks.map((t) => [t.text, t.task?.id ?? null, t.be_prepared]),
    [
      ['seize obj steel', 'seize', false],
      ['be prepared to continue to pl blue', null, true],
    ],
  );
  assert.equal(
    record.execution!.tasks_to_subordinate_units.map((u) => [u.unit.text, u.tasks.map((t) => t.task?.id)]),
    [
      ['tf 1-66 ar', ['seize', undefined]],
      ['1-41 in', ['fix']],
    ],
  );
  assertElement(order, record.execution!.commanders_intent!.text, 'seize obj steel before the enemy reserve can react');
  const [issued, beforeCross] = record.execution!.timeline;
  assert.equal([issued!.text, issued!.dtg!.iso], ['261200 nov 26', '2026-11-26T11:00:00Z']);
  assertElement(order, beforeCross, 'before 270430');
  assert.equal(beforeCross!.dtg, {
    text: '270430',
    source: beforeCross!.dtg!.source,
    iso: '2026-11-27T03:30:00Z',
    zone_letter: 'A',
    month_from_reference: true,
    year_from_reference: true,
    unresolved: null,
  });
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text]),
    [
      ['prohibition', 'fire_control', 'no fires on künzell'],
      ['prohibition', 'movement', 'do not cross pl red before 270430'],
    ],
  );
  assertElement(order, record.constraints[0], 'no fires on künzell');
});

test('features in an order written in lower case; what it does not say is listed as not found', () => {
  assert.equal(
    record.features.map((f) => [f.name, f.positions.map((p) => p.reference)]),
    [
      ['AO IRON', []],
      ['PL RED', []],
      ['PL BLUE', []],
      ['OBJ STEEL', ['32unb5350001200']],
      ['ROUTE BIRCH', []],
      [null, ['32unb4800004000']],
    ],
  );
  assertElement(order, record.sustainment!.text, 'refuel before 262000 nov 26');
  assert.ok(assertAllSourced(order, record) > 40);
  assert.equal(record.not_found, [
    'heading.references',
    'heading.task_organization',
    'situation.area_of_interest',
    'situation.enemy.composition',
    'situation.enemy.strength',
    'situation.friendly.higher_mission_and_intent',
    'situation.friendly.adjacent_units',
    'situation.civil_considerations',
    'situation.attachments_and_detachments',
    'situation.assumptions',
    'execution.commanders_intent.purpose',
    'execution.commanders_intent.key_tasks',
    'execution.commanders_intent.end_state',
    'execution.concept_of_operations',
    'execution.information_requirements',
    'execution.risk_measures',
    'execution.rules_of_engagement',
    'sustainment.logistics',
    'sustainment.personnel',
    'sustainment.health_system_support',
    'command_and_signal.command',
    'command_and_signal.control',
    'command_and_signal.signal',
  ]);
});

test.run();
