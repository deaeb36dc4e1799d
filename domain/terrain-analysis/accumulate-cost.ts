import FlatQueue from 'flatqueue';
import { assertCellInside } from './assert-cell-inside.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import { neighbourMoves } from './neighbour-moves.ts';
import type { GridCell, GroundRaster, Neighbourhood } from './types.ts';

/** Accumulated least cost from the nearest start, and the cell each cell is reached from. */
export interface CostAccumulation {
  width: number;
  height: number;
  /** Least accumulated cost (raster unit × ground metres); NaN where no start reaches. */
  cost: Float64Array;
  /** Index (row·width + col) of the previous cell on the least-cost path; -1 at starts and unreached cells. */
  previous: Int32Array;
}

/**
 * Least accumulated cost over a cost raster (cost per ground metre of each cell) from one or more
 * start cells, by Dijkstra's algorithm with a binary heap (flatqueue), with GRASS r.cost's
 * semantics exactly (raster/r.cost/main.c, GRASS 8.2):
 * - a king's move costs the mean of the two cells' costs × the move's ground length
 *   (cell width, cell height, or the diagonal √(w² + h²));
 * - a knight's move (neighbourhood 16, r.cost -k) costs the mean of the four cells it touches —
 *   the two ends and the two cells it crosses, e.g. N, NW and NNW for a move two rows north and one
 *   column west — × its ground length √(w² + 4h²) or √(4w² + h²);
 * - a nodata (NaN) cell is never entered nor crossed by a knight's move, like r.cost without
 *   null_cost; a start cell costs 0 even when nodata, but nothing spreads from it.
 * GRASS measures lengths in east-west cells (output = this output / cellWidth); this one in metres.
 */
export function accumulateCost(
  raster: GroundRaster,
  starts: GridCell[],
  neighbourhood: Neighbourhood = 8,
): CostAccumulation {
  assertGroundRaster(raster);
  if (neighbourhood !== 8 && neighbourhood !== 16) {
    throw new RangeError(`neighbourhood must be 8 or 16, got ${neighbourhood}`);
  }
  if (starts.length === 0) throw new RangeError('at least one start cell is needed');
  const { width, height, data, cellWidth: w, cellHeight: h } = raster;
  for (let i = 0; i < data.length; i++) {
    if (data[i] < 0) {
      throw new RangeError(`cost must not be negative (cell ${i % width}, ${Math.floor(i / width)} is ${data[i]})`);
    }
  }
  const moves = neighbourMoves(neighbourhood, w, h);
  const cost = new Float64Array(width * height).fill(NaN);
  const previous = new Int32Array(width * height).fill(-1);
  const done = new Uint8Array(width * height);
  const queue = new FlatQueue<number>();
  for (const start of starts) {
    assertCellInside(raster, start, 'start cell');
    const index = start.row * width + start.col;
    cost[index] = 0;
    queue.push(index, 0);
  }
  const count = moves.length;
  while (queue.length > 0) {
    const here = queue.pop() as number;
    if (done[here] === 1) continue;
    done[here] = 1;
    const reached = cost[here];
    const own = data[here];
    if (own !== own) continue;
    const row = (here / width) | 0;
    const col = here - row * width;
    for (let m = 0; m < count; m++) {
      const move = moves[m];
      const r = row + move.dRow;
      const c = col + move.dCol;
      if (r < 0 || r >= height || c < 0 || c >= width) continue;
      const there = r * width + c;
      if (done[there] === 1) continue;
      let sum = own + data[there];
      if (move.crossed !== null) {
        sum +=
          data[(row + move.crossed[0]) * width + col + move.crossed[1]] +
          data[(row + move.crossed[2]) * width + col + move.crossed[3]];
      }
      const candidate = reached + sum * move.factor;
      // NaN: a nodata cell among the ones the move touches; r.cost skips such a move.
      if (candidate !== candidate) continue;
      const known = cost[there];
      if (known === known && known <= candidate) continue;
      cost[there] = candidate;
      previous[there] = here;
      queue.push(there, candidate);
    }
  }
  return { width, height, cost, previous };
}
