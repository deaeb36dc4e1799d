// COA development on facts (issue 25; ATP 5-0.2-1 step 3 paras 2-129 to 2-146): a set of COAs, each
// on a different avenue of approach of the terrain evaluation (defense: a different arrangement on
// the enemy's avenues), with the unit's real task organisation, a form of maneuver chosen by rule,
// objectives from the order (or key terrain), phase lines at chokepoints, a reserve, and a computed
// feasibility. Rules, in order:
// - COA k puts its main effort on avenue k in ranked order (offense: the friendly direction's
//   avenues; defense: the enemy direction's, most favoured first); a set larger than the avenues
//   reuses them in rank order with the next form of maneuver that applies (form-of-maneuver.ts);
// - units (maneuver units of task-organization.ts, in table order): the supporting effort is the
//   weapons company when there is one, else the last maneuver unit; the reserve, with three or more
//   maneuver units, the last remaining one; the main effort the rest (at least one);
// - the supporting effort moves on the best-ranked other avenue (the same avenue when there is one),
//   fixing the enemy on the objective; the reserve follows the main effort and waits a third of the
//   way along its axis (defense: behind the main effort's position, toward the start of the axis);
// - objectives: the order's objectives the unit's task names, else the best key terrain candidate
//   on the main avenue, else the avenue's end; in defense the main effort's battle position is the
//   first chokepoint of the enemy avenue (else its best key terrain, else its end);
// - phase lines: across each axis at each chokepoint of its corridors, one avenue width long;
// - feasibility (check-feasibility.ts): force ratio at the decisive point, time to the objective.
import { along, length, lineString } from '@turf/turf';
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';
import { checkForceRatio, checkTime } from './check-feasibility.ts';
import type {
  CoaAxis,
  CoaObjective,
  CoaUnit,
  DevelopedCoa,
  LonLat,
  Movement,
  PhaseLine,
  Posture,
  SubordinateUnit,
} from './coa-types.ts';
import { chooseFormOfManeuver } from './form-of-maneuver.ts';
import type { OrderFacts } from './order-facts.ts';
import { phaseLineAcross } from './phase-line-across.ts';
import { taskOrganization, type ForceMovement } from './task-organization.ts';
import type { TerrainAvenue, TerrainFacts } from './terrain-facts.ts';
import { FORM_OF_MANEUVER_LABELS } from '../generation/coa-draft-schema.ts';

export interface CoaDevelopmentInput {
  unit: string;
  branch: string;
  echelon: string;
  count: number;
  /** The terrain evaluation's friendly direction (offense) — and its enemy direction (defense), if any. */
  friendly: TerrainFacts | null;
  enemy: TerrainFacts | null;
  order: OrderFacts | null;
  /** Posture from the operation's description when there is no order (the old rule). */
  fallbackPosture: Posture;
}

export interface CoaDevelopment {
  coas: DevelopedCoa[];
  /** Inputs missing for the whole set, one line each. */
  missing: string[];
  task_organization: { label: string; source: string } | null;
  /** The table's subordinate units (empty without a row), for drafts that have no avenue to put them on. */
  units: SubordinateUnit[];
}

const round = (v: number, d = 1) => Number(v.toFixed(d));

function axisOf(a: TerrainAvenue): CoaAxis {
  return {
    avenue_id: a.avenue_id,
    avenue_rank: a.avenue_rank,
    avenue_score: a.avenue_score,
    geometry: a.geometry,
    length_m: a.length_m,
    seconds: a.seconds,
    narrowest_width_m: a.narrowest_width_m,
  };
}

/** The point `share` of the way along an axis. */
function alongAxis(a: CoaAxis, share: number): LonLat {
  const line = lineString(a.geometry.coordinates);
  const p = along(line, length(line, { units: 'meters' }) * share, { units: 'meters' }).geometry.coordinates;
  return [round(p[0]!, 7), round(p[1]!, 7)];
}

interface Allocation {
  main: SubordinateUnit[];
  supporting: SubordinateUnit | null;
  reserve: SubordinateUnit | null;
}

/** The rule of the header: supporting = weapons company or the last unit; reserve = the next last. */
export function allocateUnits(units: readonly SubordinateUnit[]): Allocation {
  const rest = units.filter((u) => u.maneuver);
  if (rest.length === 0) return { main: [], supporting: null, reserve: null };
  if (rest.length === 1) return { main: rest, supporting: null, reserve: null };
  const weapons = rest.findIndex((u) => u.kind === 'weapons_company');
  const supporting = rest.splice(weapons >= 0 ? weapons : rest.length - 1, 1)[0]!;
  const reserve = rest.length >= 2 ? rest.splice(rest.length - 1, 1)[0]! : null;
  return { main: rest, supporting, reserve };
}

