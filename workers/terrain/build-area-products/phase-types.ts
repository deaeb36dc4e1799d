// Vocabulary shared by the phase functions: phase ids (as in the terrain job's `phases`), counts,
// progress reports and results.
import type { SourceErrorCode } from '../sources/source-provider.ts';
import type { TileOutcomes } from '../../../domain/terrain-job/tile-tally.ts';
import type { SummaryFigures } from '../../../domain/terrain-job/terrain-warnings.ts';
import type { DatasetName } from '../../../domain/terrain/types.ts';

export type { TileOutcomes };

export type RawPhaseId =
  'terrain_source_artifacts' | 'road_artifacts' | 'soil_artifacts' | 'population_artifacts' | 'buildings_artifacts';
export type DisplayPhaseId =
  | 'terrain_display_tiles'
  | 'road_display_tiles'
  | 'soil_display_tiles'
  | 'population_display_tiles'
  | 'buildings_display_tiles';
export type PhaseId = RawPhaseId | DisplayPhaseId | 'terrain_road_graph' | 'terrain_summary';

/** Work tiles of the phase: done now, failed, or skipped (cached, no coverage, not attempted). */
export interface PhaseCounts {
  total: number;
  completed: number;
  failed: number;
  skipped: number;
}

export interface PhaseProgress {
  phase: PhaseId;
  counts: PhaseCounts;
  /** Of the skipped tiles, those whose product already existed (content-addressed key found). */
  cached: number;
  /**
   * Which tiles (indices into the phase's tiles) these counts add: in a progress report, the tiles
   * counted since the previous one; in a result, every tile of the run.
   */
  tiles: TileOutcomes;
}

export type PhaseStatus = 'complete' | 'cached' | 'partial' | 'failed' | 'blocked' | 'canceled';

export interface PhaseError {
  /** A SourceErrorCode for source failures; INTERNAL_ERROR for anything else. */
  code: SourceErrorCode | 'INTERNAL_ERROR';
  message: string;
}

export interface PhaseResult extends PhaseProgress {
  status: PhaseStatus;
  /** First error met, if any (the phase goes on after a failed tile unless the source is unreachable). */
  error?: PhaseError;
  /** Human-readable note, e.g. the source description of a raw phase. */
  message?: string;
  /** Per dataset, the tiles whose source said NO_COVERAGE (the job's coverage warnings). */
  outside_coverage?: Partial<Record<DatasetName, number>>;
  /** terrain_summary: the figures the job's area-wide warnings are decided on. */
  summary_figures?: SummaryFigures;
}

/** Every one of `count` tiles skipped: a phase that found its whole product cached, or was blocked. */
export const everyTileSkipped = (count: number): TileOutcomes => ({
  completed: [],
  skipped: Array.from({ length: count }, (_, i) => i),
  failed: [],
});

export type ProgressCallback = (progress: PhaseProgress) => void;
