// Worker-thread entry of the ring crossing checks (ring-crossing-issues.ts): the rings arrive packed
// in one Float64Array (x, y, z per position; z NaN when absent), each with its loc; answers the issues.
import type { Position } from 'geojson';
import type { GeoJsonIssue, Loc } from '../domain/map/geojson/geojson-issue.ts';
import { ringCrossingIssue } from '../domain/map/geojson/ring-crossing-issue.ts';

export interface PackedRings {
  coordinates: Float64Array;
  /** Position index where each ring starts, and one past the last ring's end. */
  starts: number[];
  locs: Loc[];
}

export function unpackRing(packed: PackedRings, r: number): Position[] {
  const ring: Position[] = [];
  const { coordinates } = packed;
  for (let p = packed.starts[r]!; p < packed.starts[r + 1]!; p++) {
    const z = coordinates[p * 3 + 2]!;
    ring.push(
      Number.isNaN(z)
        ? [coordinates[p * 3]!, coordinates[p * 3 + 1]!]
        : [coordinates[p * 3]!, coordinates[p * 3 + 1]!, z],
    );
  }
  return ring;
}

export default function ringCrossingThread(packed: PackedRings): GeoJsonIssue[] {
  const issues: GeoJsonIssue[] = [];
  for (let r = 0; r < packed.locs.length; r++) {
    const issue = ringCrossingIssue(unpackRing(packed, r), packed.locs[r]!);
    if (issue) issues.push(issue);
  }
  return issues;
}
