// /api/llm-simulations/: the wargame records of a COA statement — list, read, delete, and POST, which
// requests a wargame as a generation job (commands/llm-simulation-generation-commands.ts; the worker
// is workers/generation/run-simulation.ts) and answers at once with the job's id.
import { acceptJob } from '../accept-job.ts';
import { WargameScenarioData } from '../../domain/wargame/wargame-scenario-data.ts';
import { Type } from '@sinclair/typebox';
import { deleteLlmSimulation } from '../../commands/llm-simulation-commands.ts';
import { requestSimulation } from '../../commands/llm-simulation-generation-commands.ts';
import { MAX_SIMULATION_ANALYSES, MAX_SIMULATION_TURNS } from '../../domain/generation-job/generation-job-events.ts';
import { DateTime, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { SimulationContent, WARGAME_METHODS } from '../../domain/llm-simulation/llm-simulation-events.ts';
import { Provenance } from '../../domain/planning-record/planning-record-events.ts';
import { listSimulations, type LlmSimulationRow } from '../../projections/queries/coa-statement-queries.ts';
import { iso } from '../../projections/queries/iso.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { accessibleCoaStatement, accessibleSimulation } from '../coa-statement-access.ts';
import { ListEnvelope, MessageResponse, ownedResourceErrors, PageQuery } from '../common-schemas.ts';

/** Turns when the request names none. */
export const DEFAULT_SIMULATION_TURNS = 3;

export const LLMSimulationRequest = Type.Object(
  {
    coa_statement_id: Uuid,
    method: StringEnum(WARGAME_METHODS, 'Wargaming method (ATP 5-0.2-1): belt, avenue_in_depth, box'),
    enemy_coa: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4000,
        description: "The enemy COA to wargame against (default: the mission analysis's enemy_situation text, if any)",
      }),
    ),
    turns: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SIMULATION_TURNS,
        default: DEFAULT_SIMULATION_TURNS,
        description: 'Turns of action, reaction and counteraction (one model call each)',
      }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        description: 'Seed of the model calls (default: derived from the statement and the method); recorded',
      }),
    ),
    analysis_ids: Type.Optional(
      Type.Array(Uuid, {
        maxItems: MAX_SIMULATION_ANALYSES,
        uniqueItems: true,
        description:
          "Completed analyses of the operation's maps to ground the turns in " +
          '(default: the newest 10 completed ones)',
      }),
    ),
    scenario: Type.Optional({
      ...WargameScenarioData,
      description:
        'Adjudicate the war game (README "Adjudicated war game"): units on their axes, the enemy\'s most likely ' +
        "COA, obstacles, chokepoints, the order's times, on the map's prepared terrain; the turns are computed, " +
        'reproducible by seed, not drafted',
    }),
    instructions: Type.Optional(Type.String({ maxLength: 4000, description: 'What the staff wants stressed' })),
    document_ids: Type.Optional(
      Type.Array(Uuid, {
        maxItems: 20,
        uniqueItems: true,
        description: 'Documents of the operation to ground the wargame in',
      }),
    ),
  },
  { additionalProperties: false, title: 'LLMSimulationRequest' },
);

export const LLMSimulationResponse = Type.Object(
  {
    id: Uuid,
    coa_statement_id: Uuid,
    operation_id: Uuid,
    ...SimulationContent,
    created_by: Provenance,
    created_at: DateTime,
  },
  { title: 'LLMSimulationResponse' },
);

function simulationView(row: LlmSimulationRow) {
  return {
    id: row.simulation_id,
    coa_statement_id: row.coa_statement_id,
    operation_id: row.operation_id,
    title: row.title,
    method: row.method,
    enemy_coa: row.enemy_coa,
    turns: row.turns,
    assessments: row.assessments,
    summary: row.summary,
    inputs: row.inputs,
    model: row.model,
    seed: row.seed ?? null,
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}

const SimulationParams = Type.Object({ llm_simulation_id: Uuid });

export const llmSimulationRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/llm-simulations/',
    operationId: 'create_llm_simulation',
    summary: 'Wargame a COA statement with the language model (a generation job)',
    description:
      'Answers at once: `id` is the generation job; poll GET /api/generation-jobs/{id} (its `progress` ' +
      'shows the turn being played). When it succeeds, its `record_id` is the simulation, read at ' +
      'GET /api/llm-simulations/{id}. A failed job writes no record.',
    tags: ['llm-simulations'],
    auth: true,
    body: LLMSimulationRequest,
    idempotent: true,
    responses: {
      200: { description: 'Simulation requested; `id` is the job', schema: MessageResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, body.coa_statement_id.toLowerCase(), principal);
      const request = {
        coa_statement_id: statement.coa_statement_id,
        method: body.method,
        enemy_coa: body.enemy_coa ?? null,
        turns: body.turns ?? DEFAULT_SIMULATION_TURNS,
        seed: body.seed ?? null,
        analysis_ids: body.analysis_ids ?? null,
        instructions: body.instructions ?? null,
        document_ids: body.document_ids ?? [],
        scenario: body.scenario ?? null,
      };
      const { jobId, simulationId, position } = await writeOnce(ctx, deps, () =>
        requestSimulation(deps.store, commandContextOf(ctx), request),
      );
      await acceptJob(ctx, deps, { id: jobId, location: `/api/generation-jobs/${jobId}`, position });
      ctx.body = {
        message:
          `Simulation of ${statement.name} requested: poll /api/generation-jobs/${jobId}; ` +
          `the record will be /api/llm-simulations/${simulationId}`,
        id: jobId,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/llm-simulations/',
    operationId: 'list_llm_simulations',
    summary: 'Wargame records of a COA statement, newest first',
    tags: ['llm-simulations'],
    auth: true,
    query: Type.Object({ coa_statement_id: Uuid, ...PageQuery }),
    responses: {
      200: {
        description: 'A page of records',
        schema: ListEnvelope(LLMSimulationResponse, 'ListLLMSimulationResponse'),
      },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, query.coa_statement_id, principal);
      const page = await listSimulations(deps.readModels, statement.coa_statement_id, query);
      ctx.body = { ...page, items: page.items.map(simulationView) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/llm-simulations/{llm_simulation_id}',
    operationId: 'get_llm_simulation',
    summary: 'Read a wargame record',
    tags: ['llm-simulations'],
    auth: true,
    params: SimulationParams,
    responses: { 200: { description: 'The record', schema: LLMSimulationResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      ctx.body = simulationView(await accessibleSimulation(deps.readModels, params.llm_simulation_id, principal));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/llm-simulations/{llm_simulation_id}',
    operationId: 'delete_llm_simulation',
    summary: 'Delete a wargame record',
    tags: ['llm-simulations'],
    auth: true,
    params: SimulationParams,
    responses: { 200: { description: 'Deleted', schema: MessageResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleSimulation(deps.readModels, params.llm_simulation_id, principal);
      const result = await deleteLlmSimulation(deps.store, commandContextOf(ctx), row.simulation_id, row.operation_id);
      await awaitReadModels(deps, result.position);
      ctx.body = { message: 'Simulation deleted', id: row.simulation_id };
    },
  }),
];
