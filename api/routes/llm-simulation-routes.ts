// /api/llm-simulations/: the wargame records of a COA statement — list, read, delete. They are
// written by the language-model issue's POST /api/llm-simulations/ (commands/llm-simulation-commands.ts).
import { Type } from '@sinclair/typebox';
import { deleteLlmSimulation } from '../../commands/llm-simulation-commands.ts';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { SimulationContent } from '../../domain/llm-simulation/llm-simulation-events.ts';
import { Provenance } from '../../domain/planning-record/planning-record-events.ts';
import { listSimulations, type LlmSimulationRow } from '../../projections/queries/coa-statement-queries.ts';
import { iso } from '../../projections/queries/iso.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { accessibleCoaStatement, accessibleSimulation } from '../coa-statement-access.ts';
import { ListEnvelope, MessageResponse, ownedResourceErrors, PageQuery } from '../common-schemas.ts';

export const LLMSimulationResponse = Type.Object({
  id: Uuid,
  coa_statement_id: Uuid,
  operation_id: Uuid,
  ...SimulationContent,
  created_by: Provenance,
  created_at: DateTime,
}, { title: 'LLMSimulationResponse' });

function simulationView(row: LlmSimulationRow) {
  return {
    id: row.simulation_id, coa_statement_id: row.coa_statement_id, operation_id: row.operation_id,
    title: row.title, method: row.method, enemy_coa: row.enemy_coa, turns: row.turns, assessments: row.assessments,
    summary: row.summary, inputs: row.inputs, model: row.model, created_by: row.created_by, created_at: iso(row.created_at),
  };
}

const SimulationParams = Type.Object({ llm_simulation_id: Uuid });

export const llmSimulationRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get', path: '/api/llm-simulations/', operationId: 'list_llm_simulations', summary: 'Wargame records of a COA statement, newest first',
    tags: ['llm-simulations'], auth: true,
    query: Type.Object({ coa_statement_id: Uuid, ...PageQuery }),
    responses: { 200: { description: 'A page of records', schema: ListEnvelope(LLMSimulationResponse, 'ListLLMSimulationResponse') }, ...ownedResourceErrors },
    async handler(ctx, { query, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, query.coa_statement_id, principal);
      const page = await listSimulations(deps.readModels, statement.coa_statement_id, query);
      ctx.body = { ...page, items: page.items.map(simulationView) };
    },
  }),
  defineRoute({
    method: 'get', path: '/api/llm-simulations/{llm_simulation_id}', operationId: 'get_llm_simulation', summary: 'Read a wargame record',
    tags: ['llm-simulations'], auth: true, params: SimulationParams,
    responses: { 200: { description: 'The record', schema: LLMSimulationResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      ctx.body = simulationView(await accessibleSimulation(deps.readModels, params.llm_simulation_id, principal));
    },
  }),
  defineRoute({
    method: 'delete', path: '/api/llm-simulations/{llm_simulation_id}', operationId: 'delete_llm_simulation', summary: 'Delete a wargame record',
    tags: ['llm-simulations'], auth: true, params: SimulationParams,
    responses: { 200: { description: 'Deleted', schema: MessageResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleSimulation(deps.readModels, params.llm_simulation_id, principal);
      const result = await deleteLlmSimulation(deps.store, commandContextOf(ctx), row.simulation_id, row.operation_id);
      await awaitReadModels(deps, result.position);
      ctx.body = { message: 'Simulation deleted', id: row.simulation_id };
    },
  }),
];
