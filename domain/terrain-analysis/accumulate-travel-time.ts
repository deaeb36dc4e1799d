import FlatQueue from 'flatqueue';
import type { CostAccumulation } from './accumulate-cost.ts';
import { moveSpeedFactor } from './move-speed-factor.ts';
import { neighbourMoves } from './neighbour-moves.ts';
import type { TravelSurface } from './travel-surface.ts';
import type { GridCell, Neighbourhood } from './types.ts';

/**
 * Least travel time, in seconds, from the nearest of `starts` to every cell of a travel surface
 * (buildTravelSurface), by Dijkstra's algorithm where a move's cost depends on its direction: the
 * anisotropic counterpart of accumulateCost, with the same moves (8 or 16 neighbours) and the same
 * averaging as GRASS r.cost —
 *
 *   time(A → B) = length/n · Σ pace(c) / f(c, S),   S = (z(B) − z(A)) / length   (signed grade),
 *
 * summed over the n cells the move touches (its two ends; a knight's move also the two cells it
 * crosses), pace = s/m on the flat, f = moveSpeedFactor(surface.grade, S, onRoad(c)). A move touching
 * an impassable cell (pace NaN), or one whose factor is 0 (over a gradeability limit), is never made.
 * With grade 'none' every f = 1 and the result is accumulateCost on the pace raster, i.e. r.cost.
 * The result feeds leastCostPath. `stopAt`: stop once that cell's time is final (the cells settled so
 * far keep their final times and predecessors; the others stay NaN) — a route needs no more.
 */
export function accumulateTravelTime(
  surface: TravelSurface,
  starts: GridCell[],
  neighbourhood: Neighbourhood = 8,
  stopAt?: GridCell,
): CostAccumulation {
  if (neighbourhood !== 8 && neighbourhood !== 16) {
    throw new RangeError(`neighbourhood must be 8 or 16, got ${neighbourhood}`);
  }
  if (starts.length === 0) throw new RangeError('at least one start cell is needed');
  const { width, height, pace, elevation, onRoad, grade } = surface;
  const moves = neighbourMoves(neighbourhood, surface.cellWidth, surface.cellHeight);
  const cost = new Float64Array(width * height).fill(NaN);
  const previous = new Int32Array(width * height).fill(-1);
  const done = new Uint8Array(width * height);
  const queue = new FlatQueue<number>();
  for (const cell of [...starts, ...(stopAt ? [stopAt] : [])]) assertInside(surface, cell);
  for (const start of starts) {
    const index = start.row * width + start.col;
    cost[index] = 0;
    queue.push(index, 0);
  }
  const stop = stopAt ? stopAt.row * width + stopAt.col : -1;
  const count = moves.length;
  const isotropic = grade.kind === 'none';
  // Tobler's factor is the same on and off roads: one exp per move instead of one per cell.
  const sameOnRoads = grade.kind === 'tobler';
  while (queue.length > 0) {
    const here = queue.pop() as number;
    if (done[here] === 1) continue;
    done[here] = 1;
    if (here === stop) break;
    const reached = cost[here];
    const own = pace[here];
    if (own !== own) continue;
    const row = (here / width) | 0;
    const col = here - row * width;
    const zHere = elevation[here];
    for (let m = 0; m < count; m++) {
      const move = moves[m];
      const r = row + move.dRow;
      const c = col + move.dCol;
      if (r < 0 || r >= height || c < 0 || c >= width) continue;
      const there = r * width + c;
      if (done[there] === 1) continue;
      let sum: number;
      if (isotropic) {
        sum = own + pace[there];
        if (move.crossed !== null) {
          sum +=
            pace[(row + move.crossed[0]) * width + col + move.crossed[1]] +
            pace[(row + move.crossed[2]) * width + col + move.crossed[3]];
        }
      } else {
        // One factor off roads and one on them per move (a single exp for Tobler's function).
        const slope = (elevation[there] - zHere) / move.length;
        const offRoad = moveSpeedFactor(grade, slope, false);
        const road = sameOnRoads ? offRoad : moveSpeedFactor(grade, slope, true);
        sum = own / (onRoad[here] === 1 ? road : offRoad) + pace[there] / (onRoad[there] === 1 ? road : offRoad);
        if (move.crossed !== null) {
          const a = (row + move.crossed[0]) * width + col + move.crossed[1];
          const b = (row + move.crossed[2]) * width + col + move.crossed[3];
          sum += pace[a] / (onRoad[a] === 1 ? road : offRoad) + pace[b] / (onRoad[b] === 1 ? road : offRoad);
        }
      }
      const candidate = reached + sum * move.factor;
      // NaN: an impassable cell among those the move touches; Infinity: a grade over the limit.
      if (!(candidate < Infinity)) continue;
      const known = cost[there];
      if (known === known && known <= candidate) continue;
      cost[there] = candidate;
      previous[there] = here;
      queue.push(there, candidate);
    }
  }
  if (stop !== -1) {
    // Times of cells reached but not settled are upper bounds, not least times: leave them out.
    for (let i = 0; i < done.length; i++)
      if (done[i] === 0) {
        cost[i] = NaN;
        previous[i] = -1;
      }
  }
  return { width, height, cost, previous };
}

function assertInside(surface: TravelSurface, cell: GridCell): void {
  if (
    !Number.isInteger(cell.col) ||
    !Number.isInteger(cell.row) ||
    cell.col < 0 ||
    cell.row < 0 ||
    cell.col >= surface.width ||
    cell.row >= surface.height
  ) {
    throw new RangeError(`cell (${cell.col}, ${cell.row}) is outside the ${surface.width} x ${surface.height} raster`);
  }
}
