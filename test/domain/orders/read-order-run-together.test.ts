// The order reader on an OPORD whose paragraphs run together on one line (as text extracted from a PDF
// often does): headings found inside the line, labels ("Purpose:", "Most dangerous COA:") anywhere,
// key tasks split at semicolons, a CCIR that is a PIR, and a company found by its designation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertAllSourced, assertElement, fixture, read } from './support/order-fixtures.ts';

const order = fixture('run-together.txt');
const record = read(order, 'B Co, 2-7 IN', ['B Co', 'B/2-7 IN']);

test('one line: heading, situation with labelled and prose parts', () => {
  assert.ok(!order.pages[0]!.text.includes('\n'));
  assertElement(order, record.heading.title, 'OPORD 07-26 (NIGHT OWL)');
  assertElement(order, record.heading.date_time_group, '281200Z NOV 26');
  assert.equal(record.heading.time_zone!.letter, 'Z');
  const enemy = record.situation!.enemy!;
  assertElement(order, enemy.strength, 'An enemy platoon with two BMPs occupies OBJ OWL at 60% strength');
  assertElement(order, enemy.disposition, 'An enemy platoon with two BMPs occupies OBJ OWL at 60% strength');
  assertElement(order, enemy.most_dangerous_coa, 'the enemy reinforces OBJ OWL from Petersberg before first light');
  assert.is(enemy.most_likely_coa, null);
  assertElement(order, record.situation!.friendly!.text, '2 BCT defends along PL BLUE');
});

test("mission, intent and this company's tasks inside the line", () => {
  const mission = record.mission!;
  assertElement(order, mission.who, '2-7 IN', '2-7 IN', 1, 2);
  assert.equal([mission.task!.id, mission.when!.dtg!.iso], ['clear', '2026-11-29T04:00:00Z']);
  assertElement(order, mission.where, 'OBJ OWL (32UNB5700006000)');
  const intent = record.execution!.commanders_intent!;
  assertElement(order, intent.purpose, 'deny observation of PL BLUE');
  assert.equal(
    intent.key_tasks.map((t) => t.text),
    ['clear OBJ OWL', 'hold PL BLUE'],
  );
  assertElement(order, intent.end_state, 'OBJ OWL cleared, no enemy observation of PL BLUE');
  const mine = record.tasks_to_unit!;
  assertElement(order, mine.unit, 'B Co', 'B Co', 1, 2);
  assert.equal(
    mine.tasks.map((t) => [t.text, t.task?.id ?? null, t.be_prepared]),
    [
      ['Clear OBJ OWL NLT 290500Z NOV 26 IOT deny the enemy observation of PL BLUE', 'clear', false],
      ['BPT pass C Co forward', null, true],
    ],
  );
  assert.equal(
    record.execution!.tasks_to_subordinate_units.map((u) => u.unit.text),
    ['A Co', 'B Co'],
  );
});

test('coordinating instructions: PIR, EEFI, a relative time, a fires prohibition; the intent no constraint', () => {
  const execution = record.execution!;
  assert.equal(
    execution.information_requirements.map((r) => [r.kind, r.text]),
    [
      ['pir', 'CCIR: PIR 1: Does the enemy reinforce OBJ OWL before H-hour?'],
      ['eefi', 'EEFI: the B Co attack position'],
    ],
  );
  assert.equal(
    execution.timeline.map((t) => [t.text, t.qualifier, t.dtg]),
    [['before H-hour', 'before', null]],
  );
  assert.equal(
    record.constraints.map((c) => [c.kind, c.category, c.text]),
    [['prohibition', 'fire_control', 'No indirect fires on Petersberg']],
  );
  assertElement(order, record.constraints[0], 'No indirect fires on Petersberg');
  assert.equal(
    record.features.map((f) => [f.kind, f.name, f.positions.map((p) => p.reference)]),
    [
      ['objective', 'OBJ OWL', ['32UNB5700006000']],
      ['phase_line', 'PL BLUE', []],
      ['support_by_fire_position', 'SBF 2', []],
      ['checkpoint', 'CP 5', []],
      ['unnamed_position', null, ['32UNB5400004000']],
    ],
  );
  assert.ok(assertAllSourced(order, record) > 40);
  assert.ok(record.not_found.includes('heading.issuing_headquarters'));
});

test.run();
