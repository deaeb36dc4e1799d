// The adjudicated war game of one COA: a deterministic, seeded time-step model (one-minute steps),
// simple and documented rather than elaborate (README, "Adjudicated war game"). Each minute:
//  1. the enemy acts by its most likely COA's rule (defend holds; delay and counterattack move along
//     their route once a friendly unit comes within the trigger distance);
//  2. contact and exposure, at the minute's start positions: a unit is exposed where it is in line of
//     sight of an enemy position (the terrain's viewshed sampler) and within that enemy's weapon range;
//     fire is exchanged where either side sees and reaches the other;
//  3. attrition by Lanchester's square law per enemy unit and the friendly units in contact with it,
//     coefficients from the table (the base rate × the firer's posture factor);
//  4. friendly units move along their axes at the table's rate of march × the mobility factor under
//     them (× the engaged factor in contact); an obstacle on the axis halts a unit for a breach time
//     the seed draws within the table's range, and later units pass through its lane;
//  5. units below the breakpoint break off; a unit at its axis's end with no unbroken enemy within
//     assault range has seized its objective;
//  6. decision points: the main effort held at a chokepoint or obstacle with its projected arrival
//     later than the order's NLT; a unit below the combat-power threshold — each with the decision the
//     plan foresees (commit the reserve, shift the main effort), carried out in the game.
// The turns group the minutes by the method (belt, avenue in depth, box). Same scenario and seed give
// the same result, byte for byte. Pure.
import { along, distance, length, lineString, nearestPointOnLine, point } from '@turf/turf';
import type { Feature, LineString } from 'geojson';
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';
import { lanchesterSquare } from './lanchester-square.ts';
import { seededRandom } from './seeded-random.ts';
import { buildTurns, type Contact, type GameEvent } from './build-turns.ts';
import type { DecisionPoint, UnitPosition, WargameResult, WarfightingFunction } from './wargame-result.ts';
import type {
  EnemyUnit,
  FriendlyRole,
  FriendlyUnit,
  LonLat,
  PlannedDecision,
  WargameScenario,
} from './wargame-scenario.ts';
import { DEFAULT_WARGAME_TABLES, type ObstacleKind, type Posture, type WargameTables } from './wargame-tables.ts';

/** An obstacle or chokepoint this close to an axis lies on it, metres. */
export const ON_AXIS_M = 250;
/** A unit at its axis's end seizes the objective when no unbroken enemy is this close, metres. */
export const ASSAULT_RANGE_M = 500;
/** One step of the game, hours. */
const STEP_HOURS = 1 / 60;

const KM = { units: 'kilometers' } as const;

/** FM 5-0 / ATP 5-0.2-1 Table 2-12 minimum ratio for attacking an enemy in each posture. */
const REQUIRED_RATIO: Record<Posture, { ratio: number; task: string }> = {
  attack: { ratio: 1, task: 'counterattack 1:1' },
  hasty_defence: { ratio: 2.5, task: 'hasty attack 2.5:1' },
  prepared_defence: { ratio: 3, task: 'deliberate attack 3:1' },
  fortified_defence: { ratio: 3, task: 'deliberate attack 3:1' },
  delay: { ratio: 2.5, task: 'hasty attack 2.5:1' },
};

type FriendlyStatus = 'waiting' | 'moving' | 'breaching' | 'on_objective' | 'halted';
type EnemyStatus = 'in_position' | 'moving' | 'broken';

interface FriendlyState {
  unit: FriendlyUnit;
  role: FriendlyRole;
  axis: Feature<LineString>;
  length_km: number;
  /** Obstacles on the axis by distance along it, km. */
  obstacles: Array<{ at_km: number; name: string; kind: ObstacleKind; id: string }>;
  chokepoints: Array<{ at_km: number; name: string }>;
  next_obstacle: number;
  km: number;
  position: LonLat;
  power: number;
  status: FriendlyStatus;
  breach_until: number;
  seized: number | null;
}

