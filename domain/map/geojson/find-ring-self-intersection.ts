// Finds where a closed linear ring touches or crosses itself, or null for a simple ring.
// Segment i runs from position i to position i + 1. Zero-length segments (a position repeated
// right after itself) are skipped; consecutive segments may only share their common vertex, so a
// ring that doubles back on itself (a spike) counts as self-intersecting too.
// Small rings are compared pairwise; large ones go through an R-tree of segment boxes, so a
// 100,000-vertex ring costs O(n log n) instead of the O(n²) of a pairwise test (turf's kinks).
import RBush from 'rbush';
import type { Position } from 'geojson';
import { segmentsIntersect } from './segments-intersect.ts';

export interface RingSelfIntersection {
  /** Index of the first position of the first offending segment. */
  first: number;
  /** Index of the first position of the second offending segment. */
  second: number;
  /** The ring has fewer than three distinct positions: it encloses nothing. */
  collapsed: boolean;
}

interface Segment {
  start: number;
  a: Position;
  b: Position;
}

interface SegmentBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  k: number;
}

const PAIRWISE_LIMIT = 64;

const samePoint = (p: Position, q: Position) => p[0] === q[0] && p[1] === q[1];

/** Consecutive segments a→b, b→c run back over each other. */
function doublesBack(s: Segment, t: Segment): boolean {
  const ux = s.b[0]! - s.a[0]!;
  const uy = s.b[1]! - s.a[1]!;
  const vx = t.b[0]! - t.a[0]!;
  const vy = t.b[1]! - t.a[1]!;
  return ux * vy - uy * vx === 0 && ux * vx + uy * vy < 0;
}

export function findRingSelfIntersection(ring: Position[]): RingSelfIntersection | null {
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    if (!samePoint(ring[i]!, ring[i + 1]!)) segments.push({ start: i, a: ring[i]!, b: ring[i + 1]! });
  }
  const m = segments.length;
  if (m < 3) {
    return { first: segments[0]?.start ?? 0, second: segments[m - 1]?.start ?? 0, collapsed: true };
  }
  const found = (k: number, j: number): RingSelfIntersection => ({
    first: segments[Math.min(k, j)]!.start,
    second: segments[Math.max(k, j)]!.start,
    collapsed: false,
  });

  for (let k = 0; k < m; k++) {
    const next = (k + 1) % m;
    if (doublesBack(segments[k]!, segments[next]!)) return found(k, next);
  }

  const adjacent = (k: number, j: number) => j - k === 1 || (k === 0 && j === m - 1);
  if (m <= PAIRWISE_LIMIT) {
    for (let k = 0; k < m; k++) {
      const s = segments[k]!;
      for (let j = k + 2; j < m; j++) {
        if (adjacent(k, j)) continue;
        const t = segments[j]!;
        if (segmentsIntersect(s.a, s.b, t.a, t.b)) return found(k, j);
      }
    }
    return null;
  }

  const boxes: SegmentBox[] = segments.map((s, k) => ({
    minX: Math.min(s.a[0]!, s.b[0]!),
    minY: Math.min(s.a[1]!, s.b[1]!),
    maxX: Math.max(s.a[0]!, s.b[0]!),
    maxY: Math.max(s.a[1]!, s.b[1]!),
    k,
  }));
  const tree = new RBush<SegmentBox>();
  tree.load(boxes);
  for (let k = 0; k < m; k++) {
    const s = segments[k]!;
    let best = -1;
    for (const hit of tree.search(boxes[k]!)) {
      const j = hit.k;
      if (j <= k || adjacent(k, j) || (best !== -1 && j >= best)) continue;
      const t = segments[j]!;
      if (segmentsIntersect(s.a, s.b, t.a, t.b)) best = j;
    }
    if (best !== -1) return found(k, best);
  }
  return null;
}
