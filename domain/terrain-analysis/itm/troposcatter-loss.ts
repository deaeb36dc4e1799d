import type { ItmPathState } from './diffraction-loss.ts';

/**
 * Troposcatter attenuation, dB, at `distance` metres (Hufford, "The Algorithm", eq. 4.63–4.67;
 * TN101 ch. 9): the attenuation function F(θd), the frequency-gain function H₀ from the scattering
 * efficiency ηₛ at the cross-over height, and a refractivity correction.
 *
 * `frequencyGain` is ITM's carried H₀: pass −1 on the first call; when the value returned with it
 * exceeds 15 dB it is reused (the reference computes H₀ at d₆ and reuses it at d₅ in that case).
 * Returns `loss` 1001 dB when H₀ is undefined (both r₁ and r₂ below 0.2).
 */
export function troposcatterLoss(
  distance: number,
  path: ItmPathState,
  frequencyGain: number,
): { loss: number; frequencyGain: number } {
  const { frequencyMhz, horizonAngles, horizonDistances, effectiveHeights, earthRadius } = path;
  const ns = path.surfaceRefractivity;
  const wn = frequencyMhz / 47.7;
  let h0: number;
  if (frequencyGain > 15) {
    h0 = frequencyGain;
  } else {
    let asymmetry = horizonDistances[0] - horizonDistances[1];
    let ratio = effectiveHeights[1] / effectiveHeights[0];
    if (asymmetry < 0) {
      asymmetry = -asymmetry;
      ratio = 1 / ratio;
    }
    const theta = horizonAngles[0] + horizonAngles[1] + distance / earthRadius;
    const r1 = 2 * wn * theta * effectiveHeights[0];
    const r2 = 2 * wn * theta * effectiveHeights[1];
    if (r1 < 0.2 && r2 < 0.2) return { loss: 1001, frequencyGain };
    let s = (distance - asymmetry) / (distance + asymmetry);
    const q = Math.min(Math.max(0.1, ratio / s), 10);
    s = Math.max(0.1, s);
    const crossOver = ((distance - asymmetry) * (distance + asymmetry) * theta * 0.25) / distance;
    const etaS =
      (crossOver / 1.7556e3) *
      (1 + (0.031 - ns * 2.32e-3 + ns * ns * 5.67e-6) * Math.exp(-(Math.min(1.7, crossOver / 8e3) ** 6)));
    const h00 = (frequencyGainCurve(r1, etaS) + frequencyGainCurve(r2, etaS)) / 2;
    const deltaH0 = Math.min(h00, 6 * (0.6 - Math.log10(Math.max(etaS, 1))) * Math.log10(s) * Math.log10(q));
    h0 = Math.max(h00 + deltaH0, 0);
    if (etaS < 1) {
      const sqrt2 = Math.SQRT2;
      h0 =
        etaS * h0 +
        (1 - etaS) * 10 * Math.log10((((1 + sqrt2 / r1) * (1 + sqrt2 / r2)) ** 2 * (r1 + r2)) / (r1 + r2 + 2 * sqrt2));
    }
    if (h0 > 15 && frequencyGain >= 0) h0 = frequencyGain;
  }
  const th = distance / earthRadius - path.losAngle;
  const loss =
    attenuationFunction(th * distance) +
    10 * Math.log10(wn * 47.7 * th ** 4) -
    0.1 * (ns - 301) * Math.exp(-(th * distance) / 40e3) +
    h0;
  return { loss, frequencyGain: h0 };
}

/** The attenuation function F(θd), dB (Hufford, "The Algorithm", 6.9), θd in metres·radians. */
export function attenuationFunction(td: number): number {
  if (td <= 10e3) return 133.4 + 0.332e-3 * td - 10 * Math.log10(td);
  if (td <= 70e3) return 104.6 + 0.212e-3 * td - 2.5 * Math.log10(td);
  return 71.8 + 0.157e-3 * td + 5 * Math.log10(td);
}

const H0_A = [25, 80, 177, 395, 705];
const H0_B = [24, 45, 68, 80, 105];

/** H₀(r, ηₛ), dB: the curve fits of "The Algorithm" 6.13, interpolated between integer ηₛ (1–5). */
function frequencyGainCurve(r: number, etaS: number): number {
  const eta = Math.min(Math.max(etaS, 1), 5);
  const i = Math.trunc(eta);
  const fraction = eta - i;
  const curve = (j: number) => 10 * Math.log10(1 + H0_A[j] * (1 / r) ** 4 + H0_B[j] * (1 / r) ** 2);
  const lower = curve(i - 1);
  return fraction === 0 ? lower : (1 - fraction) * lower + fraction * curve(i);
}
