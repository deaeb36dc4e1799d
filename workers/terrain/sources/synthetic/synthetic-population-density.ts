// Persons per km² at a point of the synthetic world: a Gaussian peak around every settlement
// (city 9,000 / town 3,000 / village 800 / hamlet 60 at the centre, falling to 37 % at the
// settlement radius, hamlets over 300 m) over a rural floor of 4 per km²; nobody on water or above
// the snow line.
import { localDistanceMeters } from './local-distance-meters.ts';
import type { SettlementNode } from './settlement-node.ts';
import { snowlineMeters } from './snowline-meters.ts';
import { RIVER_WIDTH, type Relief } from './synthetic-relief.ts';

/** Beyond this many radii a settlement adds nothing worth counting (e^-9 of its peak). */
const REACH_IN_RADII = 3;
const HAMLET_RADIUS_METERS = 300;
const RURAL_DENSITY = 4;

/** `settlements` must hold every node within 3 × 1,800 m (the largest reach). */
export function syntheticPopulationDensity(
  lon: number,
  lat: number,
  relief: Relief,
  settlements: readonly SettlementNode[],
): number {
  if (relief.elevation <= 0 || relief.river < RIVER_WIDTH || relief.elevation >= snowlineMeters(lat)) return 0;
  let density = RURAL_DENSITY;
  for (const s of settlements) {
    const radius = s.radiusMeters > 0 ? s.radiusMeters : HAMLET_RADIUS_METERS;
    const d = localDistanceMeters(s.lon, s.lat, lon, lat) / radius;
    if (d < REACH_IN_RADII) density += s.peakDensity * Math.exp(-d * d);
  }
  return density;
}
