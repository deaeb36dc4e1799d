// The adjudicated war game on a ridge with two passes (ridge-two-passes.ts): reproducible by seed
// byte for byte, movement exact to the rate of march, the breach drawn from the table by the seed,
// the delayed main effort producing its decision point and the decision carried out, Lanchester
// losses exact to the formula, the force ratio at the decisive point against FM 5-0's minimum, and
// turns by the belt, avenue-in-depth and box methods with a synchronisation matrix built per turn.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { along, distance, length, lineString, nearestPointOnLine, point } from '@turf/turf';
import { adjudicateWargame } from '../../../domain/wargame/adjudicate-wargame.ts';
import { seededRandom } from '../../../domain/wargame/seeded-random.ts';
import { WARFIGHTING_FUNCTIONS } from '../../../domain/wargame/wargame-result.ts';
import type { WargameScenario } from '../../../domain/wargame/wargame-scenario.ts';
import { DEFAULT_WARGAME_TABLES } from '../../../domain/wargame/wargame-tables.ts';
import { CREST_LAT, EAST_PASS, OBJECTIVE, scenario, WEST_PASS } from './ridge-two-passes.ts';

const KM = { units: 'kilometers' } as const;
const TRACKED_KM_PER_MIN = DEFAULT_WARGAME_TABLES.march_rate_kmh.tracked / 60;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

test('adjudicateWargame: the same scenario and seed give the same game, byte for byte, by every method', () => {
  for (const method of ['belt', 'avenue_in_depth', 'box'] as const) {
    for (const main of ['west', 'east'] as const) {
      const first = JSON.stringify(adjudicateWargame(scenario(main, 11, method)));
      assert.is(JSON.stringify(adjudicateWargame(scenario(main, 11, method))), first, `${main} ${method}`);
    }
  }
  // Another seed draws another breach time on the east pass, so another game.
  const seeds = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(adjudicateWargame(scenario('east', seed))));
  assert.ok(new Set(seeds).size > 1);
});

test('adjudicateWargame: without enemy the main effort arrives at the rate of march, to the minute', () => {
  const s: WargameScenario = { ...scenario('west', 1), enemy: [] };
  const result = adjudicateWargame(s);
  const axisKm = length(lineString(s.friendly[0]!.axis), KM);
  assert.is(result.objective_seized_minute, Math.ceil(axisKm / TRACKED_KM_PER_MIN));
  assert.is(result.totals.friendly_power_lost, 0);
  assert.equal(result.decision_points, []);
  assert.ok(result.missing.some((m) => m.startsWith('Enemy units: none given')));
});

test('adjudicateWargame: the breach time is drawn by the seed within the table; the next unit uses the lane', () => {
  for (const seed of [1, 7, 99]) {
    const s: WargameScenario = { ...scenario('east', seed), enemy: [] };
    const result = adjudicateWargame(s);
    const [least, most] = DEFAULT_WARGAME_TABLES.breach_minutes.minefield;
    const breach = Math.round(least + seededRandom(seed)() * (most - least));
    const events = result.turns.flatMap((t) => t.actions);
    assert.ok(
      events.some((a) => a.startsWith('TM A halts at Minefield EAST GATE') && a.includes(`breach ${breach} min`)),
      `seed ${seed}: ${breach} min`,
    );
    // The east axis runs south to north through the pass: the minefield lies where it crosses 50.047°.
    const obstacleKm = distance(point([EAST_PASS.lon, 50.0]), point([EAST_PASS.lon, 50.047]), KM);
    const halt = Math.ceil(obstacleKm / TRACKED_KM_PER_MIN);
    const dp = result.decision_points[0]!;
    assert.is(dp.minute, halt);
    assert.ok(!events.some((a) => a.startsWith('C Co halts at Minefield')), 'the reserve does not breach again');
    assert.ok(events.includes('C Co passes Minefield EAST GATE through the lane.'));
  }
});

