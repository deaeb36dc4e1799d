// How many positions (vertices) a submitted feature collection carries, counted before any other
// check so an oversized upload is refused without the costly validation. Lenient: whatever is not
// shaped like GeoJSON counts as nothing (the validator reports it).
const MAX_DEPTH = 4; // MultiPolygon: polygons → rings → positions → numbers

function countIn(coordinates: unknown, depth: number): number {
  if (!Array.isArray(coordinates) || coordinates.length === 0) return 0;
  if (typeof coordinates[0] === 'number') return 1;
  if (depth >= MAX_DEPTH) return 0;
  let count = 0;
  for (const child of coordinates) count += countIn(child, depth + 1);
  return count;
}

export function countPositions(featureCollection: unknown): number {
  const features = (featureCollection as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return 0;
  let count = 0;
  for (const feature of features) {
    const geometry = (feature as { geometry?: unknown } | null)?.geometry;
    count += countIn((geometry as { coordinates?: unknown } | null)?.coordinates, 0);
  }
  return count;
}
