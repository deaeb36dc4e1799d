import { ELEVATION_MAX_PACKED, ELEVATION_OFFSET_M, ELEVATION_STEP_M } from './elevation-encoding.ts';

/**
 * Packs elevations (metres, NaN = nodata) into RGBA pixels of the interface's elevation encoding:
 * packed = round((m + 10000) / 0.1), R = packed >> 16, G = (packed >> 8) & 255, B = packed & 255,
 * A = 255; nodata is (0, 0, 0, 0). Rounds to the nearest 0.1 m. Values outside the encodable range
 * (-10000 m to +1,667,721.5 m) are clamped to it: the deepest ocean trenches (about -10,994 m)
 * read -10000.
 */
export function encodeElevationRgba(values: Float32Array): Uint8Array {
  const rgba = new Uint8Array(values.length * 4);
  for (let i = 0, o = 0; i < values.length; i++, o += 4) {
    const m = values[i];
    if (m !== m) continue; // alpha stays 0
    let packed = Math.round((m - ELEVATION_OFFSET_M) / ELEVATION_STEP_M);
    if (packed < 0) packed = 0;
    else if (packed > ELEVATION_MAX_PACKED) packed = ELEVATION_MAX_PACKED;
    rgba[o] = packed >> 16;
    rgba[o + 1] = (packed >> 8) & 255;
    rgba[o + 2] = packed & 255;
    rgba[o + 3] = 255;
  }
  return rgba;
}
