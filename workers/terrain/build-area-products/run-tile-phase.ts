// The loop every tile-by-tile phase shares: runs `work` for each work tile (a few at a time),
// counts the outcome, reports progress after each tile (with the tile and its outcome) and decides the
// phase status.
// - 'built' counts as completed, 'cached' and 'absent' (nothing to make: no coverage, no input)
//   as skipped (cached ones are also counted in `cached`);
// - a SourceError *_SOURCE_UNREACHABLE stops the phase: the source is down, every other tile would
//   fail the same way, so they are counted as skipped;
// - NO_COVERAGE skips the tile; any other error fails the tile and the phase goes on;
// - an aborted signal stops the phase as 'canceled'.
// Status: cached (every tile cached), complete (none failed), partial (some failed, some done),
// failed (nothing done, or the source unreachable before anything was done).
import type { DatasetName, TileAddress } from '../../../domain/terrain/types.ts';
import { SourceError } from '../sources/source-provider.ts';
import type { PhaseError, PhaseId, PhaseResult, ProgressCallback, TileOutcomes } from './phase-types.ts';

export type TileOutcome = 'built' | 'cached' | 'absent';

export interface TilePhaseRun {
  phase: PhaseId;
  tiles: readonly TileAddress[];
  work(tile: TileAddress, signal?: AbortSignal): Promise<TileOutcome>;
  onProgress?: ProgressCallback;
  signal?: AbortSignal;
  /** Tiles in flight at once (default 1: memory stays one tile's worth). */
  concurrency?: number;
}

export interface TilePhaseResult extends PhaseResult {
  /** Tiles whose product was (re)made in this run, in the order of `tiles`. */
  built: TileAddress[];
}

function phaseError(error: unknown): PhaseError {
  if (error instanceof SourceError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error) };
}

export async function runTilePhase(run: TilePhaseRun): Promise<TilePhaseResult> {
  const { phase, tiles, work, onProgress, signal } = run;
  const counts = { total: tiles.length, completed: 0, failed: 0, skipped: 0 };
  let cached = 0;
  let error: PhaseError | undefined;
  let stopped = false;
  const outside: Partial<Record<DatasetName, number>> = {};
  const built = new Set<number>();
  const outcomes: TileOutcomes = { completed: [], skipped: [], failed: [] };
  let next = 0;
  const report = (i: number, outcome: keyof TileOutcomes) => {
    outcomes[outcome].push(i);
    const tile: TileOutcomes = { completed: [], skipped: [], failed: [], [outcome]: [i] };
    onProgress?.({ phase, counts: { ...counts }, cached, tiles: tile });
  };

  const worker = async () => {
    while (!stopped && next < tiles.length) {
      const i = next++;
      if (signal?.aborted) {
        stopped = true;
        break;
      }
      let outcome: keyof TileOutcomes;
      try {
        const made = await work(tiles[i], signal);
        if (made === 'built') {
          counts.completed++;
          built.add(i);
          outcome = 'completed';
        } else {
          counts.skipped++;
          if (made === 'cached') cached++;
          outcome = 'skipped';
        }
      } catch (e) {
        if (signal?.aborted) {
          stopped = true;
          break;
        }
        if (e instanceof SourceError && e.code === 'NO_COVERAGE') {
          counts.skipped++;
          outcome = 'skipped';
          if (e.dataset) outside[e.dataset] = (outside[e.dataset] ?? 0) + 1;
        } else {
          counts.failed++;
          outcome = 'failed';
          error ??= phaseError(e);
          if (e instanceof SourceError && e.code.endsWith('_SOURCE_UNREACHABLE')) stopped = true;
        }
      }
      report(i, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(run.concurrency ?? 1, tiles.length)) }, worker));
  const unattempted = counts.total - counts.completed - counts.failed - counts.skipped;
  if (unattempted > 0) {
    const counted = new Set([...outcomes.completed, ...outcomes.skipped, ...outcomes.failed]);
    const left = tiles.map((_, i) => i).filter((i) => !counted.has(i));
    counts.skipped += unattempted;
    outcomes.skipped.push(...left);
    onProgress?.({ phase, counts: { ...counts }, cached, tiles: { completed: [], skipped: left, failed: [] } });
  }
  const done = counts.completed + cached;
  const status = signal?.aborted
    ? 'canceled'
    : counts.total > 0 && cached === counts.total
      ? 'cached'
      : counts.failed === 0 && unattempted === 0
        ? 'complete'
        : done > 0
          ? 'partial'
          : 'failed';
  return {
    phase,
    status,
    counts,
    cached,
    tiles: outcomes,
    ...(error ? { error } : {}),
    ...(Object.keys(outside).length > 0 ? { outside_coverage: outside } : {}),
    built: tiles.filter((_, i) => built.has(i)),
  };
}
