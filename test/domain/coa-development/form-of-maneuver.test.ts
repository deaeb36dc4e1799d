// The form-of-maneuver rules on avenues built to sit on either side of each threshold.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  angleBetween,
  approachBearing,
  chooseFormOfManeuver,
  type FormInput,
} from '../../../domain/coa-development/form-of-maneuver.ts';
import type { TerrainAvenue } from '../../../domain/coa-development/terrain-facts.ts';
import type { LonLat } from '../../../domain/coa-development/coa-types.ts';

const OBJ: LonLat = [10, 50.05];
/** An avenue reaching OBJ from `fromBearing` (degrees), 5 km long, straight. */
function avenue(id: string, fromBearing: number, narrowest: number, cover: number): TerrainAvenue {
  const rad = (fromBearing * Math.PI) / 180;
  const start: LonLat = [OBJ[0] - (Math.sin(rad) * 5) / 71.7, OBJ[1] - (Math.cos(rad) * 5) / 111.2];
  const coordinates: LonLat[] = Array.from({ length: 11 }, (_, i) => [
    start[0] + ((OBJ[0] - start[0]) * i) / 10,
    start[1] + ((OBJ[1] - start[1]) * i) / 10,
  ]);
  return {
    avenue_id: id,
    avenue_rank: Number(id.slice(3)),
    avenue_score: 0.5,
    geometry: { type: 'LineString', coordinates },
    length_m: 5000,
    seconds: 900,
    narrowest_width_m: narrowest,
    cover_share: cover,
    start: { mgrs: '', position: start },
    end: { mgrs: '', position: OBJ },
    chokepoints: [],
    criteria: {},
  };
}
const AA1 = avenue('AA 1', 0, 2000, 0); // from the south, wide open
const input = (over: Partial<FormInput>): FormInput => ({
  posture: 'offense',
  planningMission: 'deliberate_attack',
  movement: 'tracked',
  maneuverUnits: 3,
  main: AA1,
  expected: AA1,
  avenueWidthM: 500,
  variant: false,
  ...over,
});

test('approach bearings and the angle between them', () => {
  assert.ok(Math.abs(approachBearing(AA1.geometry.coordinates)) < 0.5, 'northward into the objective');
  assert.ok(Math.abs(approachBearing(avenue('AA 2', 90, 0, 0).geometry.coordinates) - 90) < 0.5);
  assert.is(angleBetween(170, -170), 20);
  assert.is(angleBetween(-90, 90), 180);
});

test('offense: frontal on a wide expected avenue, penetration on a narrow one, envelopment from ≥ 45° off', () => {
  assert.is(chooseFormOfManeuver(input({})).form, 'frontal_attack');
  assert.is(chooseFormOfManeuver(input({ main: avenue('AA 1', 0, 999, 0) })).form, 'penetration');
  assert.is(chooseFormOfManeuver(input({ main: avenue('AA 1', 0, 1000, 0) })).form, 'frontal_attack');
  const flank = chooseFormOfManeuver(input({ main: avenue('AA 2', 50, 2000, 0) }));
  assert.is(flank.form, 'envelopment');
  assert.match(flank.reason, /^Envelopment: AA 2 reaches the objective 50° off AA 1/);
  assert.is(chooseFormOfManeuver(input({ main: avenue('AA 2', 40, 2000, 0) })).form, 'frontal_attack');
});

test('infiltration only for a force on foot and an avenue under cover', () => {
  const covered = avenue('AA 1', 0, 2000, 0.3);
  assert.is(chooseFormOfManeuver(input({ movement: 'foot', main: covered })).form, 'infiltration');
  assert.is(chooseFormOfManeuver(input({ movement: 'tracked', main: covered })).form, 'frontal_attack');
  assert.is(
    chooseFormOfManeuver(input({ movement: 'foot', main: avenue('AA 1', 0, 2000, 0.29) })).form,
    'frontal_attack',
  );
  // A variant takes the next form that applies.
  assert.is(chooseFormOfManeuver(input({ movement: 'foot', main: covered, variant: true })).form, 'frontal_attack');
});

test('defense: delay → retrograde; mounted and ≥ 3 units → mobile defense as the variant; else area', () => {
  const d = (over: Partial<FormInput>) => chooseFormOfManeuver(input({ posture: 'defense', ...over })).form;
  assert.is(d({ planningMission: 'delay' }), 'retrograde');
  assert.is(d({ planningMission: 'deliberate_defend' }), 'area_defense');
  assert.is(d({ variant: true }), 'mobile_defense');
  assert.is(d({ variant: true, movement: 'foot' }), 'area_defense');
  assert.is(d({ variant: true, maneuverUnits: 2 }), 'area_defense');
});

test.run();
