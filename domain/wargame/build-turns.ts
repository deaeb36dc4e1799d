// The turns of an adjudicated war game, grouped by the method (ATP 5-0.2-1 paras 2-163 to 2-167):
//  - belt: belts across the area, bounded by phase lines where the main effort's axis passes a
//    chokepoint (at most three belts, the time-constrained rule of 2-165), else at thirds of the axis;
//    a turn lasts while the main effort crosses its belt;
//  - avenue in depth: one avenue at a time, the main effort's first, then the supporting efforts' and a
//    committed reserve's, each in turns of `turn_minutes`, recording that avenue's unit and the enemy
//    units in contact with it;
//  - box: the critical area (a circle on the main effort's objective unless the scenario gives one);
//    one turn for the approach, then turns of `turn_minutes` from the minute a friendly unit enters it.
// Each turn's synchronisation matrix is built from the game's events and per-minute contacts and
// losses, by warfighting function — never written. Pure.
import { distance, point } from '@turf/turf';
import type { Feature, LineString } from 'geojson';
import {
  WARFIGHTING_FUNCTIONS,
  type DecisionPoint,
  type UnitLoss,
  type UnitPosition,
  type WargameTurn,
  type WarfightingFunction,
} from './wargame-result.ts';
import type { LonLat, WargameScenario } from './wargame-scenario.ts';
import type { WargameTables } from './wargame-tables.ts';

/** Who was in contact in one minute: the friendly unit fires, is hit, or both. */
export interface Contact {
  friendly: string;
  enemy: string;
  fires: boolean;
  hit: boolean;
}

export interface GameEvent {
  minute: number;
  wff: WarfightingFunction;
  kind: 'action' | 'reaction' | 'counteraction';
  units: string[];
  text: string;
}

export interface TurnInputs {
  scenario: WargameScenario;
  tables: WargameTables;
  end_minute: number;
  events: GameEvent[];
  /** Unit positions at the end of each minute (index = minute). */
  snapshots: UnitPosition[][];
  losses: Array<Map<string, number>>;
  contacts: Contact[][];
  positions: Array<Map<string, { position: LonLat; km: number }>>;
  decision_points: DecisionPoint[];
  main_effort: { id: string; axis: Feature<LineString>; chokepoints: Array<{ at_km: number; name: string }> };
}

