import type { Complex } from './complex.ts';
import { knifeEdgeDiffraction } from './knife-edge-diffraction.ts';
import { sigmaH } from './sigma-h.ts';
import { smoothEarthDiffraction } from './smooth-earth-diffraction.ts';
import { terrainRoughness } from './terrain-roughness.ts';

/** What the diffraction, line-of-sight and troposcatter estimates share about one path. */
export interface ItmPathState {
  frequencyMhz: number;
  earthRadius: number;
  /** Angular distance of the line-of-sight region, radians. */
  losAngle: number;
  /** Maximum line-of-sight distance over a smooth earth, metres. */
  smoothLosDistance: number;
  horizonAngles: readonly [number, number];
  horizonDistances: readonly [number, number];
  effectiveHeights: readonly [number, number];
  /** Structural antenna heights, metres. */
  heights: readonly [number, number];
  terrainIrregularity: number;
  groundImpedance: Complex;
  surfaceRefractivity: number;
}

/**
 * Diffraction attenuation, dB, at `distance` metres (ERL 79-ITS 67, eq. 3.23 and 3.38c): a blend of
 * smooth-earth and double knife-edge diffraction weighted by how rough the terrain is in
 * wavelengths, plus a clutter factor. Point-to-point mode (C ≈ 10 m² in the weighting).
 */
export function diffractionLoss(distance: number, path: ItmPathState): number {
  const { frequencyMhz, earthRadius, losAngle, horizonDistances, effectiveHeights, heights } = path;
  const knifeEdge = knifeEdgeDiffraction(distance, frequencyMhz, earthRadius, losAngle, horizonDistances);
  const smoothEarth = smoothEarthDiffraction(
    distance, frequencyMhz, earthRadius, losAngle, horizonDistances, effectiveHeights, path.groundImpedance,
  );
  const roughnessAtLos = sigmaH(terrainRoughness(path.smoothLosDistance, path.terrainIrregularity));
  const clutter = Math.min(15, 5 * Math.log10(1 + 1e-5 * heights[0] * heights[1] * frequencyMhz * roughnessAtLos));
  const roughness = terrainRoughness(distance, path.terrainIrregularity);
  const structural = heights[0] * heights[1];
  const heightTerm = Math.sqrt(1 + (effectiveHeights[0] * effectiveHeights[1] - structural) / (structural + 10));
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  const q = (heightTerm + (-losAngle * earthRadius + horizonSum) / distance)
    * Math.min((roughness * frequencyMhz) / 47.7, 6283.2);
  const w = 25.1 / (25.1 + Math.sqrt(q));
  return w * smoothEarth + (1 - w) * knifeEdge + clutter;
}
