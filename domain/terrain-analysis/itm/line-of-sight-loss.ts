import type { ItmPathState } from './diffraction-loss.ts';
import { sigmaH } from './sigma-h.ts';
import { terrainRoughness } from './terrain-roughness.ts';

/**
 * Line-of-sight attenuation, dB, at `distance` metres (Hufford, "The Algorithm", eq. 4.46–4.50): a
 * two-ray model (direct plus ground reflection, the reflection coefficient reduced by terrain
 * roughness) blended with the extended diffraction line `slope`·d + `intercept`.
 */
export function lineOfSightLoss(distance: number, path: ItmPathState, slope: number, intercept: number): number {
  const { frequencyMhz, effectiveHeights, groundImpedance: zg } = path;
  const roughness = sigmaH(terrainRoughness(distance, path.terrainIrregularity));
  const wn = frequencyMhz / 47.7;
  const heightSum = effectiveHeights[0] + effectiveHeights[1];
  const sinPsi = heightSum / Math.sqrt(distance * distance + heightSum * heightSum);
  // Reflection coefficient (sin ψ − Z)/(sin ψ + Z), damped by the roughness.
  const damp = Math.exp(-Math.min(10, wn * roughness * sinPsi));
  const nRe = sinPsi - zg.re,
    nIm = -zg.im;
  const dRe = sinPsi + zg.re,
    dIm = zg.im;
  const den = dRe * dRe + dIm * dIm;
  let rRe = ((nRe * dRe + nIm * dIm) / den) * damp;
  let rIm = ((nIm * dRe - nRe * dIm) / den) * damp;
  const magnitude2 = rRe * rRe + rIm * rIm;
  if (magnitude2 < 0.25 || magnitude2 < sinPsi) {
    const scale = Math.sqrt(sinPsi / magnitude2);
    rRe *= scale;
    rIm *= scale;
  }
  let phase = (wn * 2 * effectiveHeights[0] * effectiveHeights[1]) / distance;
  if (phase > Math.PI / 2) phase = Math.PI - (Math.PI / 2) ** 2 / phase;
  const sumRe = Math.cos(phase) + rRe,
    sumIm = -Math.sin(phase) + rIm;
  const twoRay = -10 * Math.log10(sumRe * sumRe + sumIm * sumIm);
  const extendedDiffraction = slope * distance + intercept;
  const w = 1 / (1 + (frequencyMhz * path.terrainIrregularity) / Math.max(10e3, path.smoothLosDistance));
  return w * twoRay + (1 - w) * extendedDiffraction;
}