interface EnemyState {
  unit: EnemyUnit;
  route: Feature<LineString> | null;
  route_km: number;
  km: number;
  position: LonLat;
  power: number;
  posture: Posture;
  status: EnemyStatus;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function timeAt(hHour: string, minute: number): string {
  return new Date(Date.parse(hHour) + minute * 60_000).toISOString().slice(0, 16) + 'Z';
}

function onAxis(axis: Feature<LineString>, position: LonLat): number | null {
  const nearest = nearestPointOnLine(axis, point(position), KM);
  return nearest.properties.dist * 1000 <= ON_AXIS_M ? nearest.properties.location : null;
}

function positionAlong(line: Feature<LineString>, km: number, total: number): LonLat {
  if (km <= 0) return line.geometry.coordinates[0] as LonLat;
  if (km >= total) return line.geometry.coordinates.at(-1) as LonLat;
  return along(line, km, KM).geometry.coordinates as LonLat;
}

/** Throws a RangeError naming what is wrong with a scenario (terrain aside); adjudicateWargame calls it. */
export function checkWargameScenario(
  s: Omit<WargameScenario, 'terrain'>,
  tables: WargameTables = DEFAULT_WARGAME_TABLES,
) {
  if (!Number.isFinite(Date.parse(s.h_hour))) throw new RangeError(`h_hour is not an ISO time: ${s.h_hour}`);
  if (s.objective_nlt !== null && !Number.isFinite(Date.parse(s.objective_nlt))) {
    throw new RangeError(`objective_nlt is not an ISO time: ${s.objective_nlt}`);
  }
  const mainEfforts = s.friendly.filter((u) => u.role === 'main_effort');
  if (mainEfforts.length !== 1) throw new RangeError(`a COA needs one main effort, got ${mainEfforts.length}`);
  for (const u of [...s.friendly, ...s.enemy]) {
    if (!(u.combat_power > 0)) throw new RangeError(`${u.name}: combat power must be > 0`);
  }
  const isPosition = (p: LonLat) => Array.isArray(p) && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90 && p.length === 2;
  for (const u of s.friendly) {
    if (u.axis.length < 2) throw new RangeError(`${u.name}: an axis needs at least two positions`);
    if (!u.axis.every(isPosition)) throw new RangeError(`${u.name}: the axis has a position that is not [lon, lat]`);
  }
  for (const e of s.enemy) {
    if (!isPosition(e.position)) throw new RangeError(`${e.name}: the position is not [lon, lat]`);
    if (e.route && !e.route.every(isPosition))
      throw new RangeError(`${e.name}: the route has a position that is not [lon, lat]`);
  }
  for (const p of [...s.obstacles, ...s.chokepoints]) {
    if (!isPosition(p.position)) throw new RangeError(`${p.name}: the position is not [lon, lat]`);
  }
  if (
    new Set(s.friendly.map((u) => u.id).concat(s.enemy.map((u) => u.id))).size !==
    s.friendly.length + s.enemy.length
  ) {
    throw new RangeError('unit ids must be distinct');
  }
  if (!Number.isInteger(s.seed)) throw new RangeError('the seed must be an integer');
  if (!(s.combat_power_threshold > 0 && s.combat_power_threshold < 1)) {
    throw new RangeError('combat_power_threshold must be between 0 and 1');
  }
  if (!(tables.breakpoint > 0 && tables.breakpoint < 1)) throw new RangeError('breakpoint must be between 0 and 1');
}

export function adjudicateWargame(scenario: WargameScenario): WargameResult {
  const tables: WargameTables = { ...DEFAULT_WARGAME_TABLES, ...scenario.tables };
  checkWargameScenario(scenario, tables);
  const random = seededRandom(scenario.seed);
  const terrain = scenario.terrain;
  const maxMinutes = Math.round((scenario.max_hours ?? 24) * 60);
  const nltMinute =
    scenario.objective_nlt === null
      ? null
      : (Date.parse(scenario.objective_nlt) - Date.parse(scenario.h_hour)) / 60_000;
  const missing: string[] = [];
  if (nltMinute === null) {
    missing.push(
      'Order time for the objective (NLT): not given, so the main-effort-delay decision point is not assessed.',
    );
  }
  if (scenario.enemy.length === 0) missing.push('Enemy units: none given, so no engagement is adjudicated.');

  const friendly: FriendlyState[] = scenario.friendly.map((unit) => {
    const axis = lineString(unit.axis);
    const obstacles = scenario.obstacles
      .map((o) => ({ at_km: onAxis(axis, o.position), name: o.name, kind: o.kind, id: o.id }))
      .filter((o): o is { at_km: number; name: string; kind: typeof o.kind; id: string } => o.at_km !== null)
      .sort((a, b) => a.at_km - b.at_km || a.id.localeCompare(b.id));
    const chokepoints = scenario.chokepoints
      .map((c) => ({ at_km: onAxis(axis, c.position), name: c.name }))
      .filter((c): c is { at_km: number; name: string } => c.at_km !== null)
      .sort((a, b) => a.at_km - b.at_km);
    return {
      unit,
      role: unit.role,
      axis,
      length_km: length(axis, KM),
      obstacles,
      chokepoints,
      next_obstacle: 0,
      km: 0,
      position: unit.axis[0]!,
      power: unit.combat_power,
      status: unit.role === 'reserve' ? 'waiting' : 'moving',
      breach_until: 0,
      seized: null,
    };
  });
  const enemy: EnemyState[] = scenario.enemy.map((unit) => {
    const route = unit.route && unit.route.length >= 2 ? lineString(unit.route) : null;
    return {
      unit,
      route,
      route_km: route ? length(route, KM) : 0,
      km: 0,
      position: unit.position,
      power: unit.combat_power,
      posture: unit.posture,
      status: 'in_position',
    };
  });
  const initialMainEffort = friendly.find((f) => f.role === 'main_effort')!;
  const objectiveEnd = initialMainEffort.unit.axis.at(-1)!;
  const objectiveEnemy = enemy.length
    ? enemy.reduce((best, e) =>
        distance(point(e.unit.position), point(objectiveEnd), KM) <
        distance(point(best.unit.position), point(objectiveEnd), KM)
          ? e
          : best,
      )
    : null;

  const events: GameEvent[] = [];
  const decisionPoints: DecisionPoint[] = [];
  const snapshots: UnitPosition[][] = [];
  const lossesByMinute: Array<Map<string, number>> = [];
  const contactsByMinute: Contact[][] = [];
  const positionsByMinute: Array<Map<string, { position: LonLat; km: number }>> = [];
  const inContact = new Set<string>();
  /** The minute each obstacle's lane is open: later units pass through it. */
  const lanes = new Map<string, number>();
  const breachers = new Map<string, string>();
  const sighted = new Set<string>();
  const lowPower = new Set<string>();
  let delayDecided = false;
  let exposureMinutes = 0;
  let mainEffortHalted = 0;
  let shifts = 0;
  let unknownMobility = 0;
  let decisive: WargameResult['decisive_point'] | null = null;
  const log = (minute: number, wff: WarfightingFunction, kind: GameEvent['kind'], units: string[], text: string) =>
    events.push({ minute, wff, kind, units, text });
  const mgrs = (p: LonLat) => mgrsReference(p) ?? `${round(p[1], 5)},${round(p[0], 5)}`;
  const mainEffort = () => friendly.find((f) => f.role === 'main_effort')!;
  /** Minutes to the axis's end at the unimpeded rate of march (GO, not in contact). */
  const unimpededMinutes = (f: FriendlyState) =>
    ((f.length_km - f.km) / tables.march_rate_kmh[f.unit.speed_class]) * 60;

  const carryOut = (minute: number, decision: PlannedDecision, cause: FriendlyState): string => {
    if (decision === 'commit_reserve') {
      const reserve = friendly.find((f) => f.role === 'reserve' && f.status === 'waiting');
      if (!reserve) return 'No uncommitted reserve remains: the decision cannot be carried out.';
      reserve.status = 'moving';
      reserve.role = 'supporting_effort';
      const text = `${reserve.unit.name} (reserve) committed along its axis to ${reserve.unit.objective}.`;
      log(minute, 'command_and_control', 'counteraction', [reserve.unit.id], text);
      return text;
    }
    const me = mainEffort();
    const candidates = friendly
      .filter((f) => f !== me && f !== cause && (f.status === 'moving' || f.status === 'on_objective'))
      .map((f) => ({ f, eta: f.status === 'on_objective' ? 0 : unimpededMinutes(f) }))
      .sort((a, b) => a.eta - b.eta || a.f.unit.id.localeCompare(b.f.unit.id));
    if (candidates.length === 0)
      return 'No other unit can take over the main effort: the decision cannot be carried out.';
    const next = candidates[0]!.f;
    me.role = 'supporting_effort';
    next.role = 'main_effort';
    shifts++;
    const text = `Main effort shifts from ${me.unit.name} to ${next.unit.name} (${round(candidates[0]!.eta, 0)} min from its objective).`;
    log(minute, 'command_and_control', 'counteraction', [me.unit.id, next.unit.id], text);
    return text;
  };
  const recordDecision = (
    minute: number,
    condition: DecisionPoint['condition'],
    text: string,
    decision: PlannedDecision,
    cause: FriendlyState,
  ) => {
    const number = decisionPoints.length + 1;
    log(minute, 'command_and_control', 'action', [cause.unit.id], `DP ${number}: ${text}`);
    const outcome = carryOut(minute, decision, cause);
    decisionPoints.push({ number, minute, time: timeAt(scenario.h_hour, minute), condition, text, decision, outcome });
  };

  let minute: number;
  let endReason = `time limit (${maxMinutes / 60} h) reached`;
  for (minute = 1; minute <= maxMinutes; minute++) {
    // 1. The enemy acts on its most likely COA.
    for (const e of enemy) {
      if (e.status === 'broken' || !e.route) continue;
      if (e.status === 'in_position' && e.km === 0 && e.unit.reaction !== 'defend') {
        const trigger = e.unit.trigger_m ?? 0;
        const near = friendly.find(
          (f) => f.status !== 'waiting' && distance(point(f.position), point(e.position), KM) * 1000 <= trigger,
        );
        if (near) {
          e.status = 'moving';
          e.posture = e.unit.reaction === 'delay' ? 'delay' : 'attack';
          const verb = e.unit.reaction === 'delay' ? 'delays back' : 'counterattacks';
          log(
            minute,
            'movement_and_maneuver',
            'reaction',
            [e.unit.id, near.unit.id],
            `${e.unit.name} ${verb} along its route as ${near.unit.name} closes within ${trigger} m.`,
          );
        }
      }
      if (e.status === 'moving') {
        const speed = tables.march_rate_kmh[e.unit.speed_class ?? 'tracked'];
        e.km = Math.min(
          e.route_km,
          e.km +
            speed *
              STEP_HOURS *
              tables.mobility_factor[terrain.mobility(e.position, e.unit.speed_class ?? 'tracked') ?? 'GO'],
        );
        e.position = positionAlong(e.route, e.km, e.route_km);
        if (e.km >= e.route_km) {
          e.status = 'in_position';
          e.posture = 'hasty_defence';
          log(
            minute,
            'movement_and_maneuver',
            'reaction',
            [e.unit.id],
            `${e.unit.name} occupies ${mgrs(e.position)} in a hasty defence.`,
          );
        }
      }
    }
    // 2. Contact and exposure (before movement: fire at the minute's start positions).
    const active = friendly.filter((f) => f.status !== 'waiting' && f.status !== 'halted');
    const contact = new Map<EnemyState, Array<{ f: FriendlyState; fires: boolean; hit: boolean }>>();
    const engaged = new Set<FriendlyState>();
    for (const e of enemy) {
      if (e.status === 'broken') continue;
      const pairs: Array<{ f: FriendlyState; fires: boolean; hit: boolean }> = [];
      for (const f of active) {
        const metres = distance(point(e.position), point(f.position), KM) * 1000;
        const reach = Math.max(tables.weapon_range_m[e.unit.weapon_class], tables.weapon_range_m[f.unit.weapon_class]);
        if (metres > reach || !terrain.visible(e.position, f.position)) continue;
        const hit = metres <= tables.weapon_range_m[e.unit.weapon_class];
        const fires = metres <= tables.weapon_range_m[f.unit.weapon_class];
        const key = `${f.unit.id}|${e.unit.id}`;
        if (!sighted.has(key)) {
          sighted.add(key);
          log(
            minute,
            'intelligence',
            'action',
            [f.unit.id, e.unit.id],
            `${f.unit.name} gains contact with ${e.unit.name} at ${mgrs(e.position)}, ${round(metres, 0)} m.`,
          );
        }
        if (hit || fires) pairs.push({ f, fires, hit });
        if (hit) engaged.add(f);
      }
      if (pairs.length) contact.set(e, pairs);
    }
    exposureMinutes += engaged.size;
    // 3. Attrition: Lanchester's square law per enemy unit and the friendly units in contact with it.
    const losses = new Map<string, number>();
    const addLoss = (id: string, value: number) => losses.set(id, (losses.get(id) ?? 0) + value);
    for (const [e, pairs] of contact) {
      const a0 = pairs.reduce((sum, p) => sum + p.f.power, 0);
      const firing = pairs.filter((p) => p.fires).reduce((sum, p) => sum + p.f.power, 0);
      const targets = pairs.filter((p) => p.hit);
      const targetPower = targets.reduce((sum, p) => sum + p.f.power, 0);
      const alpha = tables.attrition_per_hour * tables.posture_factor.attack * (firing / a0);
      const beta = targetPower > 0 ? tables.attrition_per_hour * tables.posture_factor[e.posture] : 0;
      const { a, b } = lanchesterSquare(a0, e.power, alpha, beta, STEP_HOURS);
      addLoss(e.unit.id, e.power - b);
      for (const t of targets) addLoss(t.f.unit.id, ((a0 - a) * t.f.power) / targetPower);
      if (decisive === null && e === objectiveEnemy && pairs.some((p) => p.f === mainEffort())) {
        const ratio = a0 / e.power;
        const required = REQUIRED_RATIO[e.posture];
        decisive = {
          enemy: e.unit.name,
          minute,
          friendly_power: round(a0),
          enemy_power: round(e.power),
          ratio: round(ratio),
          required: required.ratio,
          required_source: `FM 5-0 / ATP 5-0.2-1 Table 2-12, ${required.task} against an enemy in ${e.posture.replace('_', ' ')}`,
        };
        log(
          minute,
          'fires',
          'action',
          [mainEffort().unit.id, e.unit.id],
          `Decisive point: ${pairs.map((p) => p.f.unit.name).join(', ')} engage ${e.unit.name} at ${round(ratio, 2)}:1 (minimum ${required.ratio}:1).`,
        );
      }
    }
    for (const e of enemy) {
      const lost = losses.get(e.unit.id);
      if (lost) e.power = Math.max(0, e.power - lost);
    }
    for (const f of friendly) {
      const lost = losses.get(f.unit.id);
      if (lost) f.power = Math.max(0, f.power - lost);
    }
    lossesByMinute[minute] = losses;
    const contacts: Contact[] = [];
    for (const [e, pairs] of contact) {
      for (const p of pairs) contacts.push({ friendly: p.f.unit.id, enemy: e.unit.id, fires: p.fires, hit: p.hit });
      if (!inContact.has(e.unit.id)) {
        const names = pairs.map((p) => p.f.unit.name).join(', ');
        log(
          minute,
          'fires',
          'action',
          [e.unit.id, ...pairs.map((p) => p.f.unit.id)],
          `Direct fire opens between ${names} and ${e.unit.name}.`,
        );
      }
    }
    inContact.clear();
    for (const e of contact.keys()) inContact.add(e.unit.id);
    contactsByMinute[minute] = contacts;
    // 4. Movement along the axes.
    for (const f of friendly) {
      if (f.status === 'breaching') {
        if (minute >= f.breach_until) {
          f.status = 'moving';
          const o = f.obstacles[f.next_obstacle - 1]!;
          log(
            minute,
            'movement_and_maneuver',
            'action',
            [f.unit.id],
            breachers.get(o.id) === f.unit.id
              ? `${f.unit.name} completes the breach of ${o.name}.`
              : `${f.unit.name} passes ${o.name} through the lane.`,
          );
        } else {
          if (f.role === 'main_effort') mainEffortHalted++;
          continue;
        }
      }
      if (f.status !== 'moving') continue;
      const mobility = terrain.mobility(f.position, f.unit.speed_class);
      if (mobility === null) unknownMobility++;
      const rate =
        tables.march_rate_kmh[f.unit.speed_class] *
        tables.mobility_factor[mobility ?? 'GO'] *
        (engaged.has(f) ? tables.engaged_factor : 1);
      let next = f.km + rate * STEP_HOURS;
      const obstacle = f.obstacles[f.next_obstacle];
      if (obstacle && next >= obstacle.at_km) {
        next = obstacle.at_km;
        f.next_obstacle++;
        f.km = next;
        f.position = positionAlong(f.axis, f.km, f.length_km);
        const lane = lanes.get(obstacle.id);
        if (lane !== undefined && lane <= minute) {
          log(
            minute,
            'movement_and_maneuver',
            'action',
            [f.unit.id],
            `${f.unit.name} passes ${obstacle.name} through the lane breached earlier.`,
          );
          continue;
        }
        const [least, most] = tables.breach_minutes[obstacle.kind];
        const breach = lane ?? minute + Math.round(least + random() * (most - least));
        if (lane === undefined) {
          lanes.set(obstacle.id, breach);
          breachers.set(obstacle.id, f.unit.id);
        }
        f.status = 'breaching';
        f.breach_until = breach;
        log(
          minute,
          'protection',
          'action',
          [f.unit.id],
          lane === undefined
            ? `${f.unit.name} halts at ${obstacle.name} (${obstacle.kind}) at ${mgrs(f.position)}: breach ${breach - minute} min (table ${least}–${most} min).`
            : `${f.unit.name} waits at ${obstacle.name} for the lane being breached, ${breach - minute} min.`,
        );
        continue;
      }
      f.km = Math.min(f.length_km, next);
      f.position = positionAlong(f.axis, f.km, f.length_km);
      if (f.km >= f.length_km) {
        f.status = 'on_objective';
        log(
          minute,
          'movement_and_maneuver',
          'action',
          [f.unit.id],
          `${f.unit.name} reaches ${f.unit.objective} at ${mgrs(f.position)}.`,
        );
      }
    }
    // 5. Breakpoints and seizure.
    for (const e of enemy) {
      if (e.status !== 'broken' && e.power < tables.breakpoint * e.unit.combat_power) {
        e.status = 'broken';
        log(
          minute,
          'movement_and_maneuver',
          'reaction',
          [e.unit.id],
          `${e.unit.name} breaks off at ${round((100 * e.power) / e.unit.combat_power, 0)} % combat power and withdraws.`,
        );
      }
    }
    for (const f of friendly) {
      if (f.status !== 'halted' && f.status !== 'waiting' && f.power < tables.breakpoint * f.unit.combat_power) {
        f.status = 'halted';
        log(
          minute,
          'movement_and_maneuver',
          'action',
          [f.unit.id],
          `${f.unit.name} is combat ineffective at ${round((100 * f.power) / f.unit.combat_power, 0)} % and halts.`,
        );
      }
      if (f.status === 'on_objective' && f.seized === null) {
        const holding = enemy.some(
          (e) => e.status !== 'broken' && distance(point(e.position), point(f.position), KM) * 1000 <= ASSAULT_RANGE_M,
        );
        if (!holding) {
          f.seized = minute;
          log(minute, 'movement_and_maneuver', 'action', [f.unit.id], `${f.unit.name} seizes ${f.unit.objective}.`);
        }
      }
    }
    // 6. Decision points.
    const me = mainEffort();
    if (
      nltMinute !== null &&
      !delayDecided &&
      me.seized === null &&
      (me.status === 'breaching' || me.status === 'moving')
    ) {
      const atKm = me.km;
      const place =
        me.chokepoints.find((c) => Math.abs(c.at_km - atKm) * 1000 <= ON_AXIS_M)?.name ??
        (me.status === 'breaching' ? me.obstacles[me.next_obstacle - 1]!.name : null);
      const projected = minute + Math.max(0, me.breach_until - minute) + unimpededMinutes(me);
      if (place && projected > nltMinute) {
        delayDecided = true;
        const late = Math.ceil(projected - nltMinute);
        recordDecision(
          minute,
          'main_effort_delayed',
          `${me.unit.name} (main effort) held at ${place}: projected on ${me.unit.objective} at ${timeAt(scenario.h_hour, Math.ceil(projected))}, ${late} min after the order's NLT ${timeAt(scenario.h_hour, nltMinute)}.`,
          scenario.decisions.main_effort_delayed,
          me,
        );
      }
    }
    for (const f of friendly) {
      if (f.status === 'waiting' || lowPower.has(f.unit.id)) continue;
      if (f.power < scenario.combat_power_threshold * f.unit.combat_power) {
        lowPower.add(f.unit.id);
        recordDecision(
          minute,
          'combat_power_low',
          `${f.unit.name} at ${round((100 * f.power) / f.unit.combat_power, 1)} % combat power, below the ${round(100 * scenario.combat_power_threshold, 1)} % threshold.`,
          scenario.decisions.combat_power_low,
          f,
        );
      }
    }
    positionsByMinute[minute] = new Map(friendly.map((f) => [f.unit.id, { position: f.position, km: f.km }]));
    snapshots[minute] = [
      ...friendly.map<UnitPosition>((f) => ({
        id: f.unit.id,
        name: f.unit.name,
        side: 'friendly',
        role: f.role,
        mgrs: mgrsReference(f.position),
        status: f.seized !== null ? 'objective_seized' : f.status,
        combat_power: round(f.power),
        combat_power_fraction: round(f.power / f.unit.combat_power),
      })),
      ...enemy.map<UnitPosition>((e) => ({
        id: e.unit.id,
        name: e.unit.name,
        side: 'enemy',
        role: 'enemy',
        mgrs: mgrsReference(e.position),
        status: e.status,
        combat_power: round(e.power),
        combat_power_fraction: round(e.power / e.unit.combat_power),
      })),
    ];
    // The game ends when every committed unit has finished moving and nothing is in contact.
    const settled = friendly.every((f) => f.status === 'waiting' || f.status === 'halted' || f.seized !== null);
    if (settled && contact.size === 0 && enemy.every((e) => e.status !== 'moving')) {
      endReason = 'every committed unit is on its objective or halted, and no unit is in contact';
      break;
    }
  }
  const endMinute = Math.min(minute, maxMinutes);
  if (unknownMobility > 0) {
    missing.push(`Mobility class: unknown for ${unknownMobility} unit-minute(s) of movement, moved as GO.`);
  }
  const friendlyLost = friendly.reduce((sum, f) => sum + (f.unit.combat_power - f.power), 0);
  const enemyLost = enemy.reduce((sum, e) => sum + (e.unit.combat_power - e.power), 0);
  const seizedMinute = initialMainEffort.seized;
  return {
    coa: scenario.coa,
    method: scenario.method,
    seed: scenario.seed,
    h_hour: scenario.h_hour,
    objective_nlt: scenario.objective_nlt,
    tables,
    end_minute: endMinute,
    end_reason: endReason,
    main_effort: {
      id: initialMainEffort.unit.id,
      name: initialMainEffort.unit.name,
      objective: initialMainEffort.unit.objective,
    },
    objective_seized_minute: seizedMinute,
    objective_seized_time: seizedMinute === null ? null : timeAt(scenario.h_hour, seizedMinute),
    decisive_point: decisive ?? {
      enemy: objectiveEnemy?.unit.name ?? null,
      minute: null,
      friendly_power: null,
      enemy_power: null,
      ratio: null,
      required: objectiveEnemy ? REQUIRED_RATIO[objectiveEnemy.unit.posture].ratio : null,
      required_source: objectiveEnemy
        ? 'FM 5-0 / ATP 5-0.2-1 Table 2-12; the main effort never engaged the enemy on its objective'
        : 'no enemy given',
    },
    totals: {
      friendly_power_initial: round(friendly.reduce((sum, f) => sum + f.unit.combat_power, 0)),
      friendly_power_lost: round(friendlyLost),
      enemy_power_initial: round(enemy.reduce((sum, e) => sum + e.unit.combat_power, 0)),
      enemy_power_lost: round(enemyLost),
      exposure_minutes: exposureMinutes,
      main_effort_halted_minutes: mainEffortHalted,
      main_effort_shifts: shifts,
    },
    decision_points: decisionPoints,
    final_positions: snapshots[endMinute] ?? [],
    turns: buildTurns({
      scenario,
      tables,
      end_minute: endMinute,
      events,
      snapshots,
      losses: lossesByMinute,
      contacts: contactsByMinute,
      positions: positionsByMinute,
      decision_points: decisionPoints,
      main_effort: {
        id: initialMainEffort.unit.id,
        axis: initialMainEffort.axis,
        chokepoints: initialMainEffort.chokepoints,
      },
    }),
    missing,
  };
}
