// POST /api/operations/{id}/warno/draft: one generation job (target kind warno_paragraphs) that
// drafts every WARNO paragraph of the operation in FM 6-0 order (workers/generation/run-warno-draft.ts).
// Every paragraph is checked first: one a person wrote since its last generation makes the request
// 409 (unless overwrite) and requests nothing.
import { randomUUID } from 'node:crypto';
import { generationJobDecider } from '../domain/generation-job/generation-job-decider.ts';
import { generationJobStream } from '../domain/generation-job/generation-job-events.ts';
import { WARNO_TYPES } from '../domain/planning-record/planning-catalogues.ts';
import { planningRecordId } from '../domain/planning-record/planning-record-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { requireOperationDocuments } from './document-commands.ts';
import { editedByPerson, loadPlanningRecord } from './generation-job-commands.ts';
import { handleCommand } from './handle-command.ts';
import { requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

export interface WarnoDraftInput {
  operation_id: string;
  instructions: string | null;
  document_ids: string[];
  overwrite: boolean;
}

/** The WARNO paragraphs a person wrote since their last generation. */
export async function personWrittenWarnoTypes(store: EventStore, operationId: string): Promise<string[]> {
  const written: string[] = [];
  for (const type of WARNO_TYPES) {
    const record = await loadPlanningRecord(store, 'warno', planningRecordId('warno', operationId, type));
    if (editedByPerson(record.state)) written.push(type);
  }
  return written;
}

export async function requestWarnoDraft(store: EventStore, ctx: CommandContext, input: WarnoDraftInput) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, input.operation_id, account_id);
  const documentIds = await requireOperationDocuments(store, input.operation_id, input.document_ids);
  if (!input.overwrite) {
    const written = await personWrittenWarnoTypes(store, input.operation_id);
    if (written.length > 0) {
      throw new DomainError(
        'conflict',
        `WARNO paragraph(s) ${written.join(', ')} were written by a person since their last generation: ` +
          'send "overwrite": true to replace them with drafts',
      );
    }
  }
  const jobId = randomUUID();
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
        target_kind: 'warno_paragraphs',
        record_id: input.operation_id,
        record_type: 'warno',
        instructions: input.instructions,
        document_ids: documentIds,
        overwrite: input.overwrite,
        base_version: 1,
      },
    },
  });
  return { jobId, position: result.position };
}
