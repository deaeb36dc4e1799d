// COA development on a terrain whose answer is known by construction — a plain crossed by a ridge
// with a wide (800 m) and a narrow (350 m) pass — and an order written for it (fixtures/
// opord-granite.txt: an armor task force seizes OBJ GRANITE, one enemy platoon in prepared
// positions, LD 0430, NLT 0500). Every figure is checked against the rule that makes it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distance, point } from '@turf/turf';
import { C, facts, ORDER, ridgeFacts } from './support/ridge.ts';
import { developCoas, type CoaDevelopmentInput } from '../../../domain/coa-development/develop-coas.ts';
import { screenDevelopedCoas } from '../../../domain/coa-development/screen-developed-coas.ts';
import { coaSketchLayers } from '../../../domain/coa-development/coa-sketch-layers.ts';
import { angleBetween, approachBearing, FLANK_ANGLE_DEG } from '../../../domain/coa-development/form-of-maneuver.ts';

const terrain = ridgeFacts('mounted_tracked');
const base = (over: Partial<CoaDevelopmentInput> = {}): CoaDevelopmentInput => ({
  unit: 'TF 1-35 AR',
  branch: 'armor',
  echelon: 'battalion',
  count: 3,
  friendly: terrain,
  enemy: null,
  order: facts(),
  fallbackPosture: 'offense',
  ...over,
});

test('terrain facts: two avenues, the wide pass ranked first, each with one chokepoint at its pass', () => {
  assert.equal(
    terrain.avenues.map((a) => [a.avenue_id, a.chokepoints.length]),
    [
      ['AA 1', 1],
      ['AA 2', 1],
    ],
  );
  assert.ok(Math.abs(terrain.avenues[0]!.narrowest_width_m - 800) <= C);
  assert.ok(Math.abs(terrain.avenues[1]!.narrowest_width_m - 350) <= C);
  assert.is(terrain.avenue_width_m, 500, 'a battalion’s avenues are company-wide');
});

test('order facts: offense, seize OBJ GRANITE, one platoon in prepared positions, LD 0430 to NLT 0500', () => {
  const o = facts();
  assert.is(o.posture, 'offense');
  assert.is(o.task!.id, 'seize');
  assert.is(o.planning_mission, 'deliberate_attack');
  assert.equal(
    o.objectives.map((x) => [x.name, x.mgrs]),
    [['OBJ GRANITE', '32UNA7468738888']],
  );
  assert.is(o.enemy!.unit, 'platoon');
  assert.is(o.enemy!.company_equivalents, 1 / 3);
  assert.is(o.start!.iso, '2026-11-27T03:30:00Z');
  assert.is(o.deadline!.iso, '2026-11-27T04:00:00Z');
  assert.equal(o.missing, []);
});

test('COAs: different avenues, forms by rule, the armor battalion’s real companies, never TF 1–3', () => {
  const { coas, missing, task_organization } = developCoas(base());
  assert.equal(missing, []);
  assert.match(task_organization!.label, /armor battalion/);
  assert.equal(
    coas.map((c) => c.main_axis.avenue_id),
    ['AA 1', 'AA 2', 'AA 1'],
  );
  // COA 1 on the wide pass: 800 m < 2 × 500 m to deploy → penetration.
  assert.is(coas[0]!.form_of_maneuver, 'penetration');
  assert.match(coas[0]!.form_reason, /narrows to 800 m, less than the 1000 m/);
  // COA 2 on the narrow pass: a flank when it reaches the objective ≥ 45° off AA 1's approach.
  const angle = angleBetween(
    approachBearing(terrain.avenues[1]!.geometry.coordinates),
    approachBearing(terrain.avenues[0]!.geometry.coordinates),
  );
  assert.is(coas[1]!.form_of_maneuver, angle >= FLANK_ANGLE_DEG ? 'envelopment' : 'penetration');
  assert.ok(angle >= FLANK_ANGLE_DEG, `the passes approach the objective ${angle}° apart`);
  // COA 3 reuses AA 1 with the next form that applies, and says so.
  assert.is(coas[2]!.form_of_maneuver, 'frontal_attack');
  assert.ok(coas[2]!.missing.some((m) => /2 avenue\(s\) for 3 COAs/.test(m)));
  for (const coa of coas) {
    assert.equal(
      coa.units.map((u) => [u.name, u.role]),
      [
        ['A Company (tank)', 'main_effort'],
        ['C Company (mechanized infantry)', 'supporting_effort'],
        ['B Company (tank)', 'reserve'],
      ],
    );
    assert.not.ok(JSON.stringify(coa).includes('TF 1'));
    assert.is(coa.objectives[0]!.name, 'OBJ GRANITE');
    assert.is(coa.objectives[0]!.source, 'order');
  }
  assert.is(coas[0]!.units[1]!.axis!.avenue_id, 'AA 2', 'the supporting effort fixes from the other avenue');
  assert.is(coas[0]!.units[0]!.task, 'seize OBJ GRANITE along AA 1 (penetration)');
  assert.is(coas[0]!.units[0]!.purpose, 'in order to open the road north');
});

