import type { Complex } from './complex.ts';
import { knifeEdgeDiffraction } from './knife-edge-diffraction.ts';
import { sigmaH } from './sigma-h.ts';
import { type SmoothEarthTerminals, smoothEarthDiffraction, smoothEarthTerminals } from './smooth-earth-diffraction.ts';
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
 * The parts of diffractionLoss that do not depend on the distance: the clutter factor, the
 * effective-height term and the smooth-earth terminals. The reference attenuation asks for two
 * distances on one path.
 */
export interface DiffractionTerms {
  clutter: number;
  heightTerm: number;
  smoothEarth: SmoothEarthTerminals;
}

export function diffractionTerms(path: ItmPathState): DiffractionTerms {
  const { frequencyMhz, horizonDistances, effectiveHeights, heights } = path;
  const roughnessAtLos = sigmaH(terrainRoughness(path.smoothLosDistance, path.terrainIrregularity));
  const clutter = Math.min(15, 5 * Math.log10(1 + 1e-5 * heights[0] * heights[1] * frequencyMhz * roughnessAtLos));
  const structural = heights[0] * heights[1];
  const heightTerm = Math.sqrt(1 + (effectiveHeights[0] * effectiveHeights[1] - structural) / (structural + 10));
  const smoothEarth = smoothEarthTerminals(frequencyMhz, horizonDistances, effectiveHeights, path.groundImpedance);
  return { clutter, heightTerm, smoothEarth };
}

/**
 * Diffraction attenuation, dB, at `distance` metres (ERL 79-ITS 67, eq. 3.23 and 3.38c): a blend of
 * smooth-earth and double knife-edge diffraction weighted by how rough the terrain is in
 * wavelengths, plus a clutter factor. Point-to-point mode (C ≈ 10 m² in the weighting). `terms` are
 * the path's diffractionTerms (computed when not given).
 */
export function diffractionLoss(distance: number, path: ItmPathState, terms = diffractionTerms(path)): number {
  const { frequencyMhz, earthRadius, losAngle, horizonDistances, effectiveHeights } = path;
  const knifeEdge = knifeEdgeDiffraction(distance, frequencyMhz, earthRadius, losAngle, horizonDistances);
  const smoothEarth = smoothEarthDiffraction(
    distance,
    frequencyMhz,
    earthRadius,
    losAngle,
    horizonDistances,
    effectiveHeights,
    path.groundImpedance,
    terms.smoothEarth,
  );
  const roughness = terrainRoughness(distance, path.terrainIrregularity);
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  const q =
    (terms.heightTerm + (-losAngle * earthRadius + horizonSum) / distance) *
    Math.min((roughness * frequencyMhz) / 47.7, 6283.2);
  const w = 25.1 / (25.1 + Math.sqrt(q));
  return w * smoothEarth + (1 - w) * knifeEdge + terms.clutter;
}
