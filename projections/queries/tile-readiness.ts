// What the tile server answers for a display tile, from the jobs that cover it (newest first):
// - ready: a covering job has the collection's phase complete, cached or partial (its tiles exist
//   for what it built): serve the tile of the newest such job's source fingerprint;
// - not-ready: no job is ready there, but one is still running (pending / in_progress) with the
//   phase not yet terminal: the client retries later;
// - empty: nothing was prepared there, or every covering phase ended without output (failed,
//   blocked, canceled, skipped): the tile may stay empty.
// A ready job always wins over a newer running one, so a re-preparation never blanks a map.
import { isTerminalJob, isTerminalPhase, USABLE_PHASE_STATUSES } from '../../domain/terrain-job/terrain-job-state.ts';
import type { TileCoverageRow } from './tile-readiness-queries.ts';

export type TileReadiness =
  { status: 'ready'; job_id: string; fingerprint: string } | { status: 'not-ready' } | { status: 'empty' };

export function tileReadiness(coverage: readonly TileCoverageRow[]): TileReadiness {
  for (const row of coverage) {
    if (row.phase_status !== null && row.fingerprint !== null && USABLE_PHASE_STATUSES.includes(row.phase_status)) {
      return { status: 'ready', job_id: row.job_id, fingerprint: row.fingerprint };
    }
  }
  const running = coverage.some(
    (row) => row.phase_status !== null && !isTerminalJob(row.job_status) && !isTerminalPhase(row.phase_status),
  );
  return running ? { status: 'not-ready' } : { status: 'empty' };
}
