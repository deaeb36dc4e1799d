import { inverseComplementaryCdf } from './inverse-complementary-cdf.ts';
import { ITM_CLIMATES, type ItmClimate, type ItmVariabilityMode, type ItmWarning } from './itm-vocabulary.ts';
import { terrainRoughness } from './terrain-roughness.ts';

/** What the variability of a path depends on. Quantiles in percent (0 < q < 100). */
export interface VariabilityInput {
  time: number;
  location: number;
  situation: number;
  effectiveHeights: readonly [number, number];
  terrainIrregularity: number;
  frequencyMhz: number;
  distance: number;
  referenceAttenuation: number;
  climate: ItmClimate;
  mode: ItmVariabilityMode;
  eliminateLocationVariability?: boolean;
  eliminateSituationVariability?: boolean;
}

// Per climate (ITM_CLIMATES order): the all-year median curve and the time-variability curves below
// (σT−) and above (σT+) the median (TN101 fig. 10.13 as fitted by TN101 vol. 2, eq. III.69–70), the
// ducting factors C_D, z_D ("The Algorithm", table 5.1) and the frequency factors g−, g+.
const MEDIAN = [
  [-9.67, -0.62, 1.26, -9.21, -0.62, -0.39, 3.15],
  [12.7, 9.19, 15.5, 9.05, 9.19, 2.86, 857.9],
  [144.9e3, 228.9e3, 262.6e3, 84.1e3, 228.9e3, 141.7e3, 2222e3],
  [190.3e3, 205.2e3, 185.2e3, 101.1e3, 205.2e3, 315.9e3, 164.8e3],
  [133.8e3, 143.6e3, 99.8e3, 98.6e3, 143.6e3, 167.4e3, 116.3e3],
];
const BELOW = [
  [2.13, 2.66, 6.11, 1.98, 2.68, 6.86, 8.51],
  [159.5, 7.67, 6.65, 13.11, 7.16, 10.38, 169.8],
  [762.2e3, 100.4e3, 138.2e3, 139.1e3, 93.7e3, 187.8e3, 609.8e3],
  [123.6e3, 172.5e3, 242.2e3, 132.7e3, 186.8e3, 169.6e3, 119.9e3],
  [94.5e3, 136.4e3, 178.6e3, 193.5e3, 133.5e3, 108.9e3, 106.6e3],
];
const ABOVE = [
  [2.11, 6.87, 10.08, 3.68, 4.75, 8.58, 8.43],
  [102.3, 15.53, 9.6, 159.3, 8.12, 13.97, 8.19],
  [636.9e3, 138.7e3, 165.3e3, 464.4e3, 93.2e3, 216.0e3, 136.2e3],
  [134.8e3, 143.7e3, 225.7e3, 93.1e3, 135.9e3, 152.0e3, 188.5e3],
  [95.6e3, 98.6e3, 129.7e3, 94.2e3, 113.4e3, 122.7e3, 122.9e3],
];
const DUCTING_C = [1.224, 0.801, 1.38, 1.0, 1.224, 1.518, 1.518];
const DUCTING_Z = [1.282, 2.161, 1.282, 20.0, 1.282, 1.282, 1.282];
const BELOW_FREQUENCY = [
  [1.0, 1.0, 1.0, 1.0, 0.92, 1.0, 1.0],
  [0.0, 0.0, 0.0, 0.0, 0.25, 0.0, 0.0],
  [0.0, 0.0, 0.0, 0.0, 1.77, 0.0, 0.0],
];
const ABOVE_FREQUENCY = [
  [1.0, 0.93, 1.0, 0.93, 0.93, 1.0, 1.0],
  [0.0, 0.31, 0.0, 0.19, 0.31, 0.0, 0.0],
  [0.0, 2.0, 0.0, 1.79, 2.0, 0.0, 0.0],
];

/**
 * Attenuation relative to free space at the requested time, location and situation quantiles, dB
 * (Hufford, "The Algorithm", section 5): the reference attenuation minus the climate's all-year
 * median adjustment minus the time, location and situation deviations combined per the variability
 * mode; a negative result is softened by eq. 52 ("The Algorithm").
 */
