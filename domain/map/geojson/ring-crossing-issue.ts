// The issue of a closed ring of valid positions that touches or crosses itself, or encloses no area;
// null for a simple ring. The costly part of checking a ring (O(n log n)), kept apart so it can run
// on a worker thread for large geometries (check-linear-ring.ts defers it there).
import type { Position } from 'geojson';
import type { GeoJsonIssue, Loc } from './geojson-issue.ts';
import { findRingSelfIntersection } from './find-ring-self-intersection.ts';

const show = (p: Position) => `[${p.join(', ')}]`;

export function ringCrossingIssue(ring: Position[], loc: Loc): GeoJsonIssue | null {
  const crossing = findRingSelfIntersection(ring);
  if (!crossing) return null;
  if (crossing.collapsed) {
    return { loc, msg: 'Ring should have at least 3 distinct positions: it encloses no area', type: 'value_error' };
  }
  const { first: i, second: j } = crossing;
  return {
    loc,
    msg: `Ring self-intersects: segment ${i} (${show(ring[i]!)} to ${show(ring[i + 1]!)}) meets segment ${j} (${show(ring[j]!)} to ${show(ring[j + 1]!)})`,
    type: 'value_error',
  };
}
