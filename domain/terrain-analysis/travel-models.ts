// Default travel models per movement class for route planning: how fast each class moves on flat
// ground off and on the road net, how mobility class and land cover slow it, and how the grade of a
// move changes its speed. Sources, and which numbers are engineering defaults, are stated per field.
import type { VehicleClass } from '../terrain/mobility-config.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';

/** How the signed grade (rise over ground run) of a move changes speed; see moveSpeedFactor. */
export type GradeModel =
  /** Tobler's hiking function relative to its flat value, direction-dependent, on and off roads. */
  | { kind: 'tobler' }
  /**
   * Off the road net: impassable where |grade| exceeds `limitPercent`, below it speed falls linearly
   * from 1 at 0 % to `speedAtLimit` at the limit, up- and downhill alike. Road cells: no effect
   * (roads are engineered for their traffic; a 38 m DEM measures the hillside, not the road).
   */
  | { kind: 'gradeability'; limitPercent: number; speedAtLimit: number }
  /** No grade effect: the isotropic case, equal to GRASS r.cost on the pace raster. */
  | { kind: 'none' };

export interface TravelModel {
  /** Speed on flat GO ground off the road net, km/h. */
  offRoadKmh: number;
  /** Speed multiplier of SLOW-GO cells (GO = 1; NO-GO cells are impassable), 0 < f ≤ 1. */
  slowGoFactor: number;
  /** Speed multiplier per ESA WorldCover code off the road net; a code not listed multiplies by 1. */
  landCoverFactor: Readonly<Record<number, number>>;
  /** Highest speed on road cells, km/h: a road cell moves at min(its road speed, this). */
  roadCapKmh: number;
  grade: GradeModel;
}

const W = WORLDCOVER;
/** Tobler (1993): 6·exp(−3.5·0.05) = 5.04 km/h on a flat path; off paths multiply by 3/5. */
const TOBLER_FLAT_KMH = 6 * Math.exp(-3.5 * 0.05);

/**
 * Defaults. Foot: Tobler's hiking function (W. Tobler, 1993, NCGIA technical report 93-1) — 5.04 km/h
 * on a flat path, and his 3/5 factor off paths (3.02 km/h). Wheeled and tracked: ENGINEERING DEFAULTS
 * (not from a manual): cross-country 30 and 25 km/h, road caps 80 and 50 km/h, gradeability limits
 * equal to mobility-config's NO-GO slopes (30 % wheeled, 45 % tracked) with 30 % of the speed left at
 * the limit; SLOW-GO halves the speed; trees and built-up slow every class. Tune per force and season.
 */
export const DEFAULT_TRAVEL_MODELS: Readonly<Record<VehicleClass, TravelModel>> = Object.freeze({
  foot: {
    offRoadKmh: 0.6 * TOBLER_FLAT_KMH,
    slowGoFactor: 0.5,
    landCoverFactor: { [W.treeCover]: 0.75, [W.herbaceousWetland]: 0.5, [W.mangroves]: 0.4, [W.snowAndIce]: 0.6 },
    roadCapKmh: TOBLER_FLAT_KMH,
    grade: { kind: 'tobler' },
  },
  wheeled: {
    offRoadKmh: 30,
    slowGoFactor: 0.5,
    landCoverFactor: { [W.shrubland]: 0.7, [W.builtUp]: 0.5, [W.cropland]: 0.8 },
    roadCapKmh: 80,
    grade: { kind: 'gradeability', limitPercent: 30, speedAtLimit: 0.3 },
  },
  tracked: {
    offRoadKmh: 25,
    slowGoFactor: 0.5,
    landCoverFactor: { [W.treeCover]: 0.6, [W.builtUp]: 0.5, [W.snowAndIce]: 0.7 },
    roadCapKmh: 50,
    grade: { kind: 'gradeability', limitPercent: 45, speedAtLimit: 0.3 },
  },
});
