// Essential tasks: the unit's given tasks naming an FM 3-90 task, not the be-prepared-to ones.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { essentialTasks } from '../../../domain/mission-analysis/essential-tasks.ts';
import { fixture, read } from '../orders/support/order-fixtures.ts';
import { ironGate } from './support/mission-analysis-fixtures.ts';

test('the seize task is essential, the BPT task is not', () => {
  const product = essentialTasks(ironGate(), 'Task Force 1-66 Armor');
  assert.equal(
    product.items.map((i) => [i.kind, i.text, i.cites.map((c) => c.ref)]),
    [
      [
        'essential',
        'Seize OBJ STEEL (32UNB5350001200) NLT 270500A NOV 26 in order to prevent the 12th MIB from reinforcing Fulda',
        ['tasks_to_unit.tasks[0]', 'ESSENTIAL-TASK'],
      ],
    ],
  );
});

test('two given tasks are both essential; an order without tasks for the unit says so', () => {
  const twoPages = read(fixture('opord-two-pages-annex.txt'), 'A Co, TF 1-66 AR', ['A Co', 'A/1-66 AR']);
  assert.is(essentialTasks(twoPages, 'A Co').items.length, 2);
  const none = essentialTasks(read(fixture('opord-iron-gate.txt'), '3-69 AR'), '3-69 AR');
  assert.equal(
    none.lines.map((l) => l.text),
    ['The order gives 3-69 AR no task naming a tactical mission task (FM 3-90): no essential task.'],
  );
});

test.run();
