/**
 * Steep breaks — cliffs, quarry faces, embankments and cuttings — as a mask: 1 where the slope is at
 * least `minDegrees` (default 45°, a 100 % grade: FM 30-10 notes that even mountains rarely exceed
 * 35 % near the summit [S8], and mobility-config.ts makes 100 % the limit where walking becomes
 * climbing), 0 elsewhere and on nodata. These cells are severely restricted for every mover.
 */
export function steepBreakMask(slopeDegrees: Float32Array, minDegrees = 45): Uint8Array {
  if (!(minDegrees > 0 && minDegrees < 90)) throw new RangeError(`minDegrees must be in (0, 90), got ${minDegrees}`);
  const out = new Uint8Array(slopeDegrees.length);
  for (let i = 0; i < slopeDegrees.length; i++) if (slopeDegrees[i] >= minDegrees) out[i] = 1;
  return out;
}
