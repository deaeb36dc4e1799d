// POST /api/llm-simulations/: a wargame of a COA statement requested as a generation job (target
// kind llm_simulation). Everything the request names is checked here, so a 404, 403 or 422 requests
// nothing: the statement (active, the caller's), its operation, the documents and analyses (of that
// operation; analyses completed). The simulation's id is chosen now and is the job's record_id; the
// worker (workers/generation/run-simulation.ts) writes the record under it.
import { randomUUID } from 'node:crypto';
import { NO_TERRAIN, toWargameScenario, type WargameScenarioData } from '../domain/wargame/wargame-scenario-data.ts';
import { checkWargameScenario } from '../domain/wargame/adjudicate-wargame.ts';
import { mapDecider } from '../domain/map/map-decider.ts';
import { mapStream } from '../domain/map/map-events.ts';
import { analysisJobDecider } from '../domain/analysis-job/analysis-job-decider.ts';
import { analysisStream } from '../domain/analysis-job/analysis-job-events.ts';
import { generationJobDecider } from '../domain/generation-job/generation-job-decider.ts';
import { generationJobStream } from '../domain/generation-job/generation-job-events.ts';
import { defaultSeed } from '../domain/llm-simulation/default-seed.ts';
import type { WargameMethod } from '../domain/llm-simulation/llm-simulation-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { requireActiveCoaStatement } from './coa-statement-commands.ts';
import { coaStatementAsParent } from '../domain/coa-statement/coa-statement-decider.ts';
import { requireOperationDocuments } from './document-commands.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

export interface SimulationRequestInput {
  coa_statement_id: string;
  method: WargameMethod;
  enemy_coa: string | null;
  turns: number;
  seed: number | null;
  analysis_ids: string[] | null;
  instructions: string | null;
  document_ids: string[];
  /** Adjudicate on the map's terrain (domain/wargame); null: the drafted wargame. */
  scenario?: WargameScenarioData | null;
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

async function checkAnalyses(store: EventStore, ids: string[], operationId: string): Promise<void> {
  for (const [i, id] of ids.entries()) {
    const { state } = await loadState(store, analysisStream(id), analysisJobDecider);
    if (state.status !== 'success' || state.operation_id !== operationId) {
      throw new DomainError('invalid', `Analysis ${id} is not a completed analysis of operation ${operationId}`, [
        'body',
        'analysis_ids',
        i,
      ]);
    }
  }
}

/** The map an adjudicated war game is played on must be a map of the statement's operation. */
async function checkScenarioMap(store: EventStore, mapId: string, operationId: string): Promise<void> {
  const { state } = await loadState(store, mapStream(mapId), mapDecider);
  if (state.status !== 'active' || state.operation_id !== operationId) {
    throw new DomainError('invalid', `Map ${mapId} is not a map of operation ${operationId}`, [
      'body',
      'scenario',
      'map_id',
    ]);
  }
}

export async function requestSimulation(store: EventStore, ctx: CommandContext, input: SimulationRequestInput) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const statement = await requireActiveCoaStatement(store, input.coa_statement_id.toLowerCase(), account_id);
  const operationId = statement.operation_id;
  const operation = await requireActiveOperation(store, operationId, account_id);
  const documentIds = await requireOperationDocuments(store, operationId, input.document_ids);
  const analysisIds = input.analysis_ids === null ? null : unique(input.analysis_ids);
  if (input.scenario) {
    await checkScenarioMap(store, input.scenario.map_id.toLowerCase(), operationId);
    try {
      checkWargameScenario(
        toWargameScenario(input.scenario, { coa: '', method: input.method, seed: 0, terrain: NO_TERRAIN }),
      );
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new DomainError('invalid', `scenario: ${error.message}`, ['body', 'scenario']);
    }
  }
  if (analysisIds) await checkAnalyses(store, analysisIds, operationId);
  const jobId = randomUUID();
  const simulationId = randomUUID();
  const result = await handleCommand({
    store,
    ctx,
    stream: generationJobStream(jobId),
    decider: generationJobDecider,
    operationId,
    parents: [coaStatementAsParent(statement.coa_statement_id), operation],
    command: {
      type: 'RequestGeneration',
      request: {
        job_id: jobId,
        operation_id: operationId,
        account_id,
        api_key_id,
        target_kind: 'llm_simulation',
        record_id: simulationId,
        record_type: input.method,
        instructions: input.instructions,
        document_ids: documentIds,
        overwrite: false,
        base_version: 0,
        simulation: {
          coa_statement_id: statement.coa_statement_id,
          method: input.method,
          enemy_coa: input.enemy_coa,
          turns: input.turns,
          seed: input.seed ?? defaultSeed(statement.coa_statement_id, input.method),
          analysis_ids: analysisIds,
          ...(input.scenario ? { scenario: input.scenario } : {}),
        },
      },
    },
  });
  return { jobId, simulationId, position: result.position };
}
