// Which datasets each tool needs, and what a request may do given the terrain job that covers its
// footprint (interface rules 4–6: each tool checks only its own dependencies). Pure.
import type { DatasetName } from '../terrain/types.ts';
import { rawPhaseOf, type RawPhase } from '../terrain-job/terrain-phases.ts';
import type { TerrainJob } from '../terrain-job/terrain-job-state.ts';
import { isTerminalJob } from '../terrain-job/terrain-job-state.ts';
import { notReadyCode } from '../terrain-job/terrain-job-rules.ts';
import type { AnalysisType } from './analysis-vocabulary.ts';
import type { AnalysisParameters, LandingZonesParameters } from './analysis-parameters.ts';

export interface ToolDependencies {
  /** Datasets the tool reads. */
  datasets: readonly DatasetName[];
  /** Of those, the ones the tool prepares itself for its own footprint when no terrain job covers it. */
  onDemand: readonly DatasetName[];
}

/**
 * Routes need terrain (elevation and land cover become ready together) and roads; landing zones
 * terrain, roads only for a road constraint and buildings only when the covering terrain job
 * includes them (building_data); line of sight, viewshed and RF elevation only, which they can
 * prepare on demand.
 */
export function toolDependencies(
  type: AnalysisType,
  options: { roadConstraint?: boolean; buildings?: boolean } = {},
): ToolDependencies {
  switch (type) {
    case 'route':
    case 'terrain_evaluation':
      return { datasets: ['elevation', 'land_cover', 'roads'], onDemand: [] };
    case 'landing_zones':
      return {
        datasets: [
          'elevation',
          'land_cover',
          ...(options.roadConstraint ? (['roads'] as const) : []),
          ...(options.buildings ? (['buildings'] as const) : []),
        ],
        onDemand: [],
      };
    case 'line_of_sight':
    case 'viewshed':
    case 'rf_coverage':
      return { datasets: ['elevation'], onDemand: ['elevation'] };
  }
}

/** The dependencies of a requested analysis: its tool's, with the options its parameters choose. */
export function analysisDependencies(type: AnalysisType, parameters: AnalysisParameters): ToolDependencies {
  if (type !== 'landing_zones') return toolDependencies(type);
  // Surveys recorded before these options existed have neither (no road constraint, no building data).
  const survey = parameters as Partial<LandingZonesParameters>;
  return toolDependencies(type, {
    roadConstraint: survey.max_road_distance_m != null,
    buildings: survey.building_data === true,
  });
}

/**
 * Whether a landing-zone survey reads building footprints: exactly when the covering terrain job
 * requested buildings (include_buildings); otherwise its obstacle and clearance criteria say there is
 * no building data.
 */
export const jobIncludesBuildings = (job: CoveringJob | null): boolean =>
  job !== null && job.sources.buildings.code !== 'NOT_REQUESTED';

/** The covering terrain job as the rule needs it. */
export type CoveringJob = Pick<TerrainJob, 'job_id' | 'status' | 'sources'>;

export type DependencyVerdict =
  /** Run now: from the covering job's prepared data, or preparing elevation on demand. */
  | { kind: 'ready'; elevation_source: 'terrain_job' | 'on_demand'; job_id: string | null }
  /** A dataset is still being prepared by the covering job: the analysis waits (queued). */
  | { kind: 'wait'; job_id: string; dataset: DatasetName; phase: RawPhase; message: string }
  /** A dataset failed in the covering job (or no job covers a dataset the tool cannot prepare). */
  | {
      kind: 'unavailable';
      job_id: string | null;
      dataset: DatasetName;
      phase: RawPhase;
      code: string;
      message: string;
    };

/**
 * The verdict for a tool over a footprint, given the newest terrain job of the map whose work tiles
 * cover the whole footprint (null when none does).
 */
export function dependencyVerdict(deps: ToolDependencies, job: CoveringJob | null): DependencyVerdict {
  if (!job) {
    const missing = deps.datasets.find((d) => !deps.onDemand.includes(d));
    if (!missing) return { kind: 'ready', elevation_source: 'on_demand', job_id: null };
    return {
      kind: 'unavailable',
      job_id: null,
      dataset: missing,
      phase: rawPhaseOf(missing),
      code: 'NO_TERRAIN_JOB',
      message: `${missing} is needed and no terrain job of the map covers the analysis area: request one (POST /api/terrain-analysis/)`,
    };
  }
  for (const dataset of deps.datasets) {
    const source = job.sources[dataset];
    if (source.ok) continue;
    const phase = rawPhaseOf(dataset);
    const stillPreparing = !isTerminalJob(job.status) && source.code === notReadyCode(dataset);
    if (stillPreparing) {
      if (deps.onDemand.includes(dataset)) continue;
      return {
        kind: 'wait',
        job_id: job.job_id,
        dataset,
        phase,
        message: `waiting for ${dataset}: phase ${phase} of terrain job ${job.job_id} is still running`,
      };
    }
    return {
      kind: 'unavailable',
      job_id: job.job_id,
      dataset,
      phase,
      code: source.code ?? 'SOURCE_NOT_READY',
      message:
        `${dataset} is not available: phase ${phase} of terrain job ${job.job_id} holds the failure` +
        ` (${source.code ?? 'not ready'}${source.message ? `: ${source.message}` : ''})`,
    };
  }
  const fromJob = deps.datasets.every((d) => job.sources[d].ok);
  return fromJob
    ? { kind: 'ready', elevation_source: 'terrain_job', job_id: job.job_id }
    : { kind: 'ready', elevation_source: 'on_demand', job_id: null };
}
