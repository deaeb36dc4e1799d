// The relief of the synthetic world, a pure function of (lon, lat):
// - `land` (0..1): continents and shallow seas from 2,500 km noise;
// - mountain massifs (600 km noise) scale the local relief from ~120 m (plains) to ~3,300 m;
// - ridged noise (80 km) draws ranges, 5-octave hills (10 km down to 625 m) roughen them;
// - river lines are the 0.5 contour of 20 km noise; valleys are carved towards them, deeper where
//   the relief is high, so rivers run in valley floors.
// Elevation stays in -50..4000 m; below 0 is sea or lake.
import { fractalNoise } from './fractal-noise.ts';
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

/** Relief at (lon, lat); pass the point's spherePoint when the caller has it already. */
export function syntheticRelief(lon: number, lat: number, point: SpherePoint = spherePoint(lon, lat)): Relief {
  const continent = fractalNoise(point, { cellKm: 2500, octaves: 3, seed: 11 });
  const massif = fractalNoise(point, { cellKm: 600, octaves: 2, seed: 12 });
  const ridged = 1 - Math.abs(2 * fractalNoise(point, { cellKm: 80, octaves: 4, seed: 13 }) - 1);
  const hills = fractalNoise(point, { cellKm: 10, octaves: 5, seed: 14 });
  const river = Math.abs(fractalNoise(point, { cellKm: 20, octaves: 3, seed: 15 }) - 0.5) * 2;

  const land = smoothstep(0.36, 0.6, continent);
  const mountains = smoothstep(0.5, 0.72, massif) * land;
  const amplitude = 120 + 3200 * mountains;
  const shape = 0.55 * ridged * ridged + 0.45 * hills;
  const valley = 1 - smoothstep(0, 0.3, river);
  let elevation = -50 + 420 * land + amplitude * shape * (0.3 + 0.7 * land);
  elevation -= valley * valley * (0.7 * amplitude * shape + 12);
  return { elevation: Math.min(4000, Math.max(-50, elevation)), river, land };
}