test('adjudicateWargame: the main effort held at the minefield beyond the NLT produces the decision point, and the reserve moves', () => {
  const s = scenario('east', 7);
  const result = adjudicateWargame(s);
  const delayed = result.decision_points.filter((d) => d.condition === 'main_effort_delayed');
  assert.is(delayed.length, 1);
  const dp = delayed[0]!;
  const [least, most] = DEFAULT_WARGAME_TABLES.breach_minutes.minefield;
  const breach = Math.round(least + seededRandom(7)() * (most - least));
  // Projected arrival: the halt, the breach, then the rest of the axis at the unimpeded rate.
  const axis = lineString(s.friendly[0]!.axis);
  const obstacleKm = nearestPointOnLine(axis, point([EAST_PASS.lon, 50.047]), KM).properties.location;
  const projected = dp.minute + breach + (length(axis, KM) - obstacleKm) / TRACKED_KM_PER_MIN;
  const late = Math.ceil(projected - 45);
  assert.ok(late > 0);
  assert.ok(dp.text.startsWith('TM A (main effort) held at Minefield EAST GATE'), dp.text);
  assert.ok(dp.text.includes(`${late} min after the order's NLT 2026-05-01T04:45Z`), dp.text);
  assert.is(dp.decision, 'commit_reserve');
  assert.is(dp.outcome, 'C Co (reserve) committed along its axis to OBJ IRON.');
  const turn = result.turns.find((t) => t.decision_points.includes(dp))!;
  assert.ok(turn.counteractions.includes(dp.outcome));
  assert.ok(turn.synchronisation.command_and_control.some((line) => line.includes('DP 1: TM A (main effort) held')));
  // The terrain-favoured COA meets its time: no delay decision point on the west pass.
  const west = adjudicateWargame(scenario('west', 7));
  assert.ok(!west.decision_points.some((d) => d.condition === 'main_effort_delayed'));
  assert.ok(west.objective_seized_minute! < result.objective_seized_minute!);
});

test('adjudicateWargame: without the order NLT the delay is not assessed, and the result says so', () => {
  const result = adjudicateWargame({ ...scenario('east', 7), objective_nlt: null });
  assert.ok(!result.decision_points.some((d) => d.condition === 'main_effort_delayed'));
  assert.ok(result.missing[0]!.startsWith('Order time for the objective (NLT): not given'));
});

// One company 1.5 km south of a prepared enemy platoon on open ground: both fire from minute 1.
const duel = (): WargameScenario => ({
  ...scenario('west', 3, 'avenue_in_depth'),
  friendly: [
    {
      id: 'f',
      name: 'A Co',
      echelon: 'company',
      role: 'main_effort',
      combat_power: 3,
      speed_class: 'tracked',
      weapon_class: 'tank',
      axis: [
        [10.0, 50.2],
        [10.0, 50.2001],
      ],
      objective: 'OBJ STEEL',
    },
  ],
  enemy: [
    {
      id: 'e',
      name: 'Enemy Plt',
      combat_power: 1,
      weapon_class: 'atgm',
      posture: 'prepared_defence',
      position: [10.0, 50.2135],
      reaction: 'defend',
    },
  ],
  obstacles: [],
  chokepoints: [],
  terrain: { mobility: () => 'GO', visible: () => true },
});

test('adjudicateWargame: losses in contact are exact to Lanchester’s square law with the table coefficients', () => {
  const result = adjudicateWargame(duel());
  const t = DEFAULT_WARGAME_TABLES;
  const alpha = t.attrition_per_hour * t.posture_factor.attack;
  const beta = t.attrition_per_hour * t.posture_factor.prepared_defence;
  const k = Math.sqrt(alpha * beta);
  const hours = 0.5; // the first turn: minutes 1 to 30
  const a = 3 * Math.cosh(k * hours) - Math.sqrt(beta / alpha) * 1 * Math.sinh(k * hours);
  const b = 1 * Math.cosh(k * hours) - Math.sqrt(alpha / beta) * 3 * Math.sinh(k * hours);
  const turn = result.turns[0]!;
  assert.is(turn.end_minute, 30);
  assert.equal(turn.losses, [
    { id: 'e', name: 'Enemy Plt', side: 'enemy', combat_power_lost: round3(1 - b) },
    { id: 'f', name: 'A Co', side: 'friendly', combat_power_lost: round3(3 - a) },
  ]);
  assert.is(turn.positions.find((p) => p.id === 'f')!.combat_power, round3(a));
  // The enemy breaks below half its power and withdraws; the game then ends.
  assert.ok(result.turns.flatMap((x) => x.reactions).some((r) => r.startsWith('Enemy Plt breaks off')));
  assert.is(result.final_positions.find((p) => p.id === 'e')!.status, 'broken');
  // The decisive point: 3 : 1 against a prepared defence, FM 5-0's deliberate-attack minimum 3 : 1.
  assert.equal(
    {
      ratio: result.decisive_point.ratio,
      required: result.decisive_point.required,
      minute: result.decisive_point.minute,
    },
    { ratio: 3, required: 3, minute: 1 },
  );
});