test('feasibility: force ratio 1 company against 1 platoon = 3:1 meets the deliberate-attack 3:1; time by the route model', () => {
  const { coas } = developCoas(base());
  for (const coa of coas) {
    const f = coa.feasibility.force_ratio;
    assert.is(f.verdict, 'meets');
    assert.is(f.figures.ratio, 3);
    assert.is(f.figures.ratio_label, '3:1');
    assert.is(f.figures.minimum_label, '3:1');
    assert.is(f.figures.enemy_read, 'One motorized rifle platoon');
    const t = coa.feasibility.time;
    const minutes = coa.main_axis.seconds / 60;
    assert.is(t.figures.available_minutes, 30);
    assert.is(t.figures.minutes_along_avenue, Number(minutes.toFixed(1)));
    assert.is(t.verdict, minutes <= 30 ? 'meets' : 'does_not_meet');
    assert.is(t.verdict, 'meets');
  }
  // Two platoons: 1.5:1 is below 3:1.
  const two = developCoas(
    base({ order: facts(ORDER.replace('One motorized rifle platoon', 'Two motorized rifle platoons')) }),
  );
  assert.is(two.coas[0]!.feasibility.force_ratio.verdict, 'does_not_meet');
  assert.is(two.coas[0]!.feasibility.force_ratio.figures.ratio_label, '1.5:1');
  // NLT 0440: 10 min is less than the ~12 min the avenues take.
  const tight = developCoas(base({ order: facts(ORDER.replaceAll('270500A', '270440A')) }));
  assert.is(tight.coas[0]!.feasibility.time.figures.available_minutes, 10);
  assert.is(tight.coas[0]!.feasibility.time.verdict, 'does_not_meet');
  const screened = screenDevelopedCoas(tight.coas, facts(ORDER.replaceAll('270500A', '270440A')), terrain);
  assert.is(screened[0]!.screening.feasible.verdict, 'does_not_meet');
  assert.is(screened[0]!.screening_result, 'fails');
});

test('screening: every criterion computed with its figures; distinguishable by form and avenue; complete checks parts', () => {
  const order = facts();
  const { coas } = developCoas(base());
  const s = screenDevelopedCoas(coas, order, terrain);
  for (const one of s) {
    assert.is(one.screening.feasible.verdict, 'meets');
    assert.match(one.screening.feasible.rationale, /3:1 meets the 3:1 minimum for a deliberate attack/);
    assert.is(one.screening.acceptable.verdict, 'meets');
    assert.match(one.screening.acceptable.rationale, /Remaining risk: 100 % of the axis seen/);
    assert.is(one.screening.suitable.verdict, 'meets');
    assert.is(one.screening.distinguishable.verdict, 'meets');
    assert.is(one.screening.complete.verdict, 'meets');
    assert.is(one.screening_result, 'passes');
  }
  // Two COAs on the same avenue with the same form are not distinguishable.
  const twins = screenDevelopedCoas([coas[0]!, { ...coas[0]!, id: 'COA 9' }], order, terrain);
  assert.is(twins[0]!.screening.distinguishable.verdict, 'does_not_meet');
  assert.match(twins[0]!.screening.distinguishable.rationale, /as COA 9/);
  // Without the order's end state the COA is not complete, and says what is missing.
  const noEndState = screenDevelopedCoas(coas, { ...order, end_state: null }, terrain);
  assert.is(noEndState[0]!.screening.complete.verdict, 'does_not_meet');
  assert.is(noEndState[0]!.screening.complete.rationale, 'Missing: end state (commander’s intent).');
  // Without the phase lines at the passes' chokepoints the control measures are not complete.
  const noLines = screenDevelopedCoas([{ ...coas[0]!, phase_lines: [] }], order, terrain);
  assert.is(noLines[0]!.screening.complete.rationale, 'Missing: a phase line at every chokepoint of its axes.');
  // A company-size unit of one maneuver element has no reserve: not acceptable, not complete.
  const company = developCoas(base({ echelon: 'company', count: 2 }));
  const sc = screenDevelopedCoas(company.coas, order, terrain);
  assert.is(company.coas[0]!.units.length, 3, 'a tank company’s three platoons');
  assert.is(company.coas[0]!.feasibility.force_ratio.figures.ratio_label, '1:1', 'one platoon against one');
  assert.is(sc[0]!.screening.feasible.verdict, 'does_not_meet');
});

