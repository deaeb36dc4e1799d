// ESA WorldCover class of a point of the synthetic world, decided in this order:
//   80 water         sea/lakes (elevation ≤ 0) and river channels
//   70 snow and ice  above the snow line (snowlineMeters)
//  100 moss/lichen   a 300 m band below it at high latitudes (≥ 55°); 60 bare rock elsewhere
//   50 built-up      inside a settlement's radius (ragged edge)
//   95 mangroves     river banks below 15 m within 25° of the equator; 90 herbaceous wetland on
//                    other low river banks (half of them)
//   60 bare          arid belts around 24° latitude, where aridity is highest
//  100/30            tundra beyond 63° latitude
//   40 cropland      lowland near settlements, less with height and aridity
//   20/30/10         shrubland, grassland and tree cover by a vegetation noise; grass/shrub near
//                    the tree line (700 m below the snow line)
import { fractalNoise } from './fractal-noise.ts';
import { localDistanceMeters } from './local-distance-meters.ts';
import type { SettlementNode } from './settlement-node.ts';
import { snowlineMeters } from './snowline-meters.ts';
import { RIVER_WIDTH, type Relief } from './synthetic-relief.ts';
import type { SpherePoint } from './sphere-point.ts';

/** Distance over which cropland is drawn towards a settlement, metres. */
export const FARMLAND_REACH_METERS = 6000;

const RANK_PULL = { city: 1, town: 0.9, village: 0.6, hamlet: 0.3 };

/** Aridity 0..1: a desert belt around 24° latitude, broken up by 300 km noise. */
function aridity(point: SpherePoint, lat: number): number {
  const belt = Math.exp(-(((Math.abs(lat) - 24) / 9) ** 2));
  return belt * (0.6 + 0.8 * fractalNoise(point, { cellKm: 300, octaves: 2, seed: 21 }));
}

/**
 * Land-cover class at (lon, lat) (`point` its spherePoint) with its relief; `settlements` must hold every settlement node
 * within FARMLAND_REACH_METERS (settlementNodesInBounds with that margin).
 */
export function syntheticLandCover(
  lon: number,
  lat: number,
  point: SpherePoint,
  relief: Relief,
  settlements: readonly SettlementNode[],
): number {
  const { elevation, river, land } = relief;
  if (elevation <= 0 || (river < RIVER_WIDTH && land > 0.05)) return 80;
  const snow = snowlineMeters(lat);
  if (elevation >= snow) return 70;
  if (elevation >= snow - 300) return Math.abs(lat) >= 55 ? 100 : 60;

  let pull = 0;
  for (const s of settlements) {
    const d = localDistanceMeters(s.lon, s.lat, lon, lat);
    if (s.radiusMeters > 0 && d < s.radiusMeters) {
      const ragged = 0.75 + 0.5 * fractalNoise(point, { cellKm: 0.25, octaves: 2, seed: 22 });
      if (d < s.radiusMeters * ragged) return 50;
    }
    if (d < FARMLAND_REACH_METERS) pull = Math.max(pull, RANK_PULL[s.rank] * (1 - d / FARMLAND_REACH_METERS));
  }

  if (river < RIVER_WIDTH * 4 && elevation < 300) {
    if (Math.abs(lat) < 25 && elevation < 15) return 95;
    if (fractalNoise(point, { cellKm: 1, octaves: 2, seed: 23 }) > 0.5) return 90;
  }
  const dry = aridity(point, lat);
  if (dry > 0.75) return 60;
  if (Math.abs(lat) > 63) return fractalNoise(point, { cellKm: 2, octaves: 2, seed: 24 }) > 0.5 ? 100 : 30;
  const farm = fractalNoise(point, { cellKm: 2.5, octaves: 2, seed: 25 }) + 0.35 * pull - elevation / 2500 - 0.4 * dry;
  if (farm > 0.6) return 40;
  if (dry > 0.45) return 20;
  const vegetation = fractalNoise(point, { cellKm: 1.2, octaves: 3, seed: 26 });
  if (elevation > snow - 700) return vegetation > 0.55 ? 30 : 20;
  return vegetation > 0.42 ? 10 : vegetation > 0.3 ? 30 : 20;
}
