import { decodeCategoryRgba } from '../../../../domain/terrain/decode-category-rgba.ts';
import { readRgbaPng } from './read-rgba-png.ts';

/** Categories per pixel of a land-cover PNG tile, `nodata` where alpha is 0. */
export function decodeLandCoverPng(png: Uint8Array, nodata = 255): { size: number; values: Uint8Array } {
  const { size, rgba } = readRgbaPng(png);
  return { size, values: decodeCategoryRgba(rgba, nodata) };
}
