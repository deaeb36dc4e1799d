// FM 5-0 screening of developed COAs, every criterion computed with its figures
// (../shared/reference/ipb-and-coa-facts.md §5.1; ATP 5-0.2-1 paras 2-133 to 2-141):
// - feasible: the force ratio at the decisive point and the time to the objective
//   (check-feasibility.ts) — does_not_meet when either fails, meets when both meet or one meets and
//   the other could not be assessed (its missing input is named), not_assessed when neither could;
// - acceptable: the COA keeps a reserve and its main effort is at or above the minimum planning
//   ratio (risk may be accepted in shaping operations, not at the decisive point — ATP 5-0.2-1 para
//   2-135); the main axis' exposure to observation is reported as the risk that remains;
// - suitable: the main effort's task is the unit's task from the order and its objective is the
//   order's objective (not assessed without an order);
// - distinguishable: no other COA has both its form of maneuver and its main effort's avenue;
// - complete: every part is there — a main effort with axis, objective, task and purpose; a
//   shaping (supporting) effort; a reserve; control measures (the objective, and a phase line at
//   every chokepoint of the axes its units move on — none where the corridors never narrow); the
//   sustaining operation (its route: the main axis); the end state (the order's).
import { screeningResult, type ScreeningCriterion, type ScreeningVerdict } from '../coa-statement/coa-screening.ts';
import type { DevelopedCoa } from './coa-types.ts';
import type { OrderFacts } from './order-facts.ts';
import type { TerrainFacts } from './terrain-facts.ts';

export interface ComputedVerdict {
  verdict: ScreeningVerdict;
  rationale: string;
}
export interface DevelopedScreening {
  screening: Record<ScreeningCriterion, ComputedVerdict>;
  screening_result: ReturnType<typeof screeningResult>;
}

function feasible(coa: DevelopedCoa): ComputedVerdict {
  const { force_ratio: f, time: t } = coa.feasibility;
  const checks = [f, t];
  const text = `Force ratio: ${f.reason} Time: ${t.reason}`;
  if (checks.some((c) => c.verdict === 'does_not_meet')) return { verdict: 'does_not_meet', rationale: text };
  if (checks.every((c) => c.verdict === 'not_assessed')) return { verdict: 'not_assessed', rationale: text };
  return { verdict: 'meets', rationale: text };
}

function acceptable(coa: DevelopedCoa, terrain: TerrainFacts | null): ComputedVerdict {
  const exposure = terrain?.avenues.find((a) => a.avenue_id === coa.main_axis.avenue_id)?.criteria
    .exposure_to_observation;
  const risk = exposure ? ` Remaining risk: ${exposure.reason}.` : '';
  if (!coa.reserve.unit)
    return { verdict: 'does_not_meet', rationale: `No reserve is kept (${coa.reserve.reason}).${risk}` };
  const f = coa.feasibility.force_ratio;
  if (f.verdict === 'not_assessed')
    return { verdict: 'not_assessed', rationale: `Reserve: ${coa.reserve.unit}. ${f.reason}${risk}` };
  if (f.verdict === 'does_not_meet')
    return {
      verdict: 'does_not_meet',
      rationale: `The decisive operation is below the minimum ratio (${f.figures.ratio_label} against ${f.figures.minimum_label}).${risk}`,
    };
  return {
    verdict: 'meets',
    rationale: `Reserve: ${coa.reserve.unit}; the decisive operation at ${f.figures.ratio_label} (minimum ${f.figures.minimum_label}).${risk}`,
  };
}

