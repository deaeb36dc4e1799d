// The terrain job shape of the interface (the response of GET /api/terrain-analysis/jobs/{id}).
import { DATASET_NAMES, type DatasetName } from '../terrain/types.ts';
import { PHASES, PHASE_IDS, type PhaseId } from './terrain-phases.ts';
import type { JobStatus, PhaseCounts, PhaseStatus, SourceState, TerrainJob } from './terrain-job-state.ts';
import { isAnalysisReady, isDisplayReady } from './terrain-job-rules.ts';
import type { TerrainWarning } from './terrain-warnings.ts';

export interface PhaseSnapshot {
  id: PhaseId;
  status: PhaseStatus;
  label: string;
  message?: string;
  counts?: PhaseCounts;
}

export interface TerrainJobSnapshot {
  status: JobStatus;
  analysis_ready: boolean;
  display_ready: boolean;
  sources: Record<DatasetName, SourceState>;
  phases: PhaseSnapshot[];
  /** AO sanity warnings a client shows (terrain-warnings.ts), in the order they were recorded. */
  warnings: TerrainWarning[];
}

export function terrainJobSnapshot(job: TerrainJob): TerrainJobSnapshot {
  return {
    status: job.status,
    analysis_ready: isAnalysisReady(job),
    display_ready: isDisplayReady(job),
    sources: Object.fromEntries(DATASET_NAMES.map((d) => [d, { ...job.sources[d] }])) as Record<
      DatasetName,
      SourceState
    >,
    phases: PHASE_IDS.map((id) => {
      const phase = job.phases[id];
      const snapshot: PhaseSnapshot = { id, status: phase.status, label: PHASES[id].label };
      const message = phase.code && phase.message ? `${phase.code}: ${phase.message}` : phase.message;
      if (message) snapshot.message = message;
      if (phase.counts) snapshot.counts = { ...phase.counts };
      return snapshot;
    }),
    warnings: (job.warnings ?? []).map((w) => ({ ...w, figures: { ...w.figures } })),
  };
}
