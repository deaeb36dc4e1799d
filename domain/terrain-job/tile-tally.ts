// Per work tile, what a phase did with it: the rule that keeps a phase's counts exact across
// redeliveries. One character per tile, in the job's work_tiles order:
//   '.' not counted yet, 'c' completed (built by this job, in any delivery of the phase),
//   's' skipped (cached, no coverage, not attempted), 'f' failed.
// A report overwrites what an earlier one said about a tile, except that a built tile stays
// completed: a delivery that finds a tile an earlier, killed delivery built sees it cached, and the
// job still built it. Reporting the same outcomes twice changes nothing.
import type { PhaseCounts } from './terrain-job-state.ts';

/** Work tiles by outcome in one delivery's report, as indices into the job's work_tiles. */
export interface TileOutcomes {
  completed: number[];
  skipped: number[];
  failed: number[];
}

export const NO_TILE_OUTCOMES: TileOutcomes = Object.freeze({ completed: [], skipped: [], failed: [] }) as TileOutcomes;

/** The first tile index of a report that is not one of `total` work tiles, or null. */
export function tileIndexOutOfRange(report: TileOutcomes, total: number): number | null {
  for (const list of [report.completed, report.skipped, report.failed]) {
    for (const i of list) if (!Number.isInteger(i) || i < 0 || i >= total) return i;
  }
  return null;
}

/** The tally after a report (`previous` absent: nothing counted yet). Indices must be in range. */
export function tallyTiles(previous: string | undefined, total: number, report: TileOutcomes): string {
  const tiles = (previous?.length === total ? previous : '.'.repeat(total)).split('');
  for (const i of report.skipped) if (tiles[i] !== 'c') tiles[i] = 's';
  for (const i of report.failed) if (tiles[i] !== 'c') tiles[i] = 'f';
  for (const i of report.completed) tiles[i] = 'c';
  return tiles.join('');
}

/** A phase that ends with tiles nobody reported (it failed, or ran out of deliveries) skipped them. */
export const skipUncounted = (tally: string): string => tally.replaceAll('.', 's');

export function countsOfTally(tally: string): PhaseCounts {
  const counts = { total: tally.length, completed: 0, failed: 0, skipped: 0 };
  for (const ch of tally) {
    if (ch === 'c') counts.completed++;
    else if (ch === 's') counts.skipped++;
    else if (ch === 'f') counts.failed++;
  }
  return counts;
}