const movementOf = (units: readonly SubordinateUnit[]): Movement =>
  units.every((u) => u.movement === 'foot')
    ? 'foot'
    : units.some((u) => u.movement === 'tracked')
      ? 'tracked'
      : 'wheeled';

function objectivesFor(posture: Posture, main: TerrainAvenue, terrain: TerrainFacts, order: OrderFacts | null) {
  if (posture === 'offense' && order && order.objectives.length > 0) {
    return order.objectives.map((o): CoaObjective => ({
      name: o.name,
      position: o.position,
      mgrs: o.mgrs,
      source: 'order',
      reference: o.reference,
    }));
  }
  if (posture === 'defense' && main.chokepoints.length > 0) {
    const c = main.chokepoints[0]!;
    return [
      {
        name: `BP ${main.avenue_id.replace(/^AA /, '')}`,
        position: c.position,
        mgrs: c.mgrs,
        source: 'key_terrain' as const,
        reference: `chokepoint of ${c.corridor} on ${main.avenue_id}, ${Math.round(c.width_m)} m wide (terrain evaluation)`,
      },
    ];
  }
  const key = terrain.key_terrain.find((k) => k.avenues.includes(main.avenue_id));
  if (key) {
    return [
      {
        name: `OBJ ${key.id.replace(/^KT /, 'KT')}`,
        position: key.position,
        mgrs: key.mgrs,
        source: 'key_terrain' as const,
        reference: `${key.id}, ${key.kind.replace(/_/g, ' ')} on ${main.avenue_id}: ${key.reason} (terrain evaluation)`,
      },
    ];
  }
  return [
    {
      name: `OBJ ${main.avenue_id.replace(/^AA /, 'AA')}`,
      position: main.end.position,
      mgrs: main.end.mgrs,
      source: 'avenue_end' as const,
      reference: `end of ${main.avenue_id} (terrain evaluation)`,
    },
  ];
}

function phaseLines(avenues: readonly TerrainAvenue[], widthM: number, first: number): PhaseLine[] {
  const lines: PhaseLine[] = [];
  for (const a of avenues) {
    for (const c of a.chokepoints) {
      lines.push({
        name: `PL ${first + lines.length}`,
        geometry: phaseLineAcross(a.geometry.coordinates, c.position, Math.max(widthM, c.width_m)),
        mgrs: c.mgrs,
        avenue_id: a.avenue_id,
        width_m: round(c.width_m),
        reason: `chokepoint of ${c.corridor} on ${a.avenue_id}, ${Math.round(c.width_m)} m wide`,
      });
    }
  }
  return lines;
}

