// Large but valid GeoJSON rings for the geometry-limit tests.

/** A closed ring of `n` positions (n - 1 distinct) on a small ellipse around (lon, lat). */
export function ellipseRing(n: number, lon = 10, lat = 50, r = 0.01): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    ring.push([lon + r * Math.cos(a), lat + (r / 2) * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return ring;
}
