import { MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_SLOW_GO } from '../terrain/mobility-config.ts';
import { RESTRICTED, SEVERELY_RESTRICTED } from './terrain-evaluation-types.ts';

/**
 * Rivers into a mobility raster (in place, and returned): a cell of a severely restricting linear
 * obstacle (burnLinearObstacles) becomes NO-GO and a restricting one at least SLOW-GO — even on a
 * road, since a road running onto a river without a bridge does not cross it — except where
 * `crossings` marks a bridge, ford or tunnel (cells of road lines so tagged), which keep their class.
 * So a route over the raster crosses a river only at a crossing site. A travel surface moves on a
 * road cell whatever its mobility class, so `roadSpeedKmh`, when given, loses its road (speed 0) on
 * the severely restricted cells too. Returns how many mobility cells changed.
 */
export function applyLinearObstacles(
  mobility: Uint8Array,
  linear: Uint8Array,
  crossings: Uint8Array | null,
  roadSpeedKmh: Float32Array | null = null,
): number {
  const n = mobility.length;
  if (linear.length !== n || (crossings && crossings.length !== n) || (roadSpeedKmh && roadSpeedKmh.length !== n)) {
    throw new RangeError(`linear obstacles, crossings and road speeds must match the mobility raster (${n} cells)`);
  }
  let changed = 0;
  for (let i = 0; i < n; i++) {
    const code = linear[i];
    if (code === 0 || (crossings && crossings[i] !== 0)) continue;
    const before = mobility[i];
    if (code === SEVERELY_RESTRICTED && roadSpeedKmh) roadSpeedKmh[i] = 0;
    if (code === SEVERELY_RESTRICTED && before !== MOBILITY_NO_GO) mobility[i] = MOBILITY_NO_GO;
    else if (code === RESTRICTED && before === MOBILITY_GO) mobility[i] = MOBILITY_SLOW_GO;
    if (mobility[i] !== before) changed++;
  }
  return changed;
}