test('adjudicateWargame: exposure only in line of sight and weapon range of an enemy position', () => {
  const hidden = adjudicateWargame({ ...duel(), terrain: { mobility: () => 'GO', visible: () => false } });
  assert.is(hidden.totals.exposure_minutes, 0);
  assert.is(hidden.totals.friendly_power_lost, 0);
  // Beyond the enemy's 3,750 m ATGM range and the tank's 2,500 m: no contact at all.
  const far = duel();
  far.enemy[0]!.position = [10.0, 50.2 + 3.8 / 111.2];
  assert.is(adjudicateWargame(far).totals.exposure_minutes, 0);
  // Within the ATGM's range but beyond the tank's: exposed and hit, unable to reply.
  const outranged = duel();
  outranged.enemy[0]!.position = [10.0, 50.2 + 3.0 / 111.2];
  const game = adjudicateWargame({ ...outranged, max_hours: 1 });
  assert.is(game.totals.exposure_minutes, 60);
  assert.is(game.totals.enemy_power_lost, 0);
  const t = DEFAULT_WARGAME_TABLES;
  assert.is(game.totals.friendly_power_lost, round3(t.attrition_per_hour * t.posture_factor.prepared_defence * 1 * 1));
});

test('adjudicateWargame: belt turns end where the main effort crosses the phase line at the pass', () => {
  const result = adjudicateWargame(scenario('west', 7, 'belt'));
  assert.is(result.turns.length, 2);
  assert.is(result.turns[0]!.label, 'Belt 1 of 2: start line to phase line at WEST PASS');
  const passKm = distance(point([WEST_PASS.lon, 50.0]), point([WEST_PASS.lon, CREST_LAT]), KM);
  assert.is(result.turns[0]!.end_minute, Math.ceil(passKm / TRACKED_KM_PER_MIN));
  assert.is(result.turns[1]!.start_minute, result.turns[0]!.end_minute);
  for (const turn of result.turns) {
    assert.equal(Object.keys(turn.synchronisation), [...WARFIGHTING_FUNCTIONS]);
    assert.ok(turn.positions.every((p) => p.mgrs === null || /^32U[A-Z]{2}\d{10}$/.test(p.mgrs)));
  }
  const all = result.turns[1]!.synchronisation;
  assert.ok(all.fires.some((line) => line.startsWith('TM A engages 1st MR Coy by direct fire')));
  assert.ok(all.protection.some((line) => line.startsWith("TM A exposed to 1st MR Coy's fire")));
  assert.ok(all.sustainment.some((line) => line.startsWith('TM A: ')));
  assert.ok(all.intelligence.some((line) => line.includes('TM A gains contact with 1st MR Coy')));
});

test('adjudicateWargame: avenue in depth plays the main effort’s avenue first; box opens at the critical area', () => {
  const avenue = adjudicateWargame(scenario('west', 7, 'avenue_in_depth'));
  assert.is(avenue.turns[0]!.label, 'Avenue of TM A (main effort), depth 1');
  assert.ok(avenue.turns[0]!.positions.every((p) => p.id === 'a' || p.side === 'enemy'));
  const labels = avenue.turns.map((t) => t.label);
  assert.ok(
    labels.indexOf('Avenue of B Co (supporting effort), depth 1') >
      labels.lastIndexOf('Avenue of TM A (main effort), depth 1'),
  );
  const box = adjudicateWargame(scenario('west', 7, 'box'));
  assert.is(box.turns[0]!.label, 'Approach to the box (outside the critical area)');
  // The box: 3,750 m (the enemy ATGM) around the objective; the first turn ends as a unit enters it.
  // Before it no unit is hit, so the main effort (first on the open west pass) moves at the full rate.
  const range = DEFAULT_WARGAME_TABLES.weapon_range_m.atgm / 1000;
  const axis = lineString(scenario('west', 7).friendly[0]!.axis);
  let entry = 1;
  while (distance(along(axis, entry * TRACKED_KM_PER_MIN, KM), point(OBJECTIVE), KM) > range) entry++;
  assert.is(box.turns[0]!.end_minute, entry - 1);
  assert.is(box.turns[1]!.label, 'Box (3.75 km around the objective), turn 1');
  assert.is(box.turns[1]!.start_minute, entry - 1);
  assert.ok(box.turns.slice(1).every((t) => t.end_minute - t.start_minute <= 30));
});

