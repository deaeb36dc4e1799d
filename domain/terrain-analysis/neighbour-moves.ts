import type { Neighbourhood } from './types.ts';

/** One move of a raster search, as GRASS r.cost makes it. */
export interface NeighbourMove {
  dRow: number;
  dCol: number;
  /** Ground length of the move, metres. */
  length: number;
  /** Ground length / number of cells whose costs the move averages (2 for a king's move, 4 for a knight's). */
  factor: number;
  /** [dRow, dCol, dRow, dCol] of the two cells a knight's move crosses; null for a king's move. */
  crossed: [number, number, number, number] | null;
}

/**
 * The moves of an 8 (king's moves) or 16 (also knight's moves, r.cost -k) neighbourhood on cells of
 * w × h ground metres, in r.cost's order, with the factors accumulateCost multiplies cost sums by.
 */
export function neighbourMoves(neighbourhood: Neighbourhood, w: number, h: number): NeighbourMove[] {
  const diagonal = Math.sqrt(w * w + h * h);
  const king = (dRow: number, dCol: number, length: number): NeighbourMove => ({
    dRow,
    dCol,
    length,
    factor: length / 2,
    crossed: null,
  });
  const moves: NeighbourMove[] = [
    king(0, -1, w),
    king(0, 1, w),
    king(-1, 0, h),
    king(1, 0, h),
    king(-1, -1, diagonal),
    king(-1, 1, diagonal),
    king(1, 1, diagonal),
    king(1, -1, diagonal),
  ];
  if (neighbourhood === 16) {
    const vertical = Math.sqrt(w * w + 4 * h * h);
    const horizontal = Math.sqrt(4 * w * w + h * h);
    for (const dRow of [-2, 2]) {
      const s = Math.sign(dRow);
      for (const dCol of [-1, 1]) {
        moves.push({ dRow, dCol, length: vertical, factor: vertical / 4, crossed: [s, 0, s, dCol] });
      }
    }
    for (const dCol of [-2, 2]) {
      const s = Math.sign(dCol);
      for (const dRow of [-1, 1]) {
        moves.push({ dRow, dCol, length: horizontal, factor: horizontal / 4, crossed: [0, s, dRow, s] });
      }
    }
  }
  return moves;
}
