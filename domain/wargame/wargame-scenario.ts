// The input of an adjudicated war game: one COA's friendly units on their axes, the enemy's most
// likely COA, the terrain as samplers (mobility along a line, line of sight from enemy positions),
// obstacles and chokepoints, the order's times and the plan's decision rules. Independent of how the
// COA was developed: an adapter maps a COA, a terrain evaluation and an order onto it.
import type { WargameMethod } from '../llm-simulation/llm-simulation-events.ts';
import type { MobilityName, ObstacleKind, Posture, SpeedClass, WargameTables, WeaponClass } from './wargame-tables.ts';

export type LonLat = [number, number];

export type FriendlyRole = 'main_effort' | 'supporting_effort' | 'reserve';

export interface FriendlyUnit {
  id: string;
  name: string;
  echelon: string;
  role: FriendlyRole;
  /** Combat power in any consistent unit (e.g. a combat-power index or manoeuvre platoons), > 0. */
  combat_power: number;
  speed_class: SpeedClass;
  weapon_class: WeaponClass;
  /** The axis of advance from the start point to the objective, [lon, lat] ≥ 2 positions. */
  axis: LonLat[];
  /** The objective's name at the axis's end. */
  objective: string;
}

/** The most likely COA's rule for one enemy unit. */
export type EnemyReaction = 'defend' | 'delay' | 'counterattack';

export interface EnemyUnit {
  id: string;
  name: string;
  combat_power: number;
  weapon_class: WeaponClass;
  posture: Posture;
  position: LonLat;
  /** defend holds; delay and counterattack move along `route` once a friendly unit is within `trigger_m`. */
  reaction: EnemyReaction;
  route?: LonLat[];
  trigger_m?: number;
  speed_class?: SpeedClass;
}

export interface Obstacle {
  id: string;
  name: string;
  kind: ObstacleKind;
  position: LonLat;
}

export interface Chokepoint {
  id: string;
  name: string;
  position: LonLat;
}

/** The terrain as functions of position; pure and deterministic (a raster lookup, a viewshed). */
export interface TerrainSamplers {
  /** The mobility class at a position for a speed class, null where unknown (moved as GO, counted in the result). */
  mobility(position: LonLat, speed: SpeedClass): MobilityName | null;
  /** Whether `to` is in line of sight from the enemy position `from` (the viewshed). */
  visible(from: LonLat, to: LonLat): boolean;
}

/** What the plan foresees at a decision point. */
export type PlannedDecision = 'commit_reserve' | 'shift_main_effort';

export interface WargameScenario {
  coa: string;
  method: WargameMethod;
  seed: number;
  /** H-hour, ISO 8601 UTC. */
  h_hour: string;
  /** The time the order sets for the main effort on its objective (NLT), ISO 8601 UTC; null when the order gives none. */
  objective_nlt: string | null;
  friendly: FriendlyUnit[];
  enemy: EnemyUnit[];
  obstacles: Obstacle[];
  chokepoints: Chokepoint[];
  terrain: TerrainSamplers;
  /** A unit whose combat power falls below this fraction of its initial power triggers a decision point. */
  combat_power_threshold: number;
  decisions: { main_effort_delayed: PlannedDecision; combat_power_low: PlannedDecision };
  /** Turn length of the avenue-in-depth and box methods, minutes (default 30). */
  turn_minutes?: number;
  /** Box method: the critical area (default: a circle on the main effort's objective, radius the longest enemy weapon range). */
  box?: { center: LonLat; radius_m: number };
  /** Longest game, hours (default 24). */
  max_hours?: number;
  tables?: Partial<WargameTables>;
}
