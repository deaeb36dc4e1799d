// The COA comparison matrix over adjudicated war games: on the ridge with two passes the COA through
// the open west pass is preferred (FM 5-0 default criteria), each score from the game with its formula,
// ranks and weights to the FM 6-0 Table 9-7 rule; the mission analysis's own criteria by their words,
// a criterion no measure fits left out and said; ties, and a COA that never seized its objective.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import { compareCoas, measureOf } from '../../../domain/wargame/compare-coas.ts';
import { evaluationCriteria } from '../../../domain/llm-simulation/evaluation-criteria.ts';
import type { WargameResult } from '../../../domain/wargame/wargame-result.ts';
import { scenario } from './ridge-two-passes.ts';

const west = adjudicateWargame(scenario('west', 7));
const east = adjudicateWargame(scenario('east', 7));

test('compareCoas: on the ridge with two passes the west pass COA is recommended, by the rule', () => {
  const comparison = compareCoas([east, west], evaluationCriteria(null));
  assert.is(comparison.criteria_source, 'fm_5_0_defaults');
  assert.equal(
    comparison.rows.map((r) => r.measure),
    ['simplicity', 'mass', 'maneuver', 'tempo', 'security'],
  );
  // Each rank from the raw values: the better value ranks 1.
  for (const row of comparison.rows) {
    const [e, w] = row.cells;
    const better = row.better === 'lower' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
    const expected = e!.raw === w!.raw ? [1.5, 1.5] : better(e!.raw ?? NaN, w!.raw ?? NaN) ? [1, 2] : [2, 1];
    assert.equal([e!.rank, w!.rank], expected, row.criterion);
    assert.is(w!.formula, `rank ${w!.rank} of 2 × weight 1 = ${w!.rank}`);
  }
  const tempo = comparison.rows.find((r) => r.measure === 'tempo')!;
  assert.is(tempo.cells[1]!.raw, west.objective_seized_minute);
  assert.is(tempo.cells[1]!.raw_text, `H+${west.objective_seized_minute} min (${west.objective_seized_time})`);
  const simplicity = comparison.rows.find((r) => r.measure === 'simplicity')!;
  assert.equal(
    simplicity.cells.map((c) => c.raw),
    [east.decision_points.length + east.totals.main_effort_shifts, west.decision_points.length],
  );
  const security = comparison.rows.find((r) => r.measure === 'security')!;
  const lost = Math.round((1000 * west.totals.friendly_power_lost) / west.totals.friendly_power_initial) / 10;
  assert.is(security.cells[1]!.raw, lost);
  const sum = (i: number) => comparison.rows.reduce((s, r) => s + r.cells[i]!.rank, 0);
  assert.equal(comparison.totals, [
    { coa: 'COA 2 (east pass)', unweighted: sum(0), weighted: sum(0) },
    { coa: 'COA 1 (west pass)', unweighted: sum(1), weighted: sum(1) },
  ]);
  assert.ok(sum(1) < sum(0));
  assert.is(comparison.recommendation!.coa, 'COA 1 (west pass)');
  assert.is(
    comparison.recommendation!.reasons[0],
    `Lowest weighted total ${sum(1)} (COA 2 (east pass) ${sum(0)}, COA 1 (west pass) ${sum(1)}).`,
  );
  assert.ok(comparison.recommendation!.reasons.some((r) => r.startsWith('Tempo: H+')));
  // The west COA's remaining risk: its main effort meets the objective at 2.5 : 1, below 3 : 1.
  assert.ok(
    comparison.recommendation!.risks.some((r) =>
      r.startsWith('Force ratio at the decisive point 2.5:1 is below the 3:1 minimum'),
    ),
  );
  // The order of the games does not change the recommendation.
  assert.is(compareCoas([west, east], evaluationCriteria(null)).recommendation!.coa, 'COA 1 (west pass)');
});

test('compareCoas: the mission analysis criteria by their words, weights multiply, an unmatched criterion is said', () => {
  const criteria = evaluationCriteria([
    { text: 'Time to OBJ IRON', weight: 3 },
    { text: 'Combat power at the objective', unit_of_measure: 'force ratio', weight: 2 },
    { text: 'Civil considerations', definition: 'Effect on the population of the valley', weight: 1 },
  ]);
  const comparison = compareCoas([west, east], criteria);
  assert.is(comparison.criteria_source, 'mission_analysis');
  assert.equal(
    comparison.rows.map((r) => [r.criterion, r.measure, r.weight]),
    [
      ['Time to OBJ IRON', 'tempo', 3],
      ['Combat power at the objective', 'mass', 2],
    ],
  );
  assert.equal(comparison.not_computable, [
    'Civil considerations: no war-game measure fits it (scored by the staff, not here).',
  ]);
  const [tempo, mass] = comparison.rows;
  assert.equal(
    comparison.totals.map((t) => t.weighted),
    [0, 1].map((i) => tempo!.cells[i]!.rank * 3 + mass!.cells[i]!.rank * 2),
  );
  assert.is(tempo!.cells[0]!.formula, `rank ${tempo!.cells[0]!.rank} of 2 × weight 3 = ${tempo!.cells[0]!.rank * 3}`);
});

test('compareCoas: ties share the mean rank; a COA that never seized its objective ranks last on tempo', () => {
  const never: WargameResult = {
    ...west,
    coa: 'COA 3 (stalled)',
    objective_seized_minute: null,
    objective_seized_time: null,
  };
  const twin: WargameResult = { ...west, coa: 'COA 1 twin' };
  const tempo = evaluationCriteria([{ text: 'Tempo', weight: 1 }]);
  const comparison = compareCoas([never, west, twin], tempo);
  assert.equal(
    comparison.rows[0]!.cells.map((c) => [c.rank, c.raw_text.startsWith('not seized')]),
    [
      [3, true],
      [1.5, false],
      [1.5, false],
    ],
  );
  // Equal weighted and unweighted totals: the first given is recommended.
  assert.is(comparison.recommendation!.coa, 'COA 1 (west pass)');
  assert.throws(() => compareCoas([west, west], tempo), RangeError);
  assert.is(compareCoas([west], evaluationCriteria([{ text: 'Morale' }])).recommendation, null);
});

test('measureOf: the name first, then the unit of measure, then the definition', () => {
  const c = (name: string, unit: string | null = null, definition: string | null = null) => ({
    name,
    unit_of_measure: unit,
    definition,
    benchmark: null,
    weight: 1,
  });
  assert.is(measureOf(c('Mass', null, 'at the decisive place and time')), 'mass');
  assert.is(measureOf(c('Speed of the attack')), 'tempo');
  assert.is(measureOf(c('Casualties')), 'security');
  assert.is(measureOf(c('Flexibility', 'decision points')), 'simplicity');
  assert.is(measureOf(c('Surprise', null, 'minimise exposure to observation')), 'exposure');
  assert.is(measureOf(c('Legitimacy')), null);
});

test.run();