test('missing inputs: no order, no terrain evaluation, no table row — one line each', () => {
  const noOrder = developCoas(base({ order: null, count: 2 }));
  assert.ok(noOrder.missing[0]!.startsWith('Order: no order has been read'));
  assert.is(noOrder.coas.length, 2);
  assert.is(noOrder.coas[0]!.feasibility.force_ratio.verdict, 'not_assessed');
  assert.match(noOrder.coas[0]!.feasibility.force_ratio.missing!, /no enemy strength read/);
  assert.is(noOrder.coas[0]!.objectives[0]!.source, 'key_terrain');
  const s = screenDevelopedCoas(noOrder.coas, null, terrain);
  assert.is(s[0]!.screening.feasible.verdict, 'not_assessed');
  assert.is(s[0]!.screening.suitable.verdict, 'not_assessed');
  const noTerrain = developCoas(base({ friendly: null }));
  assert.equal(noTerrain.coas, []);
  assert.equal(noTerrain.missing, [
    'Terrain: no terrain evaluation (analysis type terrain_evaluation) has succeeded for this operation.',
  ]);
  const artillery = developCoas(base({ branch: 'artillery' }));
  assert.equal(artillery.coas, []);
  assert.match(artillery.missing[0]!, /^No task organisation for a artillery battalion/);
});

test('defense: positions at the chokepoints of the enemy’s avenues, a different arrangement per COA', () => {
  const enemy = ridgeFacts('mounted_tracked', 'enemy');
  const { coas } = developCoas(base({ order: null, friendly: null, enemy, fallbackPosture: 'defense', count: 3 }));
  assert.equal(
    coas.map((c) => [c.main_axis.avenue_id, c.form_of_maneuver, c.objectives[0]!.name]),
    [
      ['AA 1', 'area_defense', 'BP 1'],
      ['AA 2', 'area_defense', 'BP 2'],
      ['AA 1', 'mobile_defense', 'BP 1'],
    ],
  );
  assert.is(coas[0]!.objectives[0]!.mgrs, enemy.avenues[0]!.chokepoints[0]!.mgrs);
  assert.match(coas[0]!.units[1]!.task, /^block AA 2 at /);
});

test('sketch layers: axes along the avenues, objectives, phase lines across the chokepoints, reserves — labelled', () => {
  const { coas } = developCoas(base({ count: 2 }));
  let n = 0;
  const layers = coaSketchLayers(coas, () => `id-${++n}`);
  assert.is(layers.coa_axis.length, 4, 'main and supporting axis per COA');
  assert.equal(layers.coa_axis[0]!.geometry, coas[0]!.main_axis.geometry);
  assert.equal(layers.coa_axis[0]!.properties.label, 'COA 1 main effort (AA 1)');
  assert.equal(layers.coa_axis[0]!.properties.units, ['A Company (tank)']);
  assert.is(layers.coa_objective.length, 2);
  assert.is(layers.coa_reserve.length, 2);
  assert.equal(
    layers.phase_line.map((f) => f.properties.label),
    ['COA 1 PL 1', 'COA 1 PL 2', 'COA 2 PL 1', 'COA 2 PL 2'],
  );
  for (const [i, pl] of coas[0]!.phase_lines.entries()) {
    const [a, b] = pl.geometry.coordinates;
    const avenue = terrain.avenues.find((x) => x.avenue_id === pl.avenue_id)!;
    const width = Math.max(500, avenue.chokepoints[0]!.width_m);
    assert.ok(Math.abs(distance(point(a!), point(b!), { units: 'meters' }) - width) < 1, `PL ${i + 1} length`);
    const mid: [number, number] = [(a![0] + b![0]) / 2, (a![1] + b![1]) / 2];
    assert.ok(distance(point(mid), point(avenue.chokepoints[0]!.position), { units: 'meters' }) < 1, 'centred');
    // Across the pass: the ridge runs east-west, the line across it north-south only if the axis is;
    // here the axis crosses the ridge northward, so the phase line runs (roughly) east-west.
    assert.ok(Math.abs(a![1] - b![1]) < Math.abs(a![0] - b![0]), 'across a northward axis');
  }
  // The reserve waits a third of the way along the main axis.
  const main = coas[0]!.main_axis;
  const start = point(main.geometry.coordinates[0]!);
  assert.ok(
    Math.abs(distance(start, point(coas[0]!.reserve.position), { units: 'meters' }) - main.length_m / 3) <
      main.length_m * 0.1,
  );
});

test.run();
