import { linearLeastSquaresFit } from './linear-least-squares-fit.ts';

// Scratch space for the at most 245 resampled points (n = 10·25 − 5), reused across calls: a
// coverage raster calls this once per cell, and fresh arrays there cost more in garbage
// collection than the computation. Nothing is kept from one call to the next.
const SAMPLES = new Float64Array(245);

/**
 * Terrain irregularity Δh, metres, of the profile between `start` and `end` metres: the profile is
 * resampled at n = 10·p10 − 5 points (p10 = 10 % of the points, 4–25), a straight line fitted, and
 * the interdecile range of the residuals (10th highest minus 90th) scaled up to its asymptotic value
 * by ERL 79-ITS 67, eq. 3 inverted. 0 when fewer than two profile intervals lie in the range. Only
 * the first `np` + 1 points are used (default all).
 */
export function terrainIrregularity(
  z: ArrayLike<number>, spacing: number, start: number, end: number, np = z.length - 1,
): number {
  let x = start / spacing;
  const xEnd = end / spacing;
  if (xEnd - x < 2) return 0;
  const p10 = Math.min(Math.max(4, Math.trunc(0.1 * (xEnd - x + 8))), 25);
  const n = 10 * p10 - 5;
  const p90 = n - p10;
  const step = (xEnd - x) / (n - 1);
  let i = Math.trunc(x);
  x -= i + 1;
  const samples = SAMPLES;
  for (let j = 0; j < n; j++) {
    while (x > 0 && i + 1 < np) {
      x--;
      i++;
    }
    // Extrapolates from point i + 1 along the slope of (i, i + 1): x is ≤ 0 here.
    samples[j] = z[i + 1] + (z[i + 1] - z[i]) * x;
    x += step;
  }
  const fit = linearLeastSquaresFit(samples, 1, 0, n - 1, n - 1);
  const slope = (fit.atEnd - fit.atStart) / (n - 1);
  const residuals = samples; // in place: the samples are not needed any more
  let line = fit.atStart;
  for (let j = 0; j < n; j++) {
    residuals[j] -= line;
    line += slope;
  }
  const q10 = selectKth(residuals, n, n - p10); // the p10-th highest
  // The (p90 + 1)-th highest, i.e. the p10-th lowest: below n − p10 now, where the first selection
  // left only values not above q10.
  const q90 = selectKth(residuals, n - p10, n - 1 - p90);
  return (q10 - q90) / (1 - 0.8 * Math.exp(-(end - start) / 50e3));
}

/**
 * The value that would stand at index k if the first `n` `values` were sorted ascending (Hoare's
 * quickselect, average O(n)). Reorders them so that no value before k is above it and none after
 * is below. What C++'s nth_element gives the reference, without a full sort.
 */
function selectKth(values: Float64Array, n: number, k: number): number {
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo, j = hi;
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
