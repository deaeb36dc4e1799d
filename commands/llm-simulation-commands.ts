// Writes of wargame records. This issue writes them through the command layer only (tests); the
// language-model issue adds POST /api/llm-simulations/, which calls recordLlmSimulation with
// origin "generated".
import { randomUUID } from 'node:crypto';
import { llmSimulationDecider } from '../domain/llm-simulation/llm-simulation-decider.ts';
import { llmSimulationStream, type SimulationContentData } from '../domain/llm-simulation/llm-simulation-events.ts';
import type { Origin } from '../domain/planning-record/planning-record-events.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { handleCommand } from './handle-command.ts';
import { provenanceOf, requireActiveOperation, requirePrincipal } from './planning-provenance.ts';
import { requireActiveCoaStatement } from './coa-statement-commands.ts';
import { readCitedDocuments, type DocumentCitation } from './document-commands.ts';
import { coaStatementAsParent } from '../domain/coa-statement/coa-statement-decider.ts';

export type SimulationContentInput = SimulationContentData;

export async function recordLlmSimulation(
  store: EventStore,
  ctx: CommandContext,
  input: {
    coa_statement_id: string;
    content: SimulationContentInput;
    origin?: Origin;
    simulation_id?: string;
    /** A generated wargame: the documents it read, each still that upload when written (as updatePlanningRecord). */
    cited_documents?: readonly DocumentCitation[];
  },
) {
  const { account_id } = requirePrincipal(ctx);
  const statement = await requireActiveCoaStatement(store, input.coa_statement_id, account_id);
  const operation = await requireActiveOperation(store, statement.operation_id, account_id);
  // A generation job names its record's id when requested (GET /api/generation-jobs/{id} shows it).
  const simulation_id = input.simulation_id ?? randomUUID();
  const command = {
    type: 'RecordLlmSimulation' as const,
    simulation_id,
    coa_statement_id: statement.coa_statement_id,
    operation_id: statement.operation_id,
    account_id,
    content: input.content,
    by: provenanceOf(ctx, input.origin ?? 'generated'),
  };
  const citations = input.cited_documents;
  const result = await handleCommand({
    store,
    ctx,
    stream: llmSimulationStream(simulation_id),
    decider: llmSimulationDecider,
    operationId: statement.operation_id,
    command,
    parents: [coaStatementAsParent(statement.coa_statement_id), operation],
    readAlso:
      citations && citations.length > 0
        ? async () => {
            const { cited, read } = await readCitedDocuments(store, citations);
            return { command: { ...command, cited_documents: cited }, read };
          }
        : undefined,
  });
  return { ...result, simulation_id };
}

export async function deleteLlmSimulation(
  store: EventStore,
  ctx: CommandContext,
  simulationId: string,
  operationId: string,
) {
  const { account_id } = requirePrincipal(ctx);
  return handleCommand({
    store,
    ctx,
    stream: llmSimulationStream(simulationId),
    decider: llmSimulationDecider,
    operationId,
    command: { type: 'DeleteLlmSimulation', simulation_id: simulationId, account_id, by: provenanceOf(ctx) },
  });
}
