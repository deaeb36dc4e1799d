// The bounding box [minLon, minLat, maxLon, maxLat] of a geometry's positions (elevation ignored).
// Planar, like RFC 7946 bboxes of geometries that do not cross the antimeridian.
import type { Geometry } from 'geojson';

export type Bbox = [number, number, number, number];

export function geometryBounds(geometry: Geometry): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (coordinates: unknown): void => {
    if (!Array.isArray(coordinates) || coordinates.length === 0) return;
    if (typeof coordinates[0] === 'number') {
      const x = coordinates[0] as number;
      const y = coordinates[1] as number;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
      return;
    }
    for (const child of coordinates) visit(child);
  };
  if (geometry.type === 'GeometryCollection')
    geometry.geometries.forEach((g) => visit((g as { coordinates?: unknown }).coordinates));
  else visit(geometry.coordinates);
  return box;
}
