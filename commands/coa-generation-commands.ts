// POST /api/coa-statements/generate: the request creates the `count` statements at once (placeholders
// "COA n (drafting)" whose description names the job, origin generated) and then one generation job
// of target kind coa_statements that drafts them all (workers/generation/run-coa-generation.ts).
// The documents are checked before anything is written, so a 422 creates nothing.
import { randomUUID } from 'node:crypto';
import { generationJobDecider } from '../domain/generation-job/generation-job-decider.ts';
import { generationJobStream } from '../domain/generation-job/generation-job-events.ts';
import { placeholderCoaName } from '../domain/generation/coa-generation.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import { createCoaStatement } from './coa-statement-commands.ts';
import type { CommandContext } from './command-context.ts';
import { requireOperationDocuments } from './document-commands.ts';
import { handleCommand } from './handle-command.ts';
import { requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

export interface CoaGenerationInput {
  operation_id: string;
  count: number;
  instructions: string | null;
  document_ids: string[];
}

/** The description a statement keeps until its draft is written (or for good, when the job fails). */
export const placeholderCoaDescription = (jobId: string) =>
  `Being drafted by generation job ${jobId}: poll /api/generation-jobs/${jobId}. ` +
  'If the job fails, this statement keeps this placeholder (write it, or delete it).';

export async function requestCoaGeneration(store: EventStore, ctx: CommandContext, input: CoaGenerationInput) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, input.operation_id, account_id);
  const documentIds = await requireOperationDocuments(store, input.operation_id, input.document_ids);
  const jobId = randomUUID();
  const statementIds: string[] = [];
  for (let n = 1; n <= input.count; n++) {
    const created = await createCoaStatement(store, ctx, {
      operation_id: input.operation_id,
      name: placeholderCoaName(n),
      description: placeholderCoaDescription(jobId),
      origin: 'generated',
    });
    statementIds.push(created.coa_statement_id);
  }
  // Requested after the statements exist: the worker may start as soon as this event is appended.
  const result = await handleCommand({
    store,
    ctx,
    stream: generationJobStream(jobId),
    decider: generationJobDecider,
    operationId: input.operation_id,
    parents: [operation],
    command: {
      type: 'RequestGeneration',
      request: {
        job_id: jobId,
        operation_id: input.operation_id,
        account_id,
        api_key_id,
        target_kind: 'coa_statements',
        record_id: input.operation_id,
        record_type: 'coa_statements',
        instructions: input.instructions,
        document_ids: documentIds,
        overwrite: false,
        base_version: 1,
        coa_statements: { coa_statement_ids: statementIds },
      },
    },
  });
  return { jobId, statementIds, position: result.position };
}
