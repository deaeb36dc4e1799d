/** Inverse of encodeCategoryRgba: the red channel per pixel, `nodata` where alpha is 0. */
export function decodeCategoryRgba(rgba: Uint8Array, nodata: number): Uint8Array {
  if (rgba.length % 4 !== 0) throw new RangeError(`RGBA data length ${rgba.length} is not a multiple of 4`);
  const values = new Uint8Array(rgba.length / 4);
  for (let i = 0, o = 0; i < values.length; i++, o += 4) values[i] = rgba[o + 3] === 0 ? nodata : rgba[o];
  return values;
}
