/**
 * The UTM zone (1–60) MGRS uses for a point, with the exceptions of the MGRS grid zones: 32V is widened
 * to 3°–12° E over south-western Norway, and 31X–37X around Svalbard are 9° or 12° wide (no 32X, 34X, 36X).
 */
export function utmZoneOfLonLat(lon: number, lat: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  if (lat >= 56 && lat < 64 && wrapped >= 3 && wrapped < 12) return 32;
  if (lat >= 72 && lat <= 84 && wrapped >= 0 && wrapped < 42) {
    if (wrapped < 9) return 31;
    if (wrapped < 21) return 33;
    if (wrapped < 33) return 35;
    return 37;
  }
  return Math.min(60, Math.floor((wrapped + 180) / 6) + 1);
}
