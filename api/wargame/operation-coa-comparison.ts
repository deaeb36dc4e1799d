// GET /api/operations/{operation_id}/coa-comparison's serving logic (README "Adjudicated war game and
// COA comparison"): the operation's adjudicated war games — per COA statement the newest — played
// again from their recorded requests on the terrain job each was played on (deterministic: the same
// game, byte for byte), then compared against the mission analysis's COA evaluation criteria (else
// FM 5-0's defaults). A game whose terrain job is gone is left out and said. Derived, not stored: the
// records and their jobs are the events.
import type { ApiDependencies } from '../api-dependencies.ts';
import { HttpError } from '../http-error.ts';
import { loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import { evaluationCriteria, type CriterionItem } from '../../domain/llm-simulation/evaluation-criteria.ts';
import { planningRecordId } from '../../domain/planning-record/planning-record-events.ts';
import { adjudicateWargame } from '../../domain/wargame/adjudicate-wargame.ts';
import { compareCoas, type CoaComparison } from '../../domain/wargame/compare-coas.ts';
import { rasterTerrainSamplers } from '../../domain/wargame/raster-terrain-samplers.ts';
import { wargameArea } from '../../domain/wargame/wargame-area.ts';
import { coaComparisonMarkdown } from '../../domain/wargame/wargame-markdown.ts';
import type { WargameResult } from '../../domain/wargame/wargame-result.ts';
import { NO_TERRAIN, toWargameScenario } from '../../domain/wargame/wargame-scenario-data.ts';
import { findTerrainJob } from '../../projections/queries/terrain-job-queries.ts';
import { adjudicatedSimulationsOfOperation } from '../../projections/queries/wargame-queries.ts';

export interface OperationCoaComparison {
  games: Array<{
    simulation_id: string;
    coa_statement_id: string;
    coa: string;
    method: string;
    seed: number;
    terrain_job_id: string;
    objective_seized_time: string | null;
    decision_points: number;
  }>;
  comparison: CoaComparison;
  markdown: string;
  /** Games left out, one line each. */
  left_out: string[];
}

type Deps = Pick<ApiDependencies, 'readModels' | 'readWargameTerrain' | 'store'>;

export async function operationCoaComparison(deps: Deps, operationId: string): Promise<OperationCoaComparison> {
  const rows = await adjudicatedSimulationsOfOperation(deps.readModels, operationId);
  if (rows.length === 0) {
    throw new HttpError(
      404,
      `Operation ${operationId} has no adjudicated war game: request one per COA with POST /api/llm-simulations/ and a scenario`,
    );
  }
  const criteriaId = planningRecordId('mission_analysis', operationId, 'coa_evaluation_criteria');
  const criteriaRecord = await loadPlanningRecord(deps.store, 'mission_analysis', criteriaId);
  const items = criteriaRecord.state.status === 'active' ? (criteriaRecord.state.items as CriterionItem[]) : null;
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.statement_name, (names.get(row.statement_name) ?? 0) + 1);
  const games: OperationCoaComparison['games'] = [];
  const results: WargameResult[] = [];
  const leftOut: string[] = [];
  for (const row of rows) {
    const request = row.job.simulation!;
    const scenario = request.scenario!;
    const coa =
      names.get(row.statement_name)! > 1 ? `${row.statement_name} (${row.coa_statement_id})` : row.statement_name;
    const terrainJobId = row.job.provenance?.inputs.find((i) => i.kind === 'terrain_job')?.id ?? null;
    const terrainJob = terrainJobId ? await findTerrainJob(deps.readModels, terrainJobId) : null;
    const providers = terrainJob?.state.source_providers;
    const terrain =
      terrainJob && providers?.elevation && providers.land_cover && providers.roads
        ? await deps.readWargameTerrain(
            {
              elevation: providers.elevation.fingerprint,
              land_cover: providers.land_cover.fingerprint,
              roads: providers.roads.fingerprint,
            },
            terrainJob.state.work_tiles,
            wargameArea(toWargameScenario(scenario, { coa, method: request.method, seed: 0, terrain: NO_TERRAIN })),
          )
        : null;
    if (!terrain) {
      leftOut.push(
        `${coa} (simulation ${row.simulation_id}): its terrain job ${terrainJobId ?? '—'} is no longer available.`,
      );
      continue;
    }
    const game = adjudicateWargame(
      toWargameScenario(scenario, {
        coa,
        method: request.method,
        seed: request.seed,
        terrain: rasterTerrainSamplers(terrain),
      }),
    );
    results.push(game);
    games.push({
      simulation_id: row.simulation_id,
      coa_statement_id: row.coa_statement_id,
      coa,
      method: request.method,
      seed: request.seed,
      terrain_job_id: terrainJobId!,
      objective_seized_time: game.objective_seized_time,
      decision_points: game.decision_points.length,
    });
  }
  const comparison = compareCoas(results, evaluationCriteria(items));
  return { games, comparison, markdown: coaComparisonMarkdown(comparison), left_out: leftOut };
}
