import { accumulateTravelTime } from './accumulate-travel-time.ts';
import { describeRoute, type RouteDescription } from './describe-route.ts';
import { leastCostPath } from './least-cost-path.ts';
import { BLOCKED_AVOID, BLOCKED_NO_GO, PASSABLE, type TravelSurface } from './travel-surface.ts';
import type { GridCell, Neighbourhood } from './types.ts';

/** Why no route exists. */
export type NoRouteReason =
  /** A waypoint (the start, the end or one between) lies on a cell the class cannot enter. */
  | 'waypoint_impassable'
  /** Every way between two consecutive waypoints is cut (NO-GO, areas to avoid, grades over the limit). */
  | 'unreachable';

export interface NoRoute {
  found: false;
  reason: NoRouteReason;
  /** Index in `waypoints` of the impassable waypoint, or of the leg's first waypoint when unreachable. */
  waypoint: number;
  /** What blocks the waypoint's cell: 'no_go', 'avoid' (an area to avoid) or 'nodata'; absent when unreachable. */
  blockedBy?: 'no_go' | 'avoid' | 'nodata';
  /** A sentence for the user. */
  message: string;
}

export type RoutePlan = ({ found: true } & RouteDescription & { legSeconds: number[] }) | NoRoute;

/**
 * The quickest route through `waypoints` in order (start, optional intermediate points, end; ≥ 2
 * cells of the surface), as a chain of searches: leg k is accumulateTravelTime from waypoint k,
 * stopped at waypoint k + 1, traced back by leastCostPath; the legs are joined (each joint cell once)
 * and measured by describeRoute. Ties between equal-time paths resolve as accumulateCost's do.
 * When no route exists it says why (waypoint_impassable, naming the waypoint and what blocks it,
 * checked for every waypoint before searching; or unreachable, naming the leg). Throws a RangeError
 * for fewer than 2 waypoints or one outside the surface.
 */
export function planRoute(surface: TravelSurface, waypoints: GridCell[], neighbourhood: Neighbourhood = 8): RoutePlan {
  if (waypoints.length < 2) throw new RangeError(`a route needs at least 2 waypoints, got ${waypoints.length}`);
  for (const [k, cell] of waypoints.entries()) {
    if (
      !Number.isInteger(cell.col) ||
      !Number.isInteger(cell.row) ||
      cell.col < 0 ||
      cell.row < 0 ||
      cell.col >= surface.width ||
      cell.row >= surface.height
    ) {
      const size = `${surface.width} x ${surface.height}`;
      throw new RangeError(`waypoint ${k} (${cell.col}, ${cell.row}) is outside the ${size} raster`);
    }
    const why = surface.blocked[cell.row * surface.width + cell.col];
    if (why !== PASSABLE) {
      const blockedBy = why === BLOCKED_NO_GO ? 'no_go' : why === BLOCKED_AVOID ? 'avoid' : 'nodata';
      const what = k === 0 ? 'the start' : k === waypoints.length - 1 ? 'the end' : `waypoint ${k}`;
      const text = { no_go: 'NO-GO terrain', avoid: 'an area to avoid', nodata: 'a cell without data' }[blockedBy];
      return {
        found: false,
        reason: 'waypoint_impassable',
        waypoint: k,
        blockedBy,
        message: `${what} lies on ${text} for this movement class`,
      };
    }
  }
  const cells: GridCell[] = [];
  const seconds: number[] = [];
  const legSeconds: number[] = [];
  let elapsed = 0;
  for (let k = 0; k + 1 < waypoints.length; k++) {
    const accumulation = accumulateTravelTime(surface, [waypoints[k]], neighbourhood, waypoints[k + 1]);
    const path = leastCostPath(accumulation, waypoints[k + 1]);
    if (path === null) {
      return {
        found: false,
        reason: 'unreachable',
        waypoint: k,
        message:
          `no passable way from waypoint ${k} to waypoint ${k + 1}: NO-GO terrain, areas to avoid or grades ` +
          'over the limit cut every route',
      };
    }
    for (let i = k === 0 ? 0 : 1; i < path.cells.length; i++) {
      cells.push(path.cells[i]);
      seconds.push(elapsed + path.costs[i]);
    }
    const leg = path.costs[path.costs.length - 1];
    legSeconds.push(leg);
    elapsed += leg;
  }
  return { found: true, ...describeRoute(surface, cells, seconds), legSeconds };
}
