/**
 * The value of a GDAL_NODATA TIFF tag (ASCII, e.g. "-32768", "-3.39999999999999996e+38", "nan"),
 * or null when absent or empty. Throws on text that is not a number, which marks a corrupt tag.
 */
export function parseGdalNodata(tag: unknown): number | null {
  if (tag === undefined || tag === null) return null;
  const text = String(tag).replace(/\0+$/, '').trim();
  if (text === '') return null;
  if (/^[+-]?nan$/i.test(text)) return NaN;
  if (/^[+-]?inf(inity)?$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  const value = Number(text);
  if (Number.isNaN(value)) throw new RangeError(`GDAL_NODATA ${JSON.stringify(text)} is not a number`);
  return value;
}
