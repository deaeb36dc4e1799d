/**
 * Q⁻¹(q): the standard-normal deviate exceeded with probability q (0 < q < 1), by Abramowitz and
 * Stegun 26.2.23 (|error| < 4.5e-4) as ITM uses it, so quantiles match the reference exactly.
 */
export function inverseComplementaryCdf(q: number): number {
  const x = q > 0.5 ? 1 - q : q;
  const t = Math.sqrt(-2 * Math.log(x));
  const zeta = ((0.010328 * t + 0.802853) * t + 2.515516) / (((0.001308 * t + 0.189269) * t + 1.432788) * t + 1);
  return q > 0.5 ? zeta - t : t - zeta;
}
