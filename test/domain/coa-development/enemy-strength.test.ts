// The enemy's strength from the order's words, and the planning-ratio table's labels.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { enemyStrength } from '../../../domain/coa-development/enemy-strength.ts';
import { formatRatio, MINIMUM_PLANNING_RATIO } from '../../../domain/coa-development/planning-ratios.ts';

test('enemy strength: counted units in company equivalents, percent strength applied', () => {
  const brigade = enemyStrength(
    'The 12th Motorized Infantry Brigade (MIB), two battalions, defends OBJ STEEL at 70 percent strength',
  )!;
  assert.equal([brigade.count, brigade.unit, brigade.percent], [2, 'battalion', 70]);
  assert.is(brigade.company_equivalents, 2 * 3 * 0.7);
  assert.is(brigade.read, 'two battalions … at 70 percent strength');
  assert.is(enemyStrength('One motorized rifle platoon defends OBJ GRANITE.')!.company_equivalents, 1 / 3);
  assert.is(enemyStrength('an enemy tank company with 3 BMPs')!.company_equivalents, 1);
  assert.is(enemyStrength('3 mechanized companies at 50%')!.company_equivalents, 1.5);
  assert.is(enemyStrength('The enemy defends the village.'), null);
});

test('planning ratios: ATP 5-0.2-1 Table 2-12 as numbers and as doctrine writes them', () => {
  assert.equal(
    Object.entries(MINIMUM_PLANNING_RATIO).map(([k, v]) => [k, v.label, formatRatio(v.ratio)]),
    [
      ['delay', '1:6', '1:6'],
      ['deliberate_defend', '1:3', '1:3'],
      ['hasty_defend', '1:2.5', '1:2.5'],
      ['counterattack', '1:1', '1:1'],
      ['hasty_attack', '2.5:1', '2.5:1'],
      ['deliberate_attack', '3:1', '3:1'],
      ['penetration_lead_element', '18:1', '18:1'],
    ],
  );
});

test.run();
