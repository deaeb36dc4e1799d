// The vocabulary of COA development on facts (issue 25; ATP 5-0.2-1 step 3, paras 2-129 to 2-146):
// a developed COA is units on axes along the terrain evaluation's avenues, objectives, phase lines,
// a reserve, a form of maneuver with its reason and a computed feasibility. Pure types only; the
// rules live in the modules beside this file. The war game (domain/wargame) consumes these types.
import type { FormOfManeuver } from '../generation/coa-draft-schema.ts';

export type { FormOfManeuver };
/** [longitude, latitude], WGS 84. */
export type LonLat = [number, number];
export interface LineStringGeometry {
  type: 'LineString';
  coordinates: LonLat[];
}

export type Posture = 'offense' | 'defense';
/** How the subordinate unit moves (the mobility rasters' vehicle classes). */
export type Movement = 'tracked' | 'wheeled' | 'foot';
export type CoaRole = 'main_effort' | 'supporting_effort' | 'reserve';

/** One subordinate unit of the task organisation (task-organization.ts). */
export interface SubordinateUnit {
  /** Designation as the COA names it, e.g. "A Company (tank)", "1st Battalion (armor)". */
  name: string;
  /** What it is: tank_company, mechanized_infantry_company, rifle_company, weapons_company, … */
  kind: string;
  movement: Movement;
  /** Maneuver units fight on an axis; a weapons company, HHC etc. do not take a role of their own. */
  maneuver: boolean;
  /** Combat power in maneuver-company equivalents (force-ratio.ts). */
  combat_power: number;
}

/** An avenue of approach of the terrain evaluation, as a COA uses it. */
export interface CoaAxis {
  /** The terrain evaluation's avenue id, e.g. "AA 1". */
  avenue_id: string;
  /** The avenue's rank by its criteria (1 = favoured). */
  avenue_rank: number;
  avenue_score: number;
  /** The quickest corridor's centreline, start to objective. */
  geometry: LineStringGeometry;
  length_m: number;
  /** Travel time on the route model, seconds. */
  seconds: number;
  /** Narrowest frontage of the avenue's corridors, metres. */
  narrowest_width_m: number;
}

export interface CoaObjective {
  /** "OBJ STEEL" from the order, or "OBJ KT 1" on a key terrain candidate. */
  name: string;
  position: LonLat;
  mgrs: string;
  source: 'order' | 'key_terrain' | 'avenue_end';
  /** Where the position came from, in one line. */
  reference: string;
}

export interface PhaseLine {
  name: string;
  /** Across the axis at the chokepoint, one avenue width long. */
  geometry: LineStringGeometry;
  /** The chokepoint it marks. */
  mgrs: string;
  avenue_id: string;
  width_m: number;
  reason: string;
}

/** A unit of a COA: its role, axis (null for a reserve in position), objective, task and purpose. */
export interface CoaUnit extends SubordinateUnit {
  role: CoaRole;
  axis: CoaAxis | null;
  objective: string | null;
  /** Start (attack position) or the reserve's position. */
  position: LonLat;
  task: string;
  purpose: string;
}

export type CheckVerdict = 'meets' | 'does_not_meet' | 'not_assessed';

/** A computed check with its figures; `missing` names the input that was not there (then not_assessed). */
export interface FeasibilityCheck {
  verdict: CheckVerdict;
  figures: Record<string, number | string | null>;
  reason: string;
  missing: string | null;
}

export interface CoaFeasibility {
  /** Friendly : enemy at the decisive point against the minimum planning ratio (planning-ratios.ts). */
  force_ratio: FeasibilityCheck;
  /** Time to the objective along the main effort's avenue against the order's times. */
  time: FeasibilityCheck;
}

export interface DevelopedCoa {
  /** "COA 1", … */
  id: string;
  name: string;
  posture: Posture;
  form_of_maneuver: FormOfManeuver;
  form_reason: string;
  main_axis: CoaAxis;
  supporting_axes: CoaAxis[];
  units: CoaUnit[];
  objectives: CoaObjective[];
  phase_lines: PhaseLine[];
  reserve: { unit: string | null; position: LonLat; reason: string };
  feasibility: CoaFeasibility;
  /** One line per input that was missing (no order, no enemy strength, …). */
  missing: string[];
}
