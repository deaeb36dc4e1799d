import { ELEVATION_OFFSET_M, ELEVATION_STEP_M } from './elevation-encoding.ts';

/** Inverse of encodeElevationRgba: metres per pixel, NaN where alpha is 0. */
export function decodeElevationRgba(rgba: Uint8Array): Float32Array {
  if (rgba.length % 4 !== 0) throw new RangeError(`RGBA data length ${rgba.length} is not a multiple of 4`);
  const values = new Float32Array(rgba.length / 4);
  for (let i = 0, o = 0; i < values.length; i++, o += 4) {
    values[i] =
      rgba[o + 3] === 0
        ? NaN
        : ELEVATION_OFFSET_M + (rgba[o] * 65536 + rgba[o + 1] * 256 + rgba[o + 2]) * ELEVATION_STEP_M;
  }
  return values;
}
