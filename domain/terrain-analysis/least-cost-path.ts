import type { CostAccumulation } from './accumulate-cost.ts';
import type { GridCell } from './types.ts';

/** A least-cost path from a start cell to a target, with the accumulated cost at each cell. */
export interface LeastCostPath {
  /** From the start the path comes from to the target, both included. */
  cells: GridCell[];
  /** Accumulated cost at each cell of `cells` (0 at the start). */
  costs: number[];
}

/**
 * The least-cost path back from `target` to the start that reaches it most cheaply, by following
 * the predecessors recorded by accumulateCost (what r.path does with r.cost's direction map);
 * null when no start reaches the target.
 */
export function leastCostPath(accumulation: CostAccumulation, target: GridCell): LeastCostPath | null {
  const { width, height, cost, previous } = accumulation;
  if (
    !Number.isInteger(target.col) ||
    !Number.isInteger(target.row) ||
    target.col < 0 ||
    target.row < 0 ||
    target.col >= width ||
    target.row >= height
  ) {
    throw new RangeError(`target cell (${target.col}, ${target.row}) is outside the ${width} x ${height} raster`);
  }
  let index = target.row * width + target.col;
  if (cost[index] !== cost[index]) return null;
  const cells: GridCell[] = [];
  const costs: number[] = [];
  while (index !== -1) {
    const row = (index / width) | 0;
    cells.push({ col: index - row * width, row });
    costs.push(cost[index]);
    index = previous[index];
  }
  return { cells: cells.reverse(), costs: costs.reverse() };
}
