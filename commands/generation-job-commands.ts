// Generation jobs: the API requests a draft of one planning record; the generation worker writes the
// record (origin `generated`, through updatePlanningRecord) and completes or fails the job. A record
// a person wrote since the last generation is drafted over only with `overwrite` (409 otherwise).
import { randomUUID } from 'node:crypto';
import { generationJobDecider, type GenerationJobCommand } from '../domain/generation-job/generation-job-decider.ts';
import { generationJobStream, type PlanningDraftKind } from '../domain/generation-job/generation-job-events.ts';
import { planningRecordDecider, type PlanningRecordState } from '../domain/planning-record/planning-record-decider.ts';
import { planningRecordStream } from '../domain/planning-record/planning-record-events.ts';
import { DomainError } from '../domain/shared/domain-error.ts';
import type { EventStore } from '../infra/event-store/event-store.ts';
import type { CommandContext } from './command-context.ts';
import { requireOperationDocuments } from './document-commands.ts';
import { handleCommand } from './handle-command.ts';
import { loadState } from './load-state.ts';
import { requireActiveOperation, requirePrincipal } from './planning-provenance.ts';

export interface GenerationRequestInput {
  target_kind: PlanningDraftKind;
  record_id: string;
  operation_id: string;
  record_type: string;
  instructions: string | null;
  document_ids: string[];
  overwrite: boolean;
}

/** True when a person wrote the record's text or any of its items (the last write of each). */
export function editedByPerson(state: PlanningRecordState): boolean {
  if (state.status !== 'active') return false;
  return state.text_updated_by?.origin === 'human' || state.items.some((item) => item.updated_by.origin === 'human');
}

export async function loadPlanningRecord(store: EventStore, kind: PlanningDraftKind, recordId: string) {
  return loadState(store, planningRecordStream(kind, recordId), planningRecordDecider(kind));
}

/**
 * Several records of one operation at once (POST /api/mission-analysis/generate): every record is
 * checked before any job is requested, so a 409 or 422 requests nothing.
 */
export async function requestGenerations(store: EventStore, ctx: CommandContext, inputs: GenerationRequestInput[]) {
  for (const input of inputs) {
    if (
      !input.overwrite &&
      editedByPerson((await loadPlanningRecord(store, input.target_kind, input.record_id)).state)
    ) {
      throw new DomainError(
        'conflict',
        `${input.record_type} was written by a person since its last generation: ` +
          'send "overwrite": true to replace it with a draft',
      );
    }
  }
  const jobs = [];
  for (const input of inputs) jobs.push(await requestGeneration(store, ctx, input));
  return jobs;
}

export async function requestGeneration(store: EventStore, ctx: CommandContext, input: GenerationRequestInput) {
  const { account_id, api_key_id } = requirePrincipal(ctx);
  const operation = await requireActiveOperation(store, input.operation_id, account_id);
  const documentIds = await requireOperationDocuments(store, input.operation_id, input.document_ids);
  const record = await loadPlanningRecord(store, input.target_kind, input.record_id);
  if (!input.overwrite && editedByPerson(record.state)) {
    throw new DomainError(
      'conflict',
      'The record was written by a person since its last generation: ' +
        'send "overwrite": true to replace it with a draft',
    );
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
        target_kind: input.target_kind,
        record_id: input.record_id,
        record_type: input.record_type,
        instructions: input.instructions,
        document_ids: documentIds,
        overwrite: input.overwrite,
        base_version: record.revision + 1,
      },
    },
  });
  return { jobId, position: result.position };
}

/** A worker's report on a job (idempotent: a job that already ended changes nothing). */
export async function decideGeneration(
  store: EventStore,
  ctx: CommandContext,
  operationId: string,
  command: Exclude<GenerationJobCommand, { type: 'RequestGeneration' }>,
) {
  return handleCommand({
    store,
    ctx,
    stream: generationJobStream(command.job_id),
    decider: generationJobDecider,
    operationId,
    command,
    retryOnConflict: true,
  });
}

export async function loadGenerationJob(store: EventStore, jobId: string) {
  return (await loadState(store, generationJobStream(jobId), generationJobDecider)).state;
}
