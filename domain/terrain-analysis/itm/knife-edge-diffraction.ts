import { fresnelIntegral } from './fresnel-integral.ts';

/**
 * Double knife-edge diffraction loss, dB, at `distance` metres beyond horizons `horizonDistances`
 * (TN101, eq. I.1 and I.7): each horizon acts as a knife edge with v² = (k/4π)·θ²·dₕ·dₙ/(dₙ + dₕ).
 * `losAngle` is the angular distance of the line-of-sight region (radians), `earthRadius` metres.
 */
export function knifeEdgeDiffraction(
  distance: number,
  frequencyMhz: number,
  earthRadius: number,
  losAngle: number,
  horizonDistances: readonly [number, number],
): number {
  const beyond = distance - horizonDistances[0] - horizonDistances[1];
  const theta = distance / earthRadius - losAngle;
  const factor = 0.0795775 * (frequencyMhz / 47.7) * theta * theta * beyond;
  const v1 = (factor * horizonDistances[0]) / (beyond + horizonDistances[0]);
  const v2 = (factor * horizonDistances[1]) / (beyond + horizonDistances[1]);
  return fresnelIntegral(v1) + fresnelIntegral(v2);
}
