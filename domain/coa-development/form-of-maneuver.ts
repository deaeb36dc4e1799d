// The form of maneuver of a COA, chosen by rules from the force and the ground, each choice with its
// reason (ADP 3-90 ch. 3 / FM 3-90; ../shared/reference/ipb-and-coa-facts.md §5.4; issue 25):
// offense, in this order —
// 1. infiltration: only a dismounted force, and only on an avenue under forest or built-up cover for
//    at least INFILTRATION_COVER_SHARE of its ground (covert movement needs concealment);
// 2. envelopment: the main effort's avenue reaches the objective at least FLANK_ANGLE_DEG off the
//    approach of the avenue the enemy is expected to face (the top-ranked one) — a second avenue to
//    the objective's flank — while a supporting effort fixes on that first avenue;
// 3. penetration: the avenue narrows to less than twice the avenue's echelon width somewhere (the
//    canalization test of rank-avenues.ts) — a narrow front the corridor provides to mass on;
// 4. otherwise a frontal attack (the only form that needs nothing of the ground).
// A turning movement needs an objective deep in the enemy's rear, which neither the terrain
// evaluation (avenues end on the objective) nor the order reader yields: it is never chosen.
// Defense: retrograde when the task is to delay; a mobile defense for a COA that varies a
// mounted force of three or more maneuver units (a fixing and a striking force); else an area defense.
import { bearing, along, length, point, lineString } from '@turf/turf';
import type { FormOfManeuver, Movement, Posture } from './coa-types.ts';
import type { PlanningMission } from './planning-ratios.ts';
import type { TerrainAvenue } from './terrain-facts.ts';

export const INFILTRATION_COVER_SHARE = 0.3;
export const FLANK_ANGLE_DEG = 45;
/** How far back from the objective an avenue's approach bearing is taken, metres. */
export const APPROACH_M = 1000;

/** Bearing (degrees, −180…180) of the last APPROACH_M of an axis into its end. */
export function approachBearing(coordinates: readonly [number, number][]): number {
  const line = lineString(coordinates.map((c) => [c[0], c[1]]));
  const total = length(line, { units: 'meters' });
  const from = total > APPROACH_M ? along(line, total - APPROACH_M, { units: 'meters' }) : point(coordinates[0]!);
  return bearing(from, point(coordinates[coordinates.length - 1]!));
}

/** The smaller angle between two bearings, degrees 0–180. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

export interface FormChoice {
  form: FormOfManeuver;
  reason: string;
}

export interface FormInput {
  posture: Posture;
  planningMission: PlanningMission | null;
  /** How the main effort moves (all of its units: foot only when every one is on foot). */
  movement: Movement;
  maneuverUnits: number;
  main: TerrainAvenue;
  /** The avenue the enemy is expected to face (rank 1). */
  expected: TerrainAvenue;
  avenueWidthM: number;
  /** A further COA on an avenue already used: vary the form. */
  variant: boolean;
}

const pct = (v: number) => `${Math.round(v * 100)} %`;

function offense(i: FormInput): FormChoice[] {
  const { main, expected } = i;
  const choices: FormChoice[] = [];
  if (i.movement === 'foot' && main.cover_share >= INFILTRATION_COVER_SHARE) {
    choices.push({
      form: 'infiltration',
      reason:
        `Infiltration: a dismounted main effort and ${main.avenue_id} under cover for ${pct(main.cover_share)} of its ` +
        `ground (at least ${pct(INFILTRATION_COVER_SHARE)} needed to move covertly).`,
    });
  }
  if (main.avenue_id !== expected.avenue_id) {
    const angle = angleBetween(
      approachBearing(main.geometry.coordinates),
      approachBearing(expected.geometry.coordinates),
    );
    if (angle >= FLANK_ANGLE_DEG) {
      choices.push({
        form: 'envelopment',
        reason:
          `Envelopment: ${main.avenue_id} reaches the objective ${Math.round(angle)}° off ${expected.avenue_id}, ` +
          `the avenue the enemy is expected to face (at least ${FLANK_ANGLE_DEG}° makes it a flank).`,
      });
    }
  }
  const deploy = 2 * i.avenueWidthM;
  if (main.narrowest_width_m < deploy) {
    choices.push({
      form: 'penetration',
      reason:
        `Penetration: ${main.avenue_id} narrows to ${Math.round(main.narrowest_width_m)} m, less than the ` +
        `${Math.round(deploy)} m to deploy — a narrow front to mass on.`,
    });
  }
  const why =
    i.movement !== 'foot' ? `a ${i.movement} force cannot infiltrate` : `${main.avenue_id} lacks cover to infiltrate`;
  choices.push({
    form: 'frontal_attack',
    reason:
      `Frontal attack: ${why}, ${main.avenue_id} offers no flank off the expected avenue and no narrow front ` +
      `(narrowest ${Math.round(main.narrowest_width_m)} m, ${Math.round(deploy)} m to deploy).`,
  });
  return choices;
}

function defense(i: FormInput): FormChoice[] {
  if (i.planningMission === 'delay')
    return [{ form: 'retrograde', reason: 'Retrograde: the unit’s task is to delay, trading space for time.' }];
  const choices: FormChoice[] = [
    {
      form: 'area_defense',
      reason: `Area defense: deny ${i.main.avenue_id} from mutually supporting positions with a reserve (ATP 3-21.8 para 3-12).`,
    },
  ];
  if (i.movement !== 'foot' && i.maneuverUnits >= 3) {
    choices.push({
      form: 'mobile_defense',
      reason:
        `Mobile defense: a ${i.movement} force of ${i.maneuverUnits} maneuver units can fix the enemy on ` +
        `${i.main.avenue_id} and strike it with the rest.`,
    });
  }
  return choices;
}

/** The form of maneuver by the rules above; a variant takes the next form that applies, if any. */
export function chooseFormOfManeuver(input: FormInput): FormChoice {
  const choices = input.posture === 'offense' ? offense(input) : defense(input);
  if (input.variant && choices.length > 1) return choices[1]!;
  return choices[0]!;
}
