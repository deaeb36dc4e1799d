/**
 * Walking speed in metres per second on a slope, by Tobler's hiking function (W. Tobler, 1993,
 * "Three presentations on geographical analysis and modeling", NCGIA technical report 93-1):
 *
 *   v = 6 · exp(−3.5 · |S + 0.05|) km/h,   S = Δh / Δx  (rise over ground run, signed)
 *
 * fastest, 6 km/h, on a gentle descent of S = −0.05 (−2.86°); 5.04 km/h on the flat. Direction
 * matters: going up a slope is slower than going down it, so the function takes the signed slope.
 */
export function toblerWalkingSpeed(slope: number): number {
  if (!Number.isFinite(slope)) throw new RangeError(`slope must be a finite rise over run, got ${slope}`);
  return (6000 / 3600) * Math.exp(-3.5 * Math.abs(slope + 0.05));
}
