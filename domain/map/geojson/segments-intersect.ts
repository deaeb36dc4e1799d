// Whether two closed segments p1-p2 and p3-p4 share at least one point (crossing, touching or
// overlapping collinearly). Orientation tests on the plane of longitude/latitude, as RFC 7946
// (§3.1.1, no geodesic interpretation of edges) and turf do.
import type { Position } from 'geojson';

function orientation(a: Position, b: Position, c: Position): number {
  const cross = (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
  return cross > 0 ? 1 : cross < 0 ? -1 : 0;
}

/** c lies within the bounding box of a-b (used only when a, b, c are collinear). */
function onSegment(a: Position, b: Position, c: Position): boolean {
  return (
    Math.min(a[0]!, b[0]!) <= c[0]! &&
    c[0]! <= Math.max(a[0]!, b[0]!) &&
    Math.min(a[1]!, b[1]!) <= c[1]! &&
    c[1]! <= Math.max(a[1]!, b[1]!)
  );
}

export function segmentsIntersect(p1: Position, p2: Position, p3: Position, p4: Position): boolean {
  const o1 = orientation(p1, p2, p3);
  const o2 = orientation(p1, p2, p4);
  const o3 = orientation(p3, p4, p1);
  const o4 = orientation(p3, p4, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, p3)) return true;
  if (o2 === 0 && onSegment(p1, p2, p4)) return true;
  if (o3 === 0 && onSegment(p3, p4, p1)) return true;
  if (o4 === 0 && onSegment(p3, p4, p2)) return true;
  return false;
}
