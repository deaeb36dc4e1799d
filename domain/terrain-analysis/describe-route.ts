import { MOBILITY_SLOW_GO } from '../terrain/mobility-config.ts';
import type { TravelSurface } from './travel-surface.ts';
import type { GridCell } from './types.ts';

/** One cell of a route's elevation profile. */
export interface RouteProfilePoint {
  /** Ground distance along the route from its start to this cell's centre, metres. */
  distance: number;
  /** DEM elevation of the cell, metres. */
  elevation: number;
  /** Travel time from the start, seconds. */
  seconds: number;
}

/** A found route: what an HTTP result or map layer is made from (cells → positions by the caller). */
export interface RouteDescription {
  /** The cells from start to end; the route line joins their centres (col + 0.5, row + 0.5 in pixels). */
  cells: GridCell[];
  /** Ground length of the line, metres (horizontal, cell centre to cell centre). */
  length: number;
  /** Estimated travel time, seconds (the search's least time). */
  seconds: number;
  /** Total climb and descent along the profile, metres. */
  ascent: number;
  descent: number;
  profile: RouteProfilePoint[];
  /** Ground metres on road cells, on GO and on SLOW-GO cells off roads; each move counts half to each end. */
  lengthByClass: { road: number; go: number; slow_go: number };
  /** The same as shares of `length` (0 for a one-cell route). */
  shareByClass: { road: number; go: number; slow_go: number };
}

/**
 * Measures a route given as its cells and the travel time at each (from leastCostPath over
 * accumulateTravelTime, or planRoute's legs joined): length, time, elevation profile, climb, and
 * the ground length on roads, GO and SLOW-GO cells. Throws a RangeError if the lists differ in
 * length, are empty, or two consecutive cells are not a king's or knight's move apart.
 */
export function describeRoute(surface: TravelSurface, cells: GridCell[], seconds: number[]): RouteDescription {
  if (cells.length === 0 || cells.length !== seconds.length) {
    throw new RangeError(
      `a route needs as many times as cells (≥ 1), got ${cells.length} cells, ${seconds.length} times`,
    );
  }
  const { width, cellWidth: w, cellHeight: h, elevation, onRoad, mobility } = surface;
  const byClass = { road: 0, go: 0, slow_go: 0 };
  const classOf = (cell: GridCell): keyof typeof byClass => {
    const i = cell.row * width + cell.col;
    return onRoad[i] === 1 ? 'road' : mobility[i] === MOBILITY_SLOW_GO ? 'slow_go' : 'go';
  };
  const profile: RouteProfilePoint[] = [];
  let length = 0,
    ascent = 0,
    descent = 0;
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k];
    const z = elevation[cell.row * width + cell.col];
    if (k > 0) {
      const before = cells[k - 1];
      const dCol = Math.abs(cell.col - before.col),
        dRow = Math.abs(cell.row - before.row);
      const king = dCol <= 1 && dRow <= 1 && dCol + dRow > 0;
      const knight = dCol + dRow === 3 && dCol > 0 && dRow > 0;
      if (!king && !knight) {
        throw new RangeError(`cells ${k - 1} and ${k} of the route are not neighbours`);
      }
      const step = Math.sqrt((dCol * w) ** 2 + (dRow * h) ** 2);
      length += step;
      byClass[classOf(before)] += step / 2;
      byClass[classOf(cell)] += step / 2;
      const rise = z - profile[k - 1].elevation;
      if (rise > 0) ascent += rise;
      else descent -= rise;
    }
    profile.push({ distance: length, elevation: z, seconds: seconds[k] });
  }
  const share = (v: number) => (length > 0 ? v / length : 0);
  return {
    cells,
    length,
    seconds: seconds[seconds.length - 1] - seconds[0],
    ascent,
    descent,
    profile,
    lengthByClass: byClass,
    shareByClass: { road: share(byClass.road), go: share(byClass.go), slow_go: share(byClass.slow_go) },
  };
}