export function variability(input: VariabilityInput, warnings: ItmWarning[]): number {
  const deviates = standardDeviates(input.time, input.location, input.situation);
  let zT = deviates.time;
  let zL = deviates.location;
  const zS = deviates.situation;
  const c = ITM_CLIMATES.indexOf(input.climate);
  const wn = input.frequencyMhz / 47.7;
  const a9000 = 9000e3;
  const { effectiveHeights, distance, mode } = input;
  const extent =
    Math.sqrt(2 * a9000 * effectiveHeights[0]) + Math.sqrt(2 * a9000 * effectiveHeights[1]) + Math.cbrt(575.7e12 / wn);
  const de = distance < extent ? (130e3 * distance) / extent : 130e3 + distance - extent;
  const sigmaS = input.eliminateSituationVariability ? 0 : 5 + 3 * Math.exp(-de / 100e3);
  const median = curve(MEDIAN, c, de);
  if (mode === 'single_message') {
    zT = zS;
    zL = zS;
  } else if (mode === 'accidental') {
    zL = zS;
  } else if (mode === 'mobile') {
    zL = zT;
  }
  if (Math.abs(zT) > 3.1 || Math.abs(zL) > 3.1 || Math.abs(zS) > 3.1) warnings.push('extreme_variabilities');
  let sigmaL = 0;
  if (!input.eliminateLocationVariability) {
    const roughness = terrainRoughness(distance, input.terrainIrregularity);
    sigmaL = (10 * wn * roughness) / (wn * roughness + 13);
  }
  const yL = sigmaL * zL;
  const q = Math.log(0.133 * wn);
  const gBelow = BELOW_FREQUENCY[0][c] + BELOW_FREQUENCY[1][c] / ((BELOW_FREQUENCY[2][c] * q) ** 2 + 1);
  const gAbove = ABOVE_FREQUENCY[0][c] + ABOVE_FREQUENCY[1][c] / ((ABOVE_FREQUENCY[2][c] * q) ** 2 + 1);
  const sigmaBelow = curve(BELOW, c, de) * gBelow;
  const sigmaAbove = curve(ABOVE, c, de) * gAbove;
  const sigmaDucting = DUCTING_C[c] * sigmaAbove;
  const ductingTerm = (sigmaAbove - sigmaDucting) * DUCTING_Z[c];
  let sigmaT: number;
  if (zT < 0) sigmaT = sigmaBelow;
  else if (zT <= DUCTING_Z[c]) sigmaT = sigmaAbove;
  else sigmaT = sigmaDucting + ductingTerm / zT;
  const yT = sigmaT * zT;
  const ySquared = sigmaS ** 2 + yT ** 2 / (7.8 + zS ** 2) + yL ** 2 / (24 + zS ** 2);
  let yR: number, yS: number;
  if (mode === 'single_message') {
    yR = 0;
    yS = Math.sqrt(sigmaT ** 2 + sigmaL ** 2 + ySquared) * zS;
  } else if (mode === 'accidental') {
    yR = yT;
    yS = Math.sqrt(sigmaL ** 2 + ySquared) * zS;
  } else if (mode === 'mobile') {
    yR = Math.sqrt(sigmaT ** 2 + sigmaL ** 2) * zT;
    yS = Math.sqrt(ySquared) * zS;
  } else {
    yR = yT + yL;
    yS = Math.sqrt(ySquared) * zS;
  }
  const result = input.referenceAttenuation - median - yR - yS;
  return result < 0 ? (result * (29 - result)) / (29 - 10 * result) : result;
}

// The last quantiles asked for and their deviates: a coverage raster asks the same three for every
// cell. A pure function's memo: the deviates are recomputed whenever a quantile differs.
const lastDeviates = {
  timePercent: NaN,
  locationPercent: NaN,
  situationPercent: NaN,
  time: 0,
  location: 0,
  situation: 0,
};

/** Standard-normal deviates Q⁻¹(q / 100) of the time, location and situation quantiles (percent). */
function standardDeviates(time: number, location: number, situation: number): typeof lastDeviates {
  const last = lastDeviates;
  if (time !== last.timePercent || location !== last.locationPercent || situation !== last.situationPercent) {
    last.time = inverseComplementaryCdf(time / 100);
    last.location = inverseComplementaryCdf(location / 100);
    last.situation = inverseComplementaryCdf(situation / 100);
    last.timePercent = time;
    last.locationPercent = location;
    last.situationPercent = situation;
  }
  return last;
}

/** TN101 vol. 2, eq. III.69/70: (c₁ + c₂ / (1 + ((d − x₂)/x₃)²)) · (d/x₁)² / (1 + (d/x₁)²). */
function curve(table: number[][], c: number, de: number): number {
  const r = (de / table[2][c]) ** 2;
  return ((table[0][c] + table[1][c] / (1 + ((de - table[3][c]) / table[4][c]) ** 2)) * r) / (1 + r);
}
