// The lon/lat rectangle of an inclusive range of work tiles (at WORK_ZOOM): the north-west corner
// of its first tile to the south-east corner of its last.
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import type { LonLatBounds } from '../../domain/terrain/types.ts';
import { WORK_ZOOM } from '../../domain/terrain/work-grid.ts';
import type { WorkTileRange } from '../../projections/queries/tile-extent-queries.ts';

export function workTileRangeBounds(range: WorkTileRange): LonLatBounds {
  const [west, , , north] = tileBounds({ z: WORK_ZOOM, x: range.minX, y: range.minY });
  const [, south, east] = tileBounds({ z: WORK_ZOOM, x: range.maxX, y: range.maxY });
  return [west, south, east, north];
}
