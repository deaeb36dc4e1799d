import { MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_SLOW_GO } from '../terrain/mobility-config.ts';
import { RESTRICTED, SEVERELY_RESTRICTED, UNRESTRICTED } from './terrain-evaluation-types.ts';

/**
 * Doctrine's terrain classes for a force from its mobility raster (mobilityRaster for the force's
 * vehicle class), cell by cell:
 *   GO → unrestricted, SLOW-GO → restricted, NO-GO → severely restricted;
 *   nodata (unknown slope or land cover) → severely restricted: no corridor is claimed across
 *   ground whose trafficability is unknown.
 * Why this mapping: ATP 5-0.2-1 para 2-253 [S1] defines unrestricted as "no restriction, no
 * enhancement needed", restricted as hindering movement (speeds, formations) and severely restricted
 * as severely hindering it unless mobility is enhanced — the GO / SLOW-GO / NO-GO definitions of
 * mobility-config.ts. The classes are per force because the mobility raster is (para 2-254).
 * `linear`, when given, marks cells of linear obstacles (burnLinearObstacles): severely restricted
 * whatever the mobility says, except where `crossings` marks a bridge, ford or tunnel.
 */
export function classifyObstacleTerrain(
  mobility: Uint8Array,
  linear?: Uint8Array | null,
  crossings?: Uint8Array | null,
): Uint8Array {
  const n = mobility.length;
  if ((linear && linear.length !== n) || (crossings && crossings.length !== n)) {
    throw new RangeError(
      `obstacle inputs differ in size: mobility ${n}, linear ${linear?.length}, crossings ${crossings?.length}`,
    );
  }
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const m = mobility[i];
    let cls = m === MOBILITY_GO ? UNRESTRICTED : m === MOBILITY_SLOW_GO ? RESTRICTED : SEVERELY_RESTRICTED;
    if (m === MOBILITY_NO_GO) cls = SEVERELY_RESTRICTED;
    if (linear && linear[i] !== 0 && !(crossings && crossings[i] !== 0)) cls = SEVERELY_RESTRICTED;
    out[i] = cls;
  }
  return out;
}
