const COLUMN_SETS = ['ABCDEFGH', 'JKLMNPQR', 'STUVWXYZ'];
const ROW_LETTERS = 'ABCDEFGHJKLMNPQRSTUV';

/**
 * The two-letter MGRS 100 km square identification (WGS 84 "AA" lettering) of a UTM position in
 * `zone`: the column letter from the easting (three alternating sets of eight, by zone), the row
 * letter from the northing (20 letters repeating every 2 000 km, even zones offset by five). The
 * northing may be equator-based (negative south) or carry the southern false northing: 10 000 km is
 * five whole cycles. null where the easting lies outside the zone's eight columns (100–900 km).
 */
export function mgrsSquareLetters(zone: number, easting: number, northing: number): string | null {
  const column = Math.floor(easting / 100000);
  if (column < 1 || column > 8) return null;
  const columnLetter = COLUMN_SETS[(zone - 1) % 3]![column - 1]!;
  const row = (((Math.floor(northing / 100000) + (zone % 2 === 0 ? 5 : 0)) % 20) + 20) % 20;
  return columnLetter + ROW_LETTERS[row]!;
}
