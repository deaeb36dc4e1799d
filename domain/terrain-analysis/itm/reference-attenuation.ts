import { diffractionLoss, diffractionTerms, type ItmPathState } from './diffraction-loss.ts';
import { ItmParameterError } from './itm-parameter-error.ts';
import type { ItmPropagationMode, ItmWarning } from './itm-vocabulary.ts';
import { lineOfSightLoss } from './line-of-sight-loss.ts';
import { troposcatterLoss } from './troposcatter-loss.ts';

/**
 * Longley–Rice reference attenuation relative to free space, dB, at `distance` metres (Hufford,
 * "The Algorithm", section 4; ERL 79-ITS 67, eq. 3.16–3.21). The diffraction line is fitted through
 * two distances far in the diffraction region; inside the smooth-earth line-of-sight distance the
 * attenuation is k₁·d + k₂·ln d + A₀, fitted to the two-ray estimates at d₀, d₁ and to the
 * diffraction line at the smooth-earth horizon; beyond it the lesser slope of diffraction and of
 * troposcatter (fitted at d_ML + 200 and + 400 km) applies past their crossing. Never negative.
 *
 * Conditions outside the model's range are pushed to `warnings`; a surface refractivity outside
 * 150–400 N-units, an effective earth radius outside 4000–13 333 km, or a ground impedance whose
 * real part does not exceed its imaginary part throws an ItmParameterError.
 */
export function referenceAttenuation(
  distance: number,
  path: ItmPathState,
  warnings: ItmWarning[],
): { attenuation: number; mode: ItmPropagationMode } {
  const { earthRadius, frequencyMhz, horizonAngles, horizonDistances, effectiveHeights } = path;
  const smoothLos = path.smoothLosDistance;
  const horizonSum = horizonDistances[0] + horizonDistances[1];
  for (let i = 0; i < 2; i++) {
    const end = i === 0 ? 'tx' : 'rx';
    const smoothHorizon = Math.sqrt(2 * effectiveHeights[i] * earthRadius);
    if (Math.abs(horizonAngles[i]) > 200e-3) warnings.push(`${end}_horizon_angle`);
    if (horizonDistances[i] < 0.1 * smoothHorizon) warnings.push(`${end}_horizon_distance_1`);
    if (horizonDistances[i] > 3 * smoothHorizon) warnings.push(`${end}_horizon_distance_2`);
  }
  const ns = path.surfaceRefractivity;
  if (ns < 150 || ns > 400) {
    throw new ItmParameterError(
      'refractivity',
      `surface refractivity ${ns.toFixed(1)} N-units at the path's ` + 'mean height is outside 150–400',
    );
  }
  if (ns < 250) warnings.push('surface_refractivity');
  if (earthRadius < 4000000 || earthRadius > 13333333) {
    throw new ItmParameterError(
      'refractivity',
      `effective earth radius ${earthRadius.toFixed(0)} m is outside ` + '4000–13 333 km',
    );
  }
  if (path.groundImpedance.re <= Math.abs(path.groundImpedance.im)) {
    throw new ItmParameterError(
      'permittivity',
      'ground constants give an impedance outside the model ' + '(real part not above the imaginary part)',
    );
  }
  const scale = Math.cbrt(earthRadius ** 2 / frequencyMhz);
  const d3 = Math.max(smoothLos, horizonSum + 5 * scale);
  const d4 = d3 + 10 * scale;
  const terms = diffractionTerms(path);
  const a3 = diffractionLoss(d3, path, terms);
  const a4 = diffractionLoss(d4, path, terms);
  const slope = (a4 - a3) / (d4 - d3);
  const intercept = a3 - slope * d3;
  if (distance < Math.abs(effectiveHeights[0] - effectiveHeights[1]) / 200e-3) {
    warnings.push('path_distance_too_small_1');
  }
  if (distance < 1e3) warnings.push('path_distance_too_small_2');
  if (distance > 1000e3) warnings.push('path_distance_too_big_1');
  if (distance > 2000e3) warnings.push('path_distance_too_big_2');
  let attenuation: number;
  let mode: ItmPropagationMode;
  if (distance < smoothLos) {
    attenuation = lineOfSightAttenuation(distance, path, slope, intercept);
    mode = 'line_of_sight';
  } else {
    const d5 = horizonSum + 200e3;
    const d6 = horizonSum + 400e3;
    const at6 = troposcatterLoss(d6, path, -1);
    const at5 = troposcatterLoss(d5, path, at6.frequencyGain);
    let scatterSlope = slope,
      scatterIntercept = intercept,
      crossing = 10e6;
    if (at5.loss < 1000) {
      scatterSlope = (at6.loss - at5.loss) / 200e3;
      crossing = Math.max(
        Math.max(smoothLos, horizonSum + 1.088 * scale * Math.log(frequencyMhz)),
        (at5.loss - intercept - scatterSlope * d5) / (slope - scatterSlope),
      );
      scatterIntercept = (slope - scatterSlope) * crossing + intercept;
    }
    if (distance > crossing) {
      attenuation = scatterSlope * distance + scatterIntercept;
      mode = 'troposcatter';
    } else {
      attenuation = slope * distance + intercept;
      mode = 'diffraction';
    }
  }
  return { attenuation: Math.max(attenuation, 0), mode };
}

/** k₁·d + k₂·ln d + A₀ in the line-of-sight region, fitted as ERL 79-ITS 67 eq. 3.16–3.21. */
function lineOfSightAttenuation(distance: number, path: ItmPathState, slope: number, intercept: number): number {
  const { effectiveHeights, frequencyMhz } = path;
  const smoothLos = path.smoothLosDistance;
  const horizonSum = path.horizonDistances[0] + path.horizonDistances[1];
  const atSmoothLos = smoothLos * slope + intercept;
  let d0 = 0.04 * frequencyMhz * effectiveHeights[0] * effectiveHeights[1];
  let d1: number;
  if (intercept >= 0) {
    d0 = Math.min(d0, 0.5 * horizonSum);
    d1 = d0 + 0.25 * (horizonSum - d0);
  } else {
    d1 = Math.max(-intercept / slope, 0.25 * horizonSum);
  }
  const a1 = lineOfSightLoss(d1, path, slope, intercept);
  let fitted = false;
  let k1 = 0,
    k2 = 0;
  if (d0 < d1) {
    const a0 = lineOfSightLoss(d0, path, slope, intercept);
    const q = Math.log(smoothLos / d0);
    k2 = Math.max(
      0,
      ((smoothLos - d0) * (a1 - a0) - (d1 - d0) * (atSmoothLos - a0)) /
        ((smoothLos - d0) * Math.log(d1 / d0) - (d1 - d0) * q),
    );
    fitted = intercept > 0 || k2 > 0;
    if (fitted) {
      k1 = (atSmoothLos - a0 - k2 * q) / (smoothLos - d0);
      if (k1 < 0) {
        k1 = 0;
        k2 = positiveDifference(atSmoothLos, a0) / q;
        if (k2 === 0) k1 = slope;
      }
    }
  }
  if (!fitted) {
    k1 = positiveDifference(atSmoothLos, a1) / (smoothLos - d1);
    k2 = 0;
    if (k1 === 0) k1 = slope;
  }
  const a0 = atSmoothLos - k1 * smoothLos - k2 * Math.log(smoothLos);
  return a0 + k1 * distance + k2 * Math.log(distance);
}

function positiveDifference(a: number, b: number): number {
  return a > b ? a - b : 0;
}
