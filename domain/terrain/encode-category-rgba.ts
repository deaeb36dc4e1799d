/**
 * Packs categories (land cover) into RGBA pixels of the interface's land-cover encoding: red holds
 * the raw category, green and blue 0, alpha 255; pixels equal to `nodata` are (0, 0, 0, 0).
 */
export function encodeCategoryRgba(values: Uint8Array, nodata: number): Uint8Array {
  const rgba = new Uint8Array(values.length * 4);
  for (let i = 0, o = 0; i < values.length; i++, o += 4) {
    const v = values[i];
    if (v === nodata) continue;
    rgba[o] = v;
    rgba[o + 3] = 255;
  }
  return rgba;
}
