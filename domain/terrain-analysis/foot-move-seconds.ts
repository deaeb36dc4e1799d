import { toblerWalkingSpeed } from './tobler-walking-speed.ts';

/**
 * Seconds to walk from a cell of elevation `fromElevation` to a neighbouring cell of elevation
 * `toElevation`, `groundDistance` metres apart centre to centre, at Tobler's speed for the signed
 * slope between the two centres (direction-dependent: A→B and B→A differ on a slope). The time is
 * for the ground run, as in Tobler's function (the slope length is at most 2 % longer below 11°).
 */
export function footMoveSeconds(fromElevation: number, toElevation: number, groundDistance: number): number {
  if (!(groundDistance > 0) || !Number.isFinite(groundDistance)) {
    throw new RangeError(`ground distance must be positive metres, got ${groundDistance}`);
  }
  const slope = (toElevation - fromElevation) / groundDistance;
  return groundDistance / toblerWalkingSpeed(slope);
}
