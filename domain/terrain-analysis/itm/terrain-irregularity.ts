// Scratch space for the at most 245 resampled points (n = 10·25 − 5) and for the residuals near
// either decile, reused across calls: a coverage raster calls this once per cell, and fresh arrays
// there cost more in garbage collection than the computation.
const SAMPLES = new Float64Array(245);
const HIGH = new Float64Array(245);
const LOW = new Float64Array(245);
// The deciles of the previous call, as a first guess of where this call's lie: a coverage raster
// calls this for consecutive cells along a radial, whose paths differ by a sample or two. The guess
// decides only how many residuals the selections below look at, never what they return.
let previousHigh = Infinity;
let previousLow = -Infinity;

/**
 * Terrain irregularity Δh, metres, of the profile between `start` and `end` metres: the profile is
 * resampled at n = 10·p10 − 5 points (p10 = 10 % of the points, 4–25), a straight line fitted, and
 * the interdecile range of the residuals (10th highest minus 90th) scaled up to its asymptotic value
 * by ERL 79-ITS 67, eq. 3 inverted. 0 when fewer than two profile intervals lie in the range. Only
 * the first `np` + 1 points are used (default all).
 */
export function terrainIrregularity(
  z: ArrayLike<number>,
  spacing: number,
  start: number,
  end: number,
  np = z.length - 1,
): number {
  let x = start / spacing;
  const xEnd = end / spacing;
  if (xEnd - x < 2) return 0;
  const p10 = Math.min(Math.max(4, Math.trunc(0.1 * (xEnd - x + 8))), 25);
  const n = 10 * p10 - 5;
  const step = (xEnd - x) / (n - 1);
  let i = Math.trunc(x);
  x -= i + 1;
  const samples = SAMPLES;
  let z0 = z[i],
    z1 = z[i + 1];
  for (let j = 0; j < n; j++) {
    if (x > 0 && i + 1 < np) {
      do {
        x--;
        i++;
      } while (x > 0 && i + 1 < np);
      z0 = z[i];
      z1 = z[i + 1];
    }
    // Extrapolates from point i + 1 along the slope of (i, i + 1): x is ≤ 0 here.
    samples[j] = z1 + (z1 - z0) * x;
    x += step;
  }
  // Least-squares line through the samples (linearLeastSquaresFit over indices 0…n − 1, its sums in
  // its order), as its heights at the first and last sample.
  const last = n - 1;
  let centred = -0.5 * last;
  const middle = last + centred;
  let sum = 0.5 * (samples[0] + samples[last]);
  let moment = 0.5 * (samples[0] - samples[last]) * centred;
  for (let k = 1; k < last; k++) {
    centred++;
    const s = samples[k];
    sum += s;
    moment += s * centred;
  }
  const mean = sum / last;
  const fitSlope = (moment * 12) / ((last * last + 2) * last);
  const atStart = mean - fitSlope * middle;
  const atEnd = mean + fitSlope * (last - middle);
  const slope = (atEnd - atStart) / last;
  // Residuals in place (the samples are not needed any more); those at or beyond the guessed deciles,
  // widened by 1 % of the guessed range, are gathered on the way.
  const margin = 0.01 * (previousHigh - previousLow);
  let highFloor = previousHigh - margin,
    lowCeiling = previousLow + margin;
  if (!(highFloor > lowCeiling)) {
    highFloor = Infinity;
    lowCeiling = -Infinity;
  }
  const high = HIGH,
    low = LOW;
  let highCount = 0,
    lowCount = 0;
  let line = atStart;
  for (let j = 0; j < n; j++) {
    const residual = samples[j] - line;
    samples[j] = residual;
    line += slope;
    if (residual >= highFloor) high[highCount++] = residual;
    else if (residual <= lowCeiling) low[lowCount++] = residual;
  }
  // The p10-th highest: among the gathered high residuals when they are at least p10 (every other
  // residual is below all of them), else among all.
  const q10 = highCount >= p10 ? selectKth(high, highCount, highCount - p10) : selectKth(samples, n, n - p10);
  // The (p90 + 1)-th highest (p90 = n − p10), i.e. the p10-th lowest, likewise.
  const q90 = lowCount >= p10 ? selectKth(low, lowCount, p10 - 1) : selectKth(samples, n, p10 - 1);
  previousHigh = q10;
  previousLow = q90;
  return (q10 - q90) / (1 - 0.8 * Math.exp(-(end - start) / 50e3));
}

/**
 * The value that would stand at index k if the first `n` `values` were sorted ascending (Hoare's
 * quickselect, average O(n)). Reorders them so that no value before k is above it and none after
 * is below. What C++'s nth_element gives the reference, without a full sort.
 */
function selectKth(values: Float64Array, n: number, k: number): number {
  let lo = 0,
    hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo,
      j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}
