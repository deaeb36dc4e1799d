import { decodeElevationRgba } from '../../../../domain/terrain/decode-elevation-rgba.ts';
import { readRgbaPng } from './read-rgba-png.ts';

/** Metres per pixel of an elevation PNG tile (NaN where alpha is 0), as a client decodes it. */
export function decodeElevationPng(png: Uint8Array): { size: number; values: Float32Array } {
  const { size, rgba } = readRgbaPng(png);
  return { size, values: decodeElevationRgba(rgba) };
}
