import type { ItmPathState } from './diffraction-loss.ts';

/**
 * Inputs of the Longley–Rice attenuation besides the distance (what ITM's LongleyRice() takes): the
 * path state without what itmPathState derives, and the effective earth curvature γₑ (1/m).
 */
export type PathStateInput = Omit<ItmPathState, 'earthRadius' | 'losAngle' | 'smoothLosDistance'> & {
  curvature: number;
};

/**
 * Completes the path state with what follows from it: effective earth radius 1/γₑ, the smooth-earth
 * line-of-sight distance Σ√(2·hₑ·aₑ) and the angular distance of the line-of-sight region
 * θ_los = −max(θ₁ + θ₂, −d_ML / aₑ).
 */
export function itmPathState(input: PathStateInput): ItmPathState {
  const earthRadius = 1 / input.curvature;
  const { horizonAngles, horizonDistances, effectiveHeights } = input;
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  return {
    frequencyMhz: input.frequencyMhz,
    horizonAngles,
    horizonDistances,
    effectiveHeights,
    heights: input.heights,
    terrainIrregularity: input.terrainIrregularity,
    groundImpedance: input.groundImpedance,
    surfaceRefractivity: input.surfaceRefractivity,
    earthRadius,
    losAngle: -Math.max(horizonAngles[0] + horizonAngles[1], -horizonSum / earthRadius),
    smoothLosDistance:
      Math.sqrt(2 * effectiveHeights[0] * earthRadius) + Math.sqrt(2 * effectiveHeights[1] * earthRadius),
  };
}
