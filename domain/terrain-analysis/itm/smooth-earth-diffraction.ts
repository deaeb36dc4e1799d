import type { Complex } from './complex.ts';

/** Earth radius ITM scales Vogler's 4/3-earth curves by, metres. */
const A0 = 6370e3;

/**
 * Smooth-earth diffraction loss, dB, by Vogler's three-radii method (Vogler 1964; Hufford, "The
 * Algorithm", eq. 4.20): one radius for the diffraction arc between the horizons and one per
 * terminal from its horizon distance and effective height; distance gain G(x) minus both height
 * gains F(x, K), minus 20 dB.
 */
export function smoothEarthDiffraction(
  distance: number, frequencyMhz: number, earthRadius: number, losAngle: number,
  horizonDistances: readonly [number, number], effectiveHeights: readonly [number, number], groundImpedance: Complex,
): number {
  const arc = distance / earthRadius - losAngle;
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  const radii = [
    (distance - horizonSum) / arc,
    (0.5 * horizonDistances[0] ** 2) / effectiveHeights[0],
    (0.5 * horizonDistances[1] ** 2) / effectiveHeights[1],
  ];
  const lengthsKm = [(radii[0] * arc) / 1000, horizonDistances[0] / 1000, horizonDistances[1] / 1000];
  const impedance = Math.sqrt(groundImpedance.re ** 2 + groundImpedance.im ** 2);
  const cubeRootF = Math.cbrt(frequencyMhz);
  const x = [0, 0, 0];
  const k = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const c0 = Math.cbrt(((4 / 3) * A0) / radii[i]);
    k[i] = (0.017778 * c0) / cubeRootF / impedance;
    const b0 = 1.607 - k[i];
    x[i] = b0 * c0 * c0 * cubeRootF * lengthsKm[i];
  }
  const xTotal = x[0] + x[1] + x[2];
  const distanceGain = 0.05751 * xTotal - 10 * Math.log10(xTotal);
  return distanceGain - heightGain(x[1], k[1]) - heightGain(x[2], k[2]) - 20;
}

/** Vogler's height-gain function F(x, K), dB. */
function heightGain(x: number, k: number): number {
  if (x < 200) {
    const w = -Math.log(k);
    if (k < 1e-5 || x * w * w * w > 5495) return x > 1 ? 17.372 * Math.log(x) - 117 : -117;
    return (2.5e-5 * x * x) / k - 8.686 * w - 15;
  }
  const far = 0.05751 * x - 4.343 * Math.log(x);
  if (x >= 2000) return far;
  const w = 0.0134 * x * Math.exp(-0.005 * x);
  return (1 - w) * far + w * (17.372 * Math.log(x) - 117);
}
