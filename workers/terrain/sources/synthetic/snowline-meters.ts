/** Permanent snow line of the synthetic world: 5,000 m at the equator, ~1,700 m at 60°, 300 m near the poles. */
export function snowlineMeters(lat: number): number {
  return Math.max(300, 5000 - 55 * Math.abs(lat));
}