interface Window {
  label: string;
  start: number;
  end: number;
  /** Only these units' events, positions and losses (avenue in depth); null for all. */
  units: Set<string> | null;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const timeAt = (hHour: string, minute: number) =>
  new Date(Date.parse(hHour) + minute * 60_000).toISOString().slice(0, 16) + 'Z';

function beltWindows(t: TurnInputs): Window[] {
  const total = t.positions[1] ? axisLength(t) : 0;
  const lines = t.main_effort.chokepoints
    .map((c) => ({ km: c.at_km, name: c.name }))
    .filter((c) => c.km > 0 && c.km < total)
    .slice(0, 2);
  const boundaries = lines.length
    ? lines
    : [1, 2].map((k) => ({ km: (total * k) / 3, name: `${k}/3 of the main effort's axis` }));
  const windows: Window[] = [];
  let start = 1;
  const count = boundaries.length + 1;
  for (let k = 0; k < count && start <= t.end_minute; k++) {
    const boundary = boundaries[k];
    let end = t.end_minute;
    if (boundary) {
      for (let m = start; m <= t.end_minute; m++) {
        if (t.positions[m]!.get(t.main_effort.id)!.km >= boundary.km) {
          end = m;
          break;
        }
      }
    }
    const from = k === 0 ? 'start line' : `phase line at ${boundaries[k - 1]!.name}`;
    const to = boundary ? `phase line at ${boundary.name}` : 'the objective';
    windows.push({ label: `Belt ${k + 1} of ${count}: ${from} to ${to}`, start, end, units: null });
    start = end + 1;
  }
  return windows;
}

function axisLength(t: TurnInputs): number {
  const coordinates = t.main_effort.axis.geometry.coordinates;
  let km = 0;
  for (let i = 1; i < coordinates.length; i++)
    km += distance(point(coordinates[i - 1]!), point(coordinates[i]!), { units: 'kilometers' });
  return km;
}

function fixedWindows(start: number, end: number, minutes: number): Array<{ start: number; end: number }> {
  const windows: Array<{ start: number; end: number }> = [];
  for (let s = start; s <= end; s += minutes) windows.push({ start: s, end: Math.min(end, s + minutes - 1) });
  return windows;
}

function avenueWindows(t: TurnInputs, minutes: number): Window[] {
  const order = { main_effort: 0, supporting_effort: 1, reserve: 2 } as const;
  const units = [...t.scenario.friendly].sort((a, b) => order[a.role] - order[b.role]);
  const windows: Window[] = [];
  for (const unit of units) {
    const contacted = new Set<string>([unit.id]);
    for (let m = 1; m <= t.end_minute; m++) {
      for (const c of t.contacts[m] ?? []) if (c.friendly === unit.id) contacted.add(c.enemy);
    }
    const moved = t.snapshots.some((s) => s?.some((p) => p.id === unit.id && p.status !== 'waiting'));
    if (!moved) continue;
    const role = unit.role.replace('_', ' ');
    let depth = 0;
    for (const w of fixedWindows(1, t.end_minute, minutes)) {
      const status = t.snapshots[w.end]!.find((p) => p.id === unit.id)!.status;
      const first = t.snapshots[w.start]!.find((p) => p.id === unit.id)!.status;
      if (first === 'waiting' && status === 'waiting') continue;
      depth++;
      windows.push({ label: `Avenue of ${unit.name} (${role}), depth ${depth}`, ...w, units: contacted });
    }
  }
  return windows;
}

function boxWindows(t: TurnInputs, minutes: number): Window[] {
  const range = Math.max(0, ...t.scenario.enemy.map((e) => t.tables.weapon_range_m[e.weapon_class]));
  const box = t.scenario.box ?? {
    center: t.main_effort.axis.geometry.coordinates.at(-1) as LonLat,
    radius_m: range,
  };
  let entry: number | null = null;
  for (let m = 1; m <= t.end_minute && entry === null; m++) {
    for (const { position } of t.positions[m]!.values()) {
      if (distance(point(position), point(box.center), { units: 'kilometers' }) * 1000 <= box.radius_m) entry = m;
    }
  }
  const windows: Window[] = [];
  if (entry === null || entry > 1) {
    windows.push({
      label: 'Approach to the box (outside the critical area)',
      start: 1,
      end: entry === null ? t.end_minute : entry - 1,
      units: null,
    });
  }
  if (entry !== null) {
    let k = 0;
    for (const w of fixedWindows(entry, t.end_minute, minutes)) {
      windows.push({
        label: `Box (${round(box.radius_m / 1000, 2)} km around the objective), turn ${++k}`,
        ...w,
        units: null,
      });
    }
  }
  return windows;
}

export function buildTurns(t: TurnInputs): WargameTurn[] {
  if (t.end_minute < 1) return [];
  const minutes = t.scenario.turn_minutes ?? 30;
  if (!(minutes >= 1)) throw new RangeError('turn_minutes must be at least 1');
  const windows =
    t.scenario.method === 'belt'
      ? beltWindows(t)
      : t.scenario.method === 'avenue_in_depth'
        ? avenueWindows(t, minutes)
        : boxWindows(t, minutes);
  const names = new Map<string, string>([...t.scenario.friendly, ...t.scenario.enemy].map((u) => [u.id, u.name]));
  const friendlyIds = new Set(t.scenario.friendly.map((u) => u.id));
  const initial = new Map([...t.scenario.friendly, ...t.scenario.enemy].map((u) => [u.id, u.combat_power]));
  return windows.map((w, i) => {
    const concerns = (ids: string[]) => w.units === null || ids.some((id) => w.units!.has(id));
    const events = t.events.filter((e) => e.minute >= w.start && e.minute <= w.end && concerns(e.units));
    const lost = new Map<string, number>();
    const contactMinutes = new Map<string, { fires: number; hit: number }>();
    for (let m = w.start; m <= w.end; m++) {
      for (const [id, value] of t.losses[m] ?? []) if (concerns([id])) lost.set(id, (lost.get(id) ?? 0) + value);
      for (const c of t.contacts[m] ?? []) {
        if (!concerns([c.friendly])) continue;
        const key = `${c.friendly}|${c.enemy}`;
        const tally = contactMinutes.get(key) ?? { fires: 0, hit: 0 };
        tally.fires += c.fires ? 1 : 0;
        tally.hit += c.hit ? 1 : 0;
        contactMinutes.set(key, tally);
      }
    }
    const losses: UnitLoss[] = [...lost]
      .filter(([, value]) => value > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, value]) => ({
        id,
        name: names.get(id)!,
        side: friendlyIds.has(id) ? 'friendly' : 'enemy',
        combat_power_lost: round(value),
      }));
    const synchronisation = Object.fromEntries(WARFIGHTING_FUNCTIONS.map((f) => [f, [] as string[]])) as Record<
      WarfightingFunction,
      string[]
    >;
    for (const e of events) synchronisation[e.wff].push(`${timeAt(t.scenario.h_hour, e.minute)} ${e.text}`);
    for (const [key, tally] of [...contactMinutes].sort(([a], [b]) => a.localeCompare(b))) {
      const [f, e] = key.split('|') as [string, string];
      if (tally.fires > 0)
        synchronisation.fires.push(`${names.get(f)} engages ${names.get(e)} by direct fire, ${tally.fires} min.`);
      if (tally.hit > 0)
        synchronisation.protection.push(`${names.get(f)} exposed to ${names.get(e)}'s fire, ${tally.hit} min.`);
    }
    for (const loss of losses.filter((l) => l.side === 'friendly')) {
      const share = (100 * loss.combat_power_lost) / initial.get(loss.id)!;
      synchronisation.sustainment.push(
        `${loss.name}: ${loss.combat_power_lost} combat power lost (${round(share, 1)} % of initial) — casualty evacuation and replacement.`,
      );
    }
    const end = t.snapshots[w.end]!;
    return {
      turn: i + 1,
      label: w.label,
      start_minute: w.start - 1,
      end_minute: w.end,
      start_time: timeAt(t.scenario.h_hour, w.start - 1),
      end_time: timeAt(t.scenario.h_hour, w.end),
      positions: w.units === null ? end : end.filter((p) => w.units!.has(p.id)),
      actions: events.filter((e) => e.kind === 'action').map((e) => e.text),
      reactions: events.filter((e) => e.kind === 'reaction').map((e) => e.text),
      counteractions: events.filter((e) => e.kind === 'counteraction').map((e) => e.text),
      losses,
      decision_points: t.decision_points.filter((d) => d.minute >= w.start && d.minute <= w.end),
      synchronisation,
    };
  });
}
