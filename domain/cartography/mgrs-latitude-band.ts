const BANDS = 'CDEFGHJKLMNPQRSTUVWX';

/** The MGRS latitude band letter (C–X, 8° each, X 12°), or null beyond 80° S – 84° N (UPS, not drawn). */
export function mgrsLatitudeBand(lat: number): string | null {
  if (!(lat >= -80 && lat <= 84)) return null;
  return BANDS[Math.min(19, Math.floor((lat + 80) / 8))]!;
}
