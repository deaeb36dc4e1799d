/**
 * Least-squares straight line through the profile points between `start` and `end` metres (`z`
 * equally spaced `spacing` metres apart), returned as its heights at both ends of the whole profile
 * (index 0 and the last index). The index range is clamped to the profile and widened by a point on
 * each side when it holds fewer than two, as in ITM. Only the first `np` + 1 points are used.
 */
export function linearLeastSquaresFit(
  z: ArrayLike<number>,
  spacing: number,
  start: number,
  end: number,
  np = z.length - 1,
): { atStart: number; atEnd: number } {
  let iStart = Math.trunc(positiveDifference(start / spacing, 0));
  let iEnd = np - Math.trunc(positiveDifference(np, end / spacing));
  if (iEnd <= iStart) {
    iStart = Math.trunc(positiveDifference(iStart, 1));
    iEnd = np - Math.trunc(positiveDifference(np, iEnd + 1));
  }
  const length = iEnd - iStart;
  let centred = -0.5 * length; // index relative to the middle of the range
  const middle = iEnd + centred;
  let sum = 0.5 * (z[iStart] + z[iEnd]);
  let moment = 0.5 * (z[iStart] - z[iEnd]) * centred;
  for (let k = 2; k <= length; k++) {
    iStart++;
    centred++;
    sum += z[iStart];
    moment += z[iStart] * centred;
  }
  const mean = sum / length;
  const slope = (moment * 12) / ((length * length + 2) * length);
  return { atStart: mean - slope * middle, atEnd: mean + slope * (np - middle) };
}

/** C's fdim: a − b when positive, else 0. */
function positiveDifference(a: number, b: number): number {
  return a > b ? a - b : 0;
}
