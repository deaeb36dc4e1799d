import type { Complex } from './complex.ts';

/** Earth radius ITM scales Vogler's 4/3-earth curves by, metres. */
const A0 = 6370e3;

/**
 * What smoothEarthDiffraction takes from the terminals, independent of the distance (the reference
 * attenuation asks for two distances on one path): the frequency and impedance factors, and per
 * terminal Vogler's x and height gain F(x, K) for the radius from its horizon distance and height.
 */
export interface SmoothEarthTerminals {
  cubeRootF: number;
  impedance: number;
  x: readonly [number, number];
  heightGains: readonly [number, number];
}

export function smoothEarthTerminals(
  frequencyMhz: number,
  horizonDistances: readonly [number, number],
  effectiveHeights: readonly [number, number],
  groundImpedance: Complex,
): SmoothEarthTerminals {
  const impedance = Math.sqrt(groundImpedance.re ** 2 + groundImpedance.im ** 2);
  const cubeRootF = Math.cbrt(frequencyMhz);
  const x: [number, number] = [0, 0];
  const heightGains: [number, number] = [0, 0];
  for (let i = 0; i < 2; i++) {
    const radius = (0.5 * horizonDistances[i] ** 2) / effectiveHeights[i];
    const lengthKm = horizonDistances[i] / 1000;
    const c0 = Math.cbrt(((4 / 3) * A0) / radius);
    const k = (0.017778 * c0) / cubeRootF / impedance;
    const b0 = 1.607 - k;
    x[i] = b0 * c0 * c0 * cubeRootF * lengthKm;
    heightGains[i] = heightGain(x[i], k);
  }
  return { cubeRootF, impedance, x, heightGains };
}

/**
 * Smooth-earth diffraction loss, dB, by Vogler's three-radii method (Vogler 1964; Hufford, "The
 * Algorithm", eq. 4.20): one radius for the diffraction arc between the horizons and one per
 * terminal from its horizon distance and effective height; distance gain G(x) minus both height
 * gains F(x, K), minus 20 dB. `terminals` are smoothEarthTerminals of the same inputs (computed when
 * not given).
 */
export function smoothEarthDiffraction(
  distance: number,
  frequencyMhz: number,
  earthRadius: number,
  losAngle: number,
  horizonDistances: readonly [number, number],
  effectiveHeights: readonly [number, number],
  groundImpedance: Complex,
  terminals = smoothEarthTerminals(frequencyMhz, horizonDistances, effectiveHeights, groundImpedance),
): number {
  const arc = distance / earthRadius - losAngle;
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  const radius = (distance - horizonSum) / arc;
  const lengthKm = (radius * arc) / 1000;
  const { cubeRootF, impedance } = terminals;
  const c0 = Math.cbrt(((4 / 3) * A0) / radius);
  const k = (0.017778 * c0) / cubeRootF / impedance;
  const b0 = 1.607 - k;
  const x = b0 * c0 * c0 * cubeRootF * lengthKm;
  const xTotal = x + terminals.x[0] + terminals.x[1];
  const distanceGain = 0.05751 * xTotal - 10 * Math.log10(xTotal);
  return distanceGain - terminals.heightGains[0] - terminals.heightGains[1] - 20;
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
