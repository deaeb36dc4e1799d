// The restated mission in doctrine's shape (who, what, where, when, why) on four orders.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { restatedMission, thirdPerson } from '../../../domain/mission-analysis/restated-mission.ts';
import { fixture, read } from '../orders/support/order-fixtures.ts';
import { ironGate } from './support/mission-analysis-fixtures.ts';

const sentence = (p: ReturnType<typeof restatedMission>) => p.lines.map((l) => l.text);

test('who, what, where, when (with UTC), why, on four orders', () => {
  assert.equal(sentence(restatedMission(ironGate(), 'Task Force 1-66 Armor')), [
    'Task Force 1-66 Armor seizes OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 (2026-11-27T04:00:00Z) in order ' +
      'to prevent the 12th MIB from reinforcing Fulda.',
  ]);
  assert.equal(sentence(restatedMission(read(fixture('opord-task-table.txt'), 'TF 1-66 AR'), 'TF 1-66 AR')), [
    'TF 1-66 AR defends BP 3 (32UNB5000003000) NLT 281000Z NOV 26 (2026-11-28T10:00:00Z) in order to retain the ' +
      'Fulda bridges for 1 AD.',
  ]);
  const run = read(fixture('run-together.txt'), 'B Co, 2-7 IN', ['B Co', 'B/2-7 IN']);
  assert.equal(sentence(restatedMission(run, 'B Co, 2-7 IN')), [
    // OBJ OWL's grid is in the battalion's mission, not in the company's task: the where carries it.
    'B Co, 2-7 IN clears OBJ OWL (32UNB5700006000) NLT 290500Z NOV 26 (2026-11-29T05:00:00Z) in order to deny the ' +
      'enemy observation of PL BLUE.',
  ]);
  const only = read(fixture('mission-only.txt'), 'Task Force 1-66 Armor', ['TF 1-66 AR']);
  assert.equal(sentence(restatedMission(only, 'Task Force 1-66 Armor')), [
    'Task Force 1-66 Armor seizes OBJ STEEL (32UNB5350001200) NLT 270500Z NOV 26 (2026-11-27T05:00:00Z) in order ' +
      'to prevent the 12th MIB from reinforcing Fulda.',
  ]);
});

test('cites the task and the rule; no order or no task: one line', () => {
  const cites = restatedMission(ironGate(), 'TF').lines[0]!.cites;
  assert.equal(
    cites.map((c) => c.ref),
    ['tasks_to_unit.tasks[0]', 'RESTATED-MISSION (who, what, when, where, why)'],
  );
  assert.is(restatedMission(null, 'TF').lines.length, 1);
  assert.equal(sentence(restatedMission(read(fixture('opord-iron-gate.txt'), '3-69 AR'), '3-69 AR')), [
    'The order gives 3-69 AR no task naming a tactical mission task to restate.',
  ]);
});

test('third person of task verbs', () => {
  assert.equal(
    ['seize', 'Support by fire', 'bypass', 'destroy', 'deny', 'seizes'].map((v) =>
      thirdPerson(v, v === 'seizes' ? 'seize' : v),
    ),
    ['seizes', 'supports by fire', 'bypasses', 'destroys', 'denies', 'seizes'],
  );
});

test.run();
