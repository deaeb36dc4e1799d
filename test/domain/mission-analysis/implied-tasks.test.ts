// Implied tasks by the four documented rules on the synthetic terrain evaluation of AO IRON: each rule
// fires where its facts are, and not otherwise; the enemy's avenues are not ours.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAILY_MARCH_KM, impliedTasks } from '../../../domain/mission-analysis/implied-tasks.ts';
import { MISSING } from '../../../domain/mission-analysis/mission-analysis-facts.ts';
import { ironGate, terrain, TERRAIN_ID } from './support/mission-analysis-fixtures.ts';

const rulesOf = (items: ReturnType<typeof impliedTasks>['items']) =>
  items.map((i) => i.cites.find((c) => c.kind === 'rule')!.ref);

test('crossing, clearance and breach on AA 1; a tracked battalion marches 41 km in a day', () => {
  const product = impliedTasks(ironGate(), terrain());
  assert.equal(
    product.items.map((i) => i.text),
    [
      'Conduct a gap crossing on AA 1 (friendly) at 32UNB5020001900.',
      'Clear the built-up area of OBJ STEEL (32UNB5350001200).',
      'Breach or bypass the obstacles at 32UNB5230001500 on AA 1 (friendly): MC 2 narrows to 340 m, less than ' +
        'the 500 m it needs.',
    ],
  );
  assert.equal(rulesOf(product.items), ['IMPLIED-CROSSING', 'IMPLIED-CLEARANCE', 'IMPLIED-BREACH']);
  assert.ok(product.items.every((i) => i.kind === 'implied'));
  assert.equal(product.items[0]!.cites[0], {
    kind: 'terrain_evaluation',
    ref: 'directions[0].corridors[*].crossings',
    analysis_id: TERRAIN_ID,
  });
  assert.is(product.items[1]!.cites[0]!.kind, 'order');
});

test('road march: an avenue longer than the force’s day of march (dismounted 32 km)', () => {
  assert.is(DAILY_MARCH_KM.dismounted, 32);
  const product = impliedTasks(ironGate(), terrain({ force: 'dismounted' }));
  const marches = product.items.filter((i) => i.text.startsWith('Conduct a road march'));
  assert.equal(
    marches.map((i) => i.text),
    [
      'Conduct a road march along AA 2 (friendly) from 32UNB4800016000 to 32UNB5350001200: 41 km, more than a ' +
        "day's march (32 km, dismounted).",
    ],
  );
});

test('no rule fires without its facts: no built-up area, no crossing, corridors wide enough', () => {
  const plain = terrain();
  plain.built_up_areas = [];
  for (const corridor of plain.result.directions[0]!.corridors) {
    corridor.crossings = [];
    corridor.min_width_m = corridor.width_required_m;
  }
  assert.equal(impliedTasks(ironGate(), plain), { lines: [], items: [] });
  assert.equal(impliedTasks(ironGate(), null), { lines: [{ text: MISSING.terrain, cites: [] }], items: [] });
});

test.run();