test('adjudicateWargame: a scenario without one main effort or with a bad time is refused', () => {
  const s = scenario('west', 1);
  assert.throws(
    () => adjudicateWargame({ ...s, friendly: s.friendly.filter((f) => f.role !== 'main_effort') }),
    RangeError,
  );
  assert.throws(() => adjudicateWargame({ ...s, h_hour: 'dawn' }), RangeError);
  assert.throws(() => adjudicateWargame({ ...s, combat_power_threshold: 1.5 }), RangeError);
  assert.throws(() => adjudicateWargame({ ...s, seed: 1.5 }), /seed must be an integer/);
  const badAxis = s.friendly.map((f, i) => (i === 1 ? { ...f, axis: [[200, 50] as [number, number], f.axis[1]!] } : f));
  assert.throws(
    () => adjudicateWargame({ ...s, friendly: badAxis }),
    /B Co: the axis has a position that is not \[lon, lat\]/,
  );
  const twin = s.enemy.map((e) => ({ ...e, id: 'a' }));
  assert.throws(() => adjudicateWargame({ ...s, enemy: twin }), /unit ids must be distinct/);
});

test('adjudicateWargame: a plan that shifts the main effort hands it to the unit nearest its objective', () => {
  const s = scenario('east', 7);
  const result = adjudicateWargame({
    ...s,
    decisions: { main_effort_delayed: 'shift_main_effort', combat_power_low: 'commit_reserve' },
  });
  const dp = result.decision_points[0]!;
  assert.is(dp.condition, 'main_effort_delayed');
  assert.is(dp.decision, 'shift_main_effort');
  assert.ok(dp.outcome.startsWith('Main effort shifts from TM A to B Co ('), dp.outcome);
  assert.is(result.totals.main_effort_shifts, 1);
  const after = result.turns.find((t) => t.end_minute >= dp.minute)!.positions;
  assert.is(after.find((p) => p.id === 'b')!.role, 'main_effort');
  assert.is(after.find((p) => p.id === 'a')!.role, 'supporting_effort');
  // The comparison still scores the main effort the order named: the result keeps TM A as main effort.
  assert.is(result.main_effort.name, 'TM A');
  // A second decision to commit a reserve that is still waiting commits it; none left says so.
  const east = adjudicateWargame(s);
  assert.is(east.decision_points[1]!.outcome, 'No uncommitted reserve remains: the decision cannot be carried out.');
});

test('adjudicateWargame: an enemy counterattack moves along its route once a friendly unit is within its trigger', () => {
  const s = duel();
  s.enemy[0] = {
    ...s.enemy[0]!,
    reaction: 'counterattack',
    trigger_m: 2000,
    speed_class: 'tracked',
    route: [s.enemy[0]!.position, [10.0, 50.205]],
  };
  const result = adjudicateWargame(s);
  const reactions = result.turns.flatMap((t) => t.reactions);
  assert.is(reactions[0], 'Enemy Plt counterattacks along its route as A Co closes within 2000 m.');
  assert.ok(reactions.some((r) => r.startsWith('Enemy Plt occupies ') && r.endsWith(' in a hasty defence.')));
  // Attacking, the enemy loses its prepared-defence factor: A Co loses less in the first minute than in the duel.
  const duelLoss = adjudicateWargame(duel()).turns[0]!.losses.find((l) => l.id === 'f')!.combat_power_lost;
  const attackLoss = result.turns[0]!.losses.find((l) => l.id === 'f')!.combat_power_lost;
  assert.ok(attackLoss < duelLoss, `${attackLoss} < ${duelLoss}`);
});

test.run();
