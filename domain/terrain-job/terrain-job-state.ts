// State of a terrain job as its events build it.
import type { DatasetName } from '../terrain/types.ts';
import type { PhaseId } from './terrain-phases.ts';
import type { TerrainWarning } from './terrain-warnings.ts';

export type PhaseStatus =
  'pending' | 'queued' | 'running' | 'complete' | 'cached' | 'partial' | 'failed' | 'blocked' | 'canceled' | 'skipped';

export type JobStatus = 'pending' | 'in_progress' | 'success' | 'failed' | 'cancelled';

export interface PhaseCounts {
  total: number;
  completed: number;
  failed: number;
  skipped: number;
}

export interface PhaseState {
  status: PhaseStatus;
  counts: PhaseCounts | null;
  code: string | null;
  message: string | null;
  attempt: number;
  /** What the phase did with each work tile, across deliveries (tile-tally.ts); absent before any report. */
  tiles?: string;
}

export interface SourceState {
  ok: boolean;
  code: string | null;
  message: string | null;
}

export interface TerrainJob {
  status: JobStatus;
  job_id: string;
  map_id: string;
  operation_id: string;
  account_id: string;
  boundary_layer_id: string;
  include_population: boolean;
  include_buildings: boolean;
  work_zoom: number;
  work_tiles: Array<[number, number]>;
  source_providers: Record<string, { fingerprint: string; description: string }>;
  phases: Record<PhaseId, PhaseState>;
  sources: Record<DatasetName, SourceState>;
  /** AO sanity warnings (terrain-warnings.ts); absent in states folded before warnings existed. */
  warnings?: TerrainWarning[];
}

export type TerrainJobState = { status: 'absent' } | TerrainJob;

export const TERMINAL_PHASE_STATUSES: readonly PhaseStatus[] = [
  'complete',
  'cached',
  'partial',
  'failed',
  'blocked',
  'canceled',
  'skipped',
];
/** Statuses whose output a derived phase can use (rule 4 counts only cached / complete as ready). */
export const USABLE_PHASE_STATUSES: readonly PhaseStatus[] = ['complete', 'cached', 'partial'];
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['success', 'failed', 'cancelled'];

export const isTerminalPhase = (status: PhaseStatus) => TERMINAL_PHASE_STATUSES.includes(status);
export const isTerminalJob = (status: JobStatus | 'absent') =>
  (TERMINAL_JOB_STATUSES as readonly string[]).includes(status);
