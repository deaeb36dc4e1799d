// Feasibility computed (FM 5-0 screening, "feasible": within the available time, space and
// resources; ATP 5-0.2-1 paras 2-133 to 2-136):
// - force ratio at the decisive point: the main effort's combat power (maneuver-company
//   equivalents, task-organization.ts) against the enemy strength the order states
//   (enemy-strength.ts) — the whole enemy is taken to be at the objective, since the order gives
//   one strength and no disposition by position — against the minimum planning ratio of the task
//   (planning-ratios.ts, ATP 5-0.2-1 Table 2-12); meets when ratio ≥ minimum;
// - time: the main effort's travel time along its avenue on the route model (the terrain
//   evaluation's seconds) against the order's window from the start (LD) to the task's NLT time;
//   meets when it fits.
import type { CoaAxis, FeasibilityCheck, FormOfManeuver, Posture } from './coa-types.ts';
import type { EnemyStrength } from './enemy-strength.ts';
import { formatRatio, MINIMUM_PLANNING_RATIO, PLANNING_RATIO_SOURCE, type PlanningMission } from './planning-ratios.ts';

const round = (v: number, d = 2) => Number(v.toFixed(d));
/** Ratios are compared on 6 decimals: 3 companies against one is 3:1, not 2.9999999. */
const atLeast = (a: number, b: number) => round(a, 6) >= round(b, 6);

export function checkForceRatio(
  friendly: number,
  enemy: EnemyStrength | null,
  mission: PlanningMission | null,
  context: { objective: string; mission_reason: string | null; form: FormOfManeuver },
): FeasibilityCheck {
  if (!enemy) {
    return {
      verdict: 'not_assessed',
      figures: { friendly_company_equivalents: round(friendly) },
      reason: 'Force ratio not computed: the enemy strength is not known.',
      missing: `Order: no enemy strength read (paragraph 1c): the force ratio at ${context.objective} is not computed.`,
    };
  }
  if (!mission) {
    return {
      verdict: 'not_assessed',
      figures: {
        friendly_company_equivalents: round(friendly),
        enemy_company_equivalents: round(enemy.company_equivalents),
      },
      reason: 'Force ratio not compared: no task to look the minimum planning ratio up for.',
      missing: 'Order: no offensive or defensive task to the unit: no minimum planning ratio applies.',
    };
  }
  const ratio = friendly / enemy.company_equivalents;
  const required = MINIMUM_PLANNING_RATIO[mission];
  const meets = atLeast(ratio, required.ratio);
  const lead =
    context.form === 'penetration'
      ? ` The lead element at the point of penetration needs ${MINIMUM_PLANNING_RATIO.penetration_lead_element.label} against the enemy there, which the order does not give.`
      : '';
  return {
    verdict: meets ? 'meets' : 'does_not_meet',
    figures: {
      friendly_company_equivalents: round(friendly),
      enemy_company_equivalents: round(enemy.company_equivalents),
      enemy_read: enemy.read,
      ratio: round(ratio, 3),
      ratio_label: formatRatio(ratio),
      planning_mission: mission,
      minimum_ratio: round(required.ratio, 3),
      minimum_label: required.label,
      source: PLANNING_RATIO_SOURCE,
    },
    reason:
      `Main effort ${round(friendly)} company equivalent(s) against ${round(enemy.company_equivalents)} ` +
      `(“${enemy.read}”) at ${context.objective}: ${formatRatio(ratio)} ${meets ? 'meets' : 'is below'} the ` +
      `${required.label} minimum for a ${mission.replace(/_/g, ' ')} (${PLANNING_RATIO_SOURCE}` +
      `${context.mission_reason ? `; ${context.mission_reason}` : ''}).${lead}`,
    missing: null,
  };
}

export function checkTime(
  posture: Posture,
  axis: CoaAxis,
  start: { iso: string; text: string } | null,
  deadline: { iso: string; text: string } | null,
): FeasibilityCheck {
  const minutes = round(axis.seconds / 60, 1);
  if (posture === 'defense') {
    return {
      verdict: 'not_assessed',
      figures: { enemy_minutes_along_avenue: minutes },
      reason:
        `The enemy needs ${minutes} min along ${axis.avenue_id} to the position; the defense's time check ` +
        '(arrival against preparation time) is the war game’s.',
      missing: null,
    };
  }
  if (!start || !deadline) {
    const what = !start && !deadline ? 'start time (LD) nor NLT time' : !start ? 'start time (LD)' : 'NLT time';
    return {
      verdict: 'not_assessed',
      figures: { minutes_along_avenue: minutes },
      reason: `${minutes} min along ${axis.avenue_id} to the objective; not compared: the order gives no ${what}.`,
      missing: `Order: no ${what} read: the time to the objective (${minutes} min) is not compared.`,
    };
  }
  const available = (Date.parse(deadline.iso) - Date.parse(start.iso)) / 60_000;
  const meets = axis.seconds / 60 <= available;
  return {
    verdict: meets ? 'meets' : 'does_not_meet',
    figures: {
      minutes_along_avenue: minutes,
      length_m: round(axis.length_m, 0),
      start: start.iso,
      deadline: deadline.iso,
      available_minutes: round(available, 1),
      margin_minutes: round(available - axis.seconds / 60, 1),
    },
    reason:
      `${minutes} min along ${axis.avenue_id} (${round(axis.length_m / 1000, 1)} km, route model) against ` +
      `${round(available, 1)} min from ${start.text} to ${deadline.text}: ${meets ? 'in time' : 'too late'}.`,
    missing: null,
  };
}
