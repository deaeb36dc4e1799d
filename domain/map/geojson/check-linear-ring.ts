// One linear ring of a Polygon (RFC 7946 §3.1.6): at most MAX_RING_POSITIONS positions, at least
// four valid ones, the last equal to the first, and no self-intersection. Position problems are
// reported first, since closure and crossings mean nothing until every position is a valid
// [longitude, latitude]. With `deferred`, the crossing search is left to the caller (off the loop).
import type { Position } from 'geojson';
import type { GeoJsonIssue, Loc } from './geojson-issue.ts';
import { checkPosition } from './check-position.ts';
import { ringCrossingIssue } from './ring-crossing-issue.ts';
import type { DeferredRingChecks } from './deferred-ring-checks.ts';
import { MAX_RING_POSITIONS } from './geometry-limits.ts';

const show = (p: Position) => `[${p.join(', ')}]`;

export function checkLinearRing(value: unknown, loc: Loc, deferred?: DeferredRingChecks): GeoJsonIssue[] {
  if (!Array.isArray(value))
    return [{ loc, msg: 'Input should be a valid list: a linear ring is a list of positions', type: 'list_type' }];
  if (value.length > MAX_RING_POSITIONS) {
    return [
      {
        loc,
        msg: `A linear ring should have at most ${MAX_RING_POSITIONS} positions, got ${value.length} (simplify or split the geometry)`,
        type: 'too_long',
      },
    ];
  }
  const issues: GeoJsonIssue[] = [];
  for (let i = 0; i < value.length; i++) {
    const found = checkPosition(value[i], [...loc, i]);
    if (found.length > 0) issues.push(...found);
  }
  if (issues.length > 0) return issues;
  const ring = value as Position[];
  if (ring.length < 4) {
    return [
      {
        loc,
        msg: `A linear ring should have at least 4 positions (3 distinct, then the first repeated), got ${ring.length}`,
        type: 'too_short',
      },
    ];
  }
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1] || (first[2] ?? 0) !== (last[2] ?? 0)) {
    return [
      {
        loc: [...loc, ring.length - 1],
        msg: `Ring is not closed: the last position ${show(last)} should equal the first ${show(first)}`,
        type: 'value_error',
      },
    ];
  }
  if (deferred) {
    deferred.push({ ring, loc });
    return [];
  }
  const crossing = ringCrossingIssue(ring, loc);
  return crossing ? [crossing] : [];
}
