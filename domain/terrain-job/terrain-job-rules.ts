// The rules of the interface's terrain job section, as pure functions over the job state.
import { DATASET_NAMES, type DatasetName } from '../terrain/types.ts';
import { PHASES, PHASE_IDS, RAW_PHASES, DERIVED_PHASES, type PhaseId, type RawPhase } from './terrain-phases.ts';
import {
  isTerminalJob,
  isTerminalPhase,
  USABLE_PHASE_STATUSES,
  type JobStatus,
  type TerrainJob,
} from './terrain-job-state.ts';

/** Whether the request asked for a phase (population and buildings are opt-in). */
export function isRequested(
  job: Pick<TerrainJob, 'include_population' | 'include_buildings'>,
  phase: PhaseId,
): boolean {
  const optional = PHASES[phase].optional;
  return optional === undefined || job[optional];
}

export function isDatasetRequested(
  job: Pick<TerrainJob, 'include_population' | 'include_buildings'>,
  dataset: DatasetName,
): boolean {
  if (dataset === 'population') return job.include_population;
  if (dataset === 'buildings') return job.include_buildings;
  return true;
}

/** Rule 1: a source is ready when its ok is true. */
export function isSourceReady(job: TerrainJob, dataset: DatasetName): boolean {
  return job.sources[dataset].ok;
}

/** Rule 4: a derived product is ready only when its own phase is cached or complete. */
export function isDerivedReady(job: TerrainJob, phase: PhaseId): boolean {
  const status = job.phases[phase].status;
  return status === 'cached' || status === 'complete';
}

/** analysis_ready: every requested raw dataset is ready (unrequested ones are left out). */
export function isAnalysisReady(job: TerrainJob): boolean {
  return DATASET_NAMES.filter((d) => isDatasetRequested(job, d)).every((d) => isSourceReady(job, d));
}

/** display_ready: analysis_ready, and every requested derived phase is ready too. */
export function isDisplayReady(job: TerrainJob): boolean {
  return isAnalysisReady(job) && DERIVED_PHASES.filter((p) => isRequested(job, p)).every((p) => isDerivedReady(job, p));
}

/** Raw phases whose failure fails the job (rule 5: "failed means a required source phase failed"). */
export function requiredRawPhases(job: TerrainJob): RawPhase[] {
  return RAW_PHASES.filter((p) => isRequested(job, p));
}

/**
 * The top-level status (rule 5): terminal once every phase is; then failed if a required source
 * phase failed, else success — even with incomplete display products.
 */
export function aggregateStatus(job: TerrainJob): JobStatus {
  if (isTerminalJob(job.status)) return job.status;
  const phases = PHASE_IDS.map((p) => job.phases[p]);
  if (phases.every((p) => isTerminalPhase(p.status))) {
    return requiredRawPhases(job).some((p) => job.phases[p].status === 'failed') ? 'failed' : 'success';
  }
  return hasStarted(job) ? 'in_progress' : 'pending';
}

/** A job is in progress once a worker has started any phase. */
export function hasStarted(job: TerrainJob): boolean {
  return PHASE_IDS.some((p) => !['pending', 'queued', 'skipped'].includes(job.phases[p].status));
}

export interface JobPlan {
  /** Pending phases whose own inputs are usable now (derived phases do not wait for the job). */
  queue: PhaseId[];
  /** Pending derived phases an input of which failed, was blocked or canceled. */
  block: Array<{ phase: PhaseId; blocked_by: PhaseId }>;
  /** Set once every phase is terminal. */
  finish: 'success' | 'failed' | null;
}

/** What the dispatcher should do next for a job. Pure; applying it twice changes nothing. */
export function planJob(job: TerrainJob): JobPlan {
  const plan: JobPlan = { queue: [], block: [], finish: null };
  if (isTerminalJob(job.status)) return plan;
  for (const phase of PHASE_IDS) {
    if (job.phases[phase].status !== 'pending') continue;
    const inputs = PHASES[phase].inputs;
    const broken = inputs.find((input) =>
      ['failed', 'blocked', 'canceled', 'skipped'].includes(job.phases[input].status),
    );
    if (broken) plan.block.push({ phase, blocked_by: broken });
    else if (inputs.every((input) => USABLE_PHASE_STATUSES.includes(job.phases[input].status))) plan.queue.push(phase);
  }
  if (plan.queue.length === 0 && plan.block.length === 0) {
    const status = aggregateStatus(job);
    if (status === 'success' || status === 'failed') plan.finish = status;
  }
  return plan;
}

/** Code a source reports while its raw phase has not finished (rule 2: still processing). */
export function notReadyCode(dataset: DatasetName): string {
  return `${dataset.toUpperCase()}_ARTIFACTS_NOT_READY`;
}
