// Whether a geometry shares at least one point with a bbox [minLon, minLat, maxLon, maxLat]
// (boundary included, as OGC API Features bbox filters are inclusive). Boxes settle the easy cases;
// the rest goes to turf's booleanIntersects against the bbox polygon, so a concave polygon or a
// diagonal line whose box overlaps the bbox but whose shape does not is correctly left out.
import { bboxPolygon, booleanIntersects, lineString, point } from '@turf/turf';
import type { Geometry } from 'geojson';
import { geometryBounds, type Bbox } from './geometry-bounds.ts';

export function geometryIntersectsBbox(
  geometry: Geometry,
  bbox: Bbox,
  bounds: Bbox = geometryBounds(geometry),
): boolean {
  if (bounds[0] > bbox[2] || bounds[2] < bbox[0] || bounds[1] > bbox[3] || bounds[3] < bbox[1]) return false;
  if (bounds[0] >= bbox[0] && bounds[2] <= bbox[2] && bounds[1] >= bbox[1] && bounds[3] <= bbox[3]) return true;
  // A bbox without area is a point or a segment; as a polygon it would be degenerate.
  const [minX, minY, maxX, maxY] = bbox;
  if (minX === maxX && minY === maxY) return booleanIntersects(geometry, point([minX, minY]).geometry);
  if (minX === maxX || minY === maxY)
    return booleanIntersects(
      geometry,
      lineString([
        [minX, minY],
        [maxX, maxY],
      ]).geometry,
    );
  return booleanIntersects(geometry, bboxPolygon(bbox).geometry);
}