/** The COA set. With no avenue to build on it is empty and `missing` says why. */
export function developCoas(input: CoaDevelopmentInput): CoaDevelopment {
  const missing: string[] = [];
  const order = input.order;
  if (!order) missing.push('Order: no order has been read for this operation (POST a document, then read its orders).');
  const posture: Posture = order?.posture ?? input.fallbackPosture;
  const terrain = posture === 'defense' ? (input.enemy ?? input.friendly) : input.friendly;
  if (!input.friendly && !input.enemy) {
    missing.push('Terrain: no terrain evaluation (analysis type terrain_evaluation) has succeeded for this operation.');
  } else if (posture === 'defense' && !input.enemy) {
    missing.push('Terrain: the terrain evaluation has no "enemy" direction; the defense uses the friendly avenues.');
  }
  const movement = (terrain?.force || null) as ForceMovement | null;
  const organization = taskOrganization(input.branch, input.echelon, movement);
  if (organization.organization === null) missing.push(organization.missing);
  if (order) missing.push(...order.missing);
  const avenues = terrain?.avenues ?? [];
  if (terrain && avenues.length === 0)
    missing.push('Terrain: the terrain evaluation found no avenue of approach joining start and objective.');
  if (!terrain || avenues.length === 0 || organization.organization === null) {
    return {
      coas: [],
      missing,
      task_organization: organization.organization ? { label: organization.label, source: organization.source } : null,
      units: organization.organization ? organization.units : [],
    };
  }
  const units = organization.units;
  const { main, supporting, reserve } = allocateUnits(units);
  const maneuverUnits = units.filter((u) => u.maneuver).length;
  const expected = avenues[0]!;
  const coas: DevelopedCoa[] = [];
  for (let k = 0; k < input.count; k++) {
    const mainAvenue = avenues[k % avenues.length]!;
    const other = avenues.find((a) => a !== mainAvenue) ?? mainAvenue;
    const variant = k >= avenues.length;
    const form = chooseFormOfManeuver({
      posture,
      planningMission: order?.planning_mission ?? null,
      movement: movementOf(main),
      maneuverUnits,
      main: mainAvenue,
      expected,
      avenueWidthM: terrain.avenue_width_m,
      variant,
    });
    const mainAxis = axisOf(mainAvenue);
    const otherAxis = axisOf(other);
    const objectives = objectivesFor(posture, mainAvenue, terrain, order);
    const objective = objectives[0]!;
    const verb = posture === 'offense' ? (order?.task?.id ?? 'seize') : (order?.task?.id ?? 'defend');
    const purpose = order?.purpose
      ? /^(in order )?to\b/i.test(order.purpose)
        ? order.purpose
        : `in order to ${order.purpose}`
      : 'to accomplish the unit’s mission';
    const supportPosition =
      posture === 'offense' ? otherAxis.geometry.coordinates[0]! : otherAxis.geometry.coordinates.at(-1)!;
    const reservePosition = posture === 'offense' ? alongAxis(mainAxis, 1 / 3) : alongAxis(mainAxis, 0.9);
    const formLabel = FORM_OF_MANEUVER_LABELS[form.form].toLowerCase();
    const coaUnits: CoaUnit[] = [
      ...main.map((u): CoaUnit => ({
        ...u,
        role: 'main_effort',
        axis: mainAxis,
        objective: objective.name,
        position: posture === 'offense' ? mainAxis.geometry.coordinates[0]! : objective.position,
        task:
          posture === 'offense'
            ? `${verb.replace(/_/g, ' ')} ${objective.name} along ${mainAvenue.avenue_id} (${formLabel})`
            : `${verb.replace(/_/g, ' ')} from ${objective.name} across ${mainAvenue.avenue_id} (${formLabel})`,
        purpose,
      })),
      ...(supporting
        ? [
            {
              ...supporting,
              role: 'supporting_effort' as const,
              axis: otherAxis,
              objective: posture === 'offense' ? objective.name : null,
              position: supportPosition,
              task:
                posture === 'offense'
                  ? `fix the enemy on ${objective.name} from ${other.avenue_id}`
                  : `block ${other.avenue_id} at ${other.chokepoints[0]?.mgrs ?? other.end.mgrs}`,
              purpose: 'to prevent the enemy from shifting forces against the main effort',
            },
          ]
        : []),
      ...(reserve
        ? [
            {
              ...reserve,
              role: 'reserve' as const,
              axis: null,
              objective: null,
              position: reservePosition,
              task: `follow the main effort on ${mainAvenue.avenue_id}; be prepared to reinforce it or to counter a threat from ${other.avenue_id}`,
              purpose: 'to keep the commander’s flexibility at the decisive point',
            },
          ]
        : []),
    ];
    const mainPower = main.reduce((s, u) => s + u.combat_power, 0);
    const feasibility = {
      force_ratio: checkForceRatio(mainPower, order?.enemy ?? null, order?.planning_mission ?? null, {
        objective: objective.name,
        mission_reason: order?.planning_mission_reason ?? null,
        form: form.form,
      }),
      time: checkTime(posture, mainAxis, order?.start ?? null, order?.deadline ?? null),
    };
    const coaMissing = [
      ...(feasibility.force_ratio.missing ? [feasibility.force_ratio.missing] : []),
      ...(feasibility.time.missing ? [feasibility.time.missing] : []),
      ...(variant
        ? [
            `Terrain: ${avenues.length} avenue(s) for ${input.count} COAs; COA ${k + 1} reuses ${mainAvenue.avenue_id} with another form.`,
          ]
        : []),
    ];
    coas.push({
      id: `COA ${k + 1}`,
      name: `COA ${k + 1}: ${FORM_OF_MANEUVER_LABELS[form.form]} on ${mainAvenue.avenue_id}`,
      posture,
      form_of_maneuver: form.form,
      form_reason: form.reason,
      main_axis: mainAxis,
      supporting_axes: supporting ? [otherAxis] : [],
      units: coaUnits,
      objectives,
      phase_lines: phaseLines(
        supporting && other !== mainAvenue ? [mainAvenue, other] : [mainAvenue],
        terrain.avenue_width_m,
        1,
      ),
      reserve: {
        unit: reserve?.name ?? null,
        position: reservePosition,
        reason: reserve
          ? posture === 'offense'
            ? `a third of the way along ${mainAvenue.avenue_id}, behind the main effort (${mgrsReference(reservePosition) ?? ''})`
            : `behind the main effort's position on ${mainAvenue.avenue_id} (${mgrsReference(reservePosition) ?? ''})`
          : `no reserve: ${maneuverUnits} maneuver unit(s) only`,
      },
      feasibility,
      missing: coaMissing,
    });
  }
  return { coas, missing, task_organization: { label: organization.label, source: organization.source }, units };
}