function suitable(coa: DevelopedCoa, order: OrderFacts | null): ComputedVerdict {
  if (!order || !order.task)
    return { verdict: 'not_assessed', rationale: 'No order task to compare the COA with (no order read).' };
  const main = coa.units.filter((u) => u.role === 'main_effort');
  const taskId = order.task.id;
  const objectiveNames = new Set(order.objectives.map((o) => o.name));
  const onObjective = coa.posture === 'defense' || main.every((u) => u.objective && objectiveNames.has(u.objective));
  const sameTask = !taskId || main.every((u) => u.task.toLowerCase().startsWith(taskId.replace(/_/g, ' ')));
  if (onObjective && sameTask) {
    return {
      verdict: 'meets',
      rationale: `The main effort does the unit’s task (“${order.task.text}”)${coa.posture === 'offense' ? ` on ${main[0]?.objective}` : ''}.`,
    };
  }
  return {
    verdict: 'does_not_meet',
    rationale: `The main effort’s task (${main[0]?.task ?? 'none'}) is not the unit’s task on the order’s objective.`,
  };
}

function distinguishable(coas: readonly DevelopedCoa[], index: number): ComputedVerdict {
  const coa = coas[index]!;
  const key = (c: DevelopedCoa) => `${c.form_of_maneuver}|${c.main_axis.avenue_id}`;
  const twins = coas.filter((c, i) => i !== index && key(c) === key(coa)).map((c) => c.id);
  const form = coa.form_of_maneuver.replace(/_/g, ' ');
  if (twins.length > 0) {
    return {
      verdict: 'does_not_meet',
      rationale: `Same form of maneuver (${form}) and main-effort avenue (${coa.main_axis.avenue_id}) as ${twins.join(', ')}.`,
    };
  }
  return {
    verdict: 'meets',
    rationale: `No other COA has both its form of maneuver (${form}) and main-effort avenue (${coa.main_axis.avenue_id}).`,
  };
}

function complete(coa: DevelopedCoa, order: OrderFacts | null, terrain: TerrainFacts | null): ComputedVerdict {
  const main = coa.units.filter((u) => u.role === 'main_effort');
  const axes = new Set(coa.units.map((u) => u.axis?.avenue_id).filter((a): a is string => !!a));
  const chokepoints = (terrain?.avenues ?? [])
    .filter((a) => axes.has(a.avenue_id))
    .flatMap((a) => a.chokepoints.map((c) => `${a.avenue_id}|${c.mgrs}`));
  const lines = new Set(coa.phase_lines.map((pl) => `${pl.avenue_id}|${pl.mgrs}`));
  const parts: Array<[string, boolean]> = [
    ['main effort', main.length > 0],
    ['main effort axis, objective, task and purpose', main.every((u) => u.axis && u.objective && u.task && u.purpose)],
    ['shaping operation (supporting effort)', coa.units.some((u) => u.role === 'supporting_effort')],
    ['reserve', coa.units.some((u) => u.role === 'reserve')],
    ['objective', coa.objectives.length > 0],
    ['a phase line at every chokepoint of its axes', chokepoints.every((c) => lines.has(c))],
    ['sustaining operation (route along the main axis)', coa.main_axis.geometry.coordinates.length >= 2],
    ['end state (commander’s intent)', !!order?.end_state],
  ];
  const missing = parts.filter(([, ok]) => !ok).map(([name]) => name);
  if (missing.length > 0) return { verdict: 'does_not_meet', rationale: `Missing: ${missing.join('; ')}.` };
  return { verdict: 'meets', rationale: `Has: ${parts.map(([name]) => name).join('; ')}.` };
}

/** The computed screening of each developed COA, in order. */
export function screenDevelopedCoas(
  coas: readonly DevelopedCoa[],
  order: OrderFacts | null,
  terrain: TerrainFacts | null,
): DevelopedScreening[] {
  return coas.map((coa, i) => {
    const screening: Record<ScreeningCriterion, ComputedVerdict> = {
      feasible: feasible(coa),
      acceptable: acceptable(coa, terrain),
      suitable: suitable(coa, order),
      distinguishable: distinguishable(coas, i),
      complete: complete(coa, order, terrain),
    };
    return { screening, screening_result: screeningResult(screening) };
  });
}
