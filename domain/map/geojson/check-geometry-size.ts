// The size limits of one geometry (geometry-limits.ts), checked on the lengths of its lists alone
// before any position is looked at, so an oversized geometry is refused at the cost of counting it.
// Lists that are not arrays are left to the full validator. Answers the issues (loc of the list that
// is too long) and the number of positions counted.
import type { LayerGeometryType } from '../map-layer-vocabulary.ts';
import type { GeoJsonIssue, Loc } from './geojson-issue.ts';
import {
  MAX_GEOMETRY_POSITIONS,
  MAX_LINE_POSITIONS,
  MAX_MULTI_PARTS,
  MAX_POLYGON_RINGS,
  MAX_RING_POSITIONS,
} from './geometry-limits.ts';

interface Level {
  max: number;
  what: string;
}

const POSITIONS_OF_RING: Level = { max: MAX_RING_POSITIONS, what: 'A linear ring should have at most {max} positions' };
const RINGS: Level = { max: MAX_POLYGON_RINGS, what: 'A Polygon should have at most {max} rings (exterior and holes)' };
const POSITIONS_OF_LINE: Level = { max: MAX_LINE_POSITIONS, what: 'A LineString should have at most {max} positions' };
const PARTS: Level = { max: MAX_MULTI_PARTS, what: 'A multi-part geometry should have at most {max} parts' };

/** The levels below `coordinates`, outermost first; positions are the last level's items. */
const LEVELS: Record<LayerGeometryType, Level[]> = {
  Point: [],
  MultiPoint: [PARTS],
  LineString: [POSITIONS_OF_LINE],
  MultiLineString: [PARTS, POSITIONS_OF_LINE],
  Polygon: [RINGS, POSITIONS_OF_RING],
  MultiPolygon: [PARTS, RINGS, POSITIONS_OF_RING],
};

export function checkGeometrySize(
  type: LayerGeometryType,
  coordinates: unknown,
  loc: Loc,
): { issues: GeoJsonIssue[]; positions: number } {
  const levels = LEVELS[type];
  const issues: GeoJsonIssue[] = [];
  let positions = 0;
  const visit = (list: unknown, depth: number, at: Loc) => {
    if (!Array.isArray(list)) return;
    const level = levels[depth]!;
    if (list.length > level.max) {
      issues.push({
        loc: at,
        msg: `${level.what.replace('{max}', String(level.max))}, got ${list.length} (simplify or split the geometry)`,
        type: 'too_long',
      });
      return;
    }
    if (depth === levels.length - 1) positions += list.length;
    else for (let i = 0; i < list.length; i++) visit(list[i], depth + 1, [...at, i]);
  };
  if (levels.length === 0) return { issues, positions: Array.isArray(coordinates) ? 1 : 0 };
  visit(coordinates, 0, loc);
  if (issues.length === 0 && positions > MAX_GEOMETRY_POSITIONS) {
    issues.push({
      loc,
      msg: `A geometry should have at most ${MAX_GEOMETRY_POSITIONS} positions, got ${positions} (simplify or split it)`,
      type: 'too_long',
    });
  }
  return { issues, positions };
}
