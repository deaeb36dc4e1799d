// The relief of the synthetic world, a pure function of (lon, lat):
// - `land` (0..1): continents and shallow seas from 2,500 km noise;
// - mountain massifs (600 km noise) scale the local relief from ~120 m (plains) to ~3,300 m;
// - ridged noise (80 km) draws ranges, 5-octave hills (10 km down to 625 m) roughen them;
// - river lines are the 0.5 contour of 20 km noise; valleys are carved towards them, deeper where
//   the relief is high, so rivers run in valley floors.
// - real coastlines: where the real seas and large lakes are (realWater) the ground is forced below
//   sea level (-5..-50 m), and on real land the continent noise is raised to at least LAND_FLOOR and
//   the ground kept at ≥ 1 m, so the generated relief never floods Fulda or dries the North Sea;
//   only river channels stay water on land. Coasts are therefore steps, not beaches.
// Elevation stays in -50..4000 m; below 0 is sea or lake.
import { fractalNoise } from './fractal-noise.ts';
import { isRealWater } from './real-water.ts';
import { smoothstep } from './smoothstep.ts';
import { spherePoint, type SpherePoint } from './sphere-point.ts';

export interface Relief {
  /** Metres above sea level, -50..4000. */
  elevation: number;
  /** 0 on a river line, growing to 1 away from it (|noise − 0.5| · 2). */
  river: number;
  /** 0 open sea .. 1 deep inland. */
  land: number;
}

/** River channels: where `river` is below this (about 100-250 m wide). */
export const RIVER_WIDTH = 0.005;

/** Least continent value on real land: about 80 m of plain before hills and mountains. */
export const LAND_FLOOR = 0.3;

/**
 * Relief at (lon, lat); pass the point's spherePoint, and whether it is real water (realWaterRow
 * for a whole tile row), when the caller has them already.
 */
export function syntheticRelief(
  lon: number,
  lat: number,
  point: SpherePoint = spherePoint(lon, lat),
  water: boolean = isRealWater(lon, lat),
): Relief {
  const continent = fractalNoise(point, { cellKm: 2500, octaves: 3, seed: 11 });
  const massif = fractalNoise(point, { cellKm: 600, octaves: 2, seed: 12 });
  const ridged = 1 - Math.abs(2 * fractalNoise(point, { cellKm: 80, octaves: 4, seed: 13 }) - 1);
  const hills = fractalNoise(point, { cellKm: 10, octaves: 5, seed: 14 });
  const river = Math.abs(fractalNoise(point, { cellKm: 20, octaves: 3, seed: 15 }) - 0.5) * 2;

  const land = water ? 0 : Math.max(LAND_FLOOR, smoothstep(0.36, 0.6, continent));
  const mountains = smoothstep(0.5, 0.72, massif) * land;
  const amplitude = 120 + 3200 * mountains;
  const shape = 0.55 * ridged * ridged + 0.45 * hills;
  const valley = 1 - smoothstep(0, 0.3, river);
  let elevation = -50 + 420 * land + amplitude * shape * (0.3 + 0.7 * land);
  elevation -= valley * valley * (0.7 * amplitude * shape + 12);
  if (water) elevation = -5 - 45 * hills;
  return { elevation: Math.min(4000, Math.max(water ? -50 : 1, elevation)), river, land };
}
