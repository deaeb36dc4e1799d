import { MOBILITY_GO, MOBILITY_SLOW_GO, WORLDCOVER, type VehicleMobilityRules } from '../terrain/mobility-config.ts';
import { UNRESTRICTED } from './terrain-evaluation-types.ts';

/** Why a cell is restricted or severely restricted (codes of the cause raster; 0 = unrestricted). */
export const OBSTACLE_CAUSES = [
  'none',
  'slope',
  'water',
  'waterway',
  'wetland',
  'vegetation',
  'built_up',
  'snow_ice',
  'other_cover',
  'unknown',
] as const;
export type ObstacleCause = (typeof OBSTACLE_CAUSES)[number];
const CODE = Object.fromEntries(OBSTACLE_CAUSES.map((name, i) => [name, i])) as Record<ObstacleCause, number>;

const COVER_CAUSE: Record<number, ObstacleCause> = {
  [WORLDCOVER.permanentWater]: 'water',
  [WORLDCOVER.herbaceousWetland]: 'wetland',
  [WORLDCOVER.mangroves]: 'wetland',
  [WORLDCOVER.treeCover]: 'vegetation',
  [WORLDCOVER.shrubland]: 'vegetation',
  [WORLDCOVER.builtUp]: 'built_up',
  [WORLDCOVER.snowAndIce]: 'snow_ice',
};

/**
 * The cause of each restricted or severely restricted cell of a terrain-class raster, as an index of
 * OBSTACLE_CAUSES: a linear obstacle (waterway) first, then the slope when the slope alone gives
 * the cell its class under the mover's rules (mobility-config.ts), else the land cover that does;
 * 'unknown' where slope or land cover is nodata. Unrestricted cells hold 0 ('none').
 */
export function obstacleCauses(
  terrainClass: Uint8Array,
  slopeDegrees: Float32Array,
  landCover: Uint8Array,
  rules: VehicleMobilityRules,
  linear?: Uint8Array | null,
): Uint8Array {
  const n = terrainClass.length;
  if (slopeDegrees.length !== n || landCover.length !== n || (linear && linear.length !== n)) {
    throw new RangeError(`cause inputs differ in size from the terrain classes (${n} cells)`);
  }
  const goDeg = (Math.atan(rules.goBelowSlopePercent / 100) * 180) / Math.PI;
  const slowDeg = (Math.atan(rules.slowGoBelowSlopePercent / 100) * 180) / Math.PI;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const cls = terrainClass[i];
    if (cls === UNRESTRICTED) continue;
    if (linear && linear[i] !== 0 && linear[i] >= cls) {
      out[i] = CODE.waterway;
      continue;
    }
    const slope = slopeDegrees[i];
    const cover = rules.landCover[landCover[i]];
    if (slope !== slope || cover === undefined) {
      out[i] = CODE.unknown;
      continue;
    }
    const bySlope = slope < goDeg ? MOBILITY_GO : slope < slowDeg ? MOBILITY_SLOW_GO : 2;
    if (bySlope >= cls) out[i] = CODE.slope;
    else out[i] = CODE[COVER_CAUSE[landCover[i]] ?? 'other_cover'];
  }
  return out;
}
