// Generation workers: take a job's task, gather what the draft is grounded in, ask the language
// model (the configured adapter; the rule-based drafter by default) for a draft valid against the
// record type's schema, check it as a person's update is checked, and write it through the
// planning-record commands with origin `generated`, onto the version the request saw. A model
// that fails, an invalid draft, or a record someone wrote meanwhile fails the job with a code and
// writes nothing. An unexpected error throws: the task is redelivered, and after its last
// delivery the dead-letter handler records GENERATION_RETRIES_EXHAUSTED.
import { decideGeneration, loadGenerationJob } from '../../commands/generation-job-commands.ts';
import { updatePlanningRecord } from '../../commands/planning-record-commands.ts';
import type { GenerationJob, PlanningDraftJob } from '../../domain/generation-job/generation-job-decider.ts';
import { isPlanningDraftKind, type GenerationProvenance } from '../../domain/generation-job/generation-job-events.ts';
import { knownFacts } from '../../domain/generation/fact-check/known-facts.ts';
import { unfoundedFacts } from '../../domain/generation/fact-check/unfounded-facts.ts';
import { groundingInputs } from '../../domain/generation/generation-grounding.ts';
import { DRAFT_PROMPTS } from '../../domain/generation/prompts/draft-prompts.ts';
import {
  draftTextLimit,
  MAX_DRAFT_TEXT,
  recordDraftSchema,
  type RecordDraft,
} from '../../domain/generation/record-draft-schema.ts';
import { RECORD_DRAFT_TASK } from '../../domain/generation/rule-based-record-draft.ts';
import { checkItems, type PlanningItemInput } from '../../domain/planning-record/planning-items.ts';
import { planningRecordStream } from '../../domain/planning-record/planning-record-events.ts';
import { CitedDocumentDeletedError } from '../../domain/document/cited-documents.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { LanguageModelError, type StructuredRequest } from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { gatherGrounding } from './gather-grounding.ts';
import {
  failGenerationJob as fail,
  generationJobContext as jobContext,
  reportGenerationProgress,
} from './job-reports.ts';
import type { GenerationWorkerDependencies } from './generation-worker-dependencies.ts';
import { runCoaGeneration } from './run-coa-generation.ts';
import { runSimulation } from './run-simulation.ts';
import { runWarnoDraft } from './run-warno-draft.ts';

export type { GenerationWorkerDependencies };

/** The job while it is still to run; null once it ended. */
export async function pendingGenerationJob(store: EventStore, jobId: string): Promise<GenerationJob | null> {
  const job = await loadGenerationJob(store, jobId);
  return job.status === 'pending' ? job : null;
}

/** The record's events written after the request were all this job's (a redelivery after the write). */
async function writtenByThisJob(store: EventStore, job: PlanningDraftJob): Promise<boolean> {
  const events = await store.readStream(planningRecordStream(job.target_kind, job.record_id));
  const later = events.slice(job.base_version);
  return later.length > 0 && later.every((e) => e.metadata.correlation_id === job.job_id);
}

export async function runGeneration(
  deps: GenerationWorkerDependencies,
  job: GenerationJob,
  control?: TaskControl,
): Promise<void> {
  if (isPlanningDraftKind(job.target_kind)) return runRecordDraft(deps, job as PlanningDraftJob, control);
  if (job.target_kind === 'coa_statements') return runCoaGeneration(deps, job, control);
  if (job.target_kind === 'llm_simulation') return runSimulation(deps, job, control);
  if (job.target_kind === 'warno_paragraphs') return runWarnoDraft(deps, job, control);
  throw new Error(`generation jobs of kind ${job.target_kind} have no worker`);
}

/**
 * A model's draft states only the grids, DTGs and numbers it was given (the grounding and the prompt) or
 * derived from them by the documented rules (domain/generation/fact-check/); the rule-based drafter
 * writes from the facts by its own rules and is not checked.
 */
function modelFactCheck(deps: GenerationWorkerDependencies, given: unknown[]): StructuredRequest['check'] {
  if (deps.languageModel.adapter === 'rule_based') return undefined;
  const known = knownFacts(given);
  return {
    name: 'the facts given (every grid, DTG and number must be one of theirs)',
    errors: (value) => unfoundedFacts(value, known),
  };
}

async function runRecordDraft(
  deps: GenerationWorkerDependencies,
  job: PlanningDraftJob,
  control?: TaskControl,
): Promise<void> {
  const started = Date.now();
  const { grounding, recordRevision, citations, deletedDocuments } = await gatherGrounding(deps, job);
  const prompt = DRAFT_PROMPTS[job.target_kind];
  const inputs = groundingInputs(grounding, job.record_id);
  const complete = (recordVersion: number, provenance: GenerationProvenance) =>
    decideGeneration(deps.store, jobContext(job), job.operation_id, {
      type: 'CompleteGeneration',
      job_id: job.job_id,
      record_version: recordVersion,
      provenance,
    });
  if (recordRevision + 1 !== job.base_version) {
    if (await writtenByThisJob(deps.store, job)) {
      // The worker died between writing the record and completing the job: the usage is lost.
      await complete(recordRevision + 1, {
        adapter: deps.languageModel.adapter,
        model: deps.languageModel.model,
        rule_based: deps.languageModel.adapter === 'rule_based',
        prompt_version: prompt.version,
        inputs,
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        attempts: 0,
        duration_ms: 0,
      });
      return;
    }
    await fail(
      deps.store,
      job,
      'RECORD_CHANGED',
      `The record moved from version ${job.base_version} to ${recordRevision + 1} after the generation was requested; ` +
        'request it again',
    );
    return;
  }
  if (deletedDocuments.length > 0) {
    const message = new CitedDocumentDeletedError(deletedDocuments).message;
    return void (await fail(deps.store, job, 'DOCUMENT_DELETED', message));
  }
  const rule = grounding.record.items;
  let draft: RecordDraft;
  let result;
  try {
    await reportGenerationProgress(deps.store, job, {
      step: 1,
      of: 1,
      label: `Drafting ${job.target_kind} ${job.record_type}`,
    });
    result = await deps.languageModel.generateStructured<RecordDraft>({
      task: RECORD_DRAFT_TASK,
      input: grounding,
      messages: prompt.messages(grounding),
      // The token budget bounds a model's text; the rule-based drafter writes no tokens.
      schema: recordDraftSchema(
        rule,
        deps.languageModel.adapter === 'rule_based' ? MAX_DRAFT_TEXT : draftTextLimit(deps.maxTokens),
      ),
      schemaName: 'planning_record_draft',
      onProgress: () => control?.heartbeat(),
      check: modelFactCheck(deps, [grounding, prompt.messages(grounding)]),
    });
    draft = result.value;
    // The same checks a person's update passes (kinds of the list, fields it takes).
    checkItems((draft.items ?? []) as PlanningItemInput[], rule, `${job.target_kind} ${job.record_type}`);
  } catch (error) {
    if (error instanceof LanguageModelError) return void (await fail(deps.store, job, error.code, error.message));
    if (error instanceof DomainError && error.kind === 'invalid') {
      const message = `The draft breaks the record's rules: ${error.message}`;
      return void (await fail(deps.store, job, 'LLM_INVALID_OUTPUT', message));
    }
    throw error;
  }
  let written;
  try {
    written = await updatePlanningRecord(deps.store, jobContext(job), {
      kind: job.target_kind,
      record_id: job.record_id,
      operation_id: job.operation_id,
      record_type: job.record_type,
      rule,
      label: `${job.target_kind} ${job.record_type}`,
      text: draft.text,
      items: rule ? ((draft.items ?? []) as PlanningItemInput[]) : undefined,
      expected_version: job.base_version,
      origin: 'generated',
      cited_documents: citations,
    });
  } catch (error) {
    if (error instanceof CitedDocumentDeletedError) {
      return void (await fail(deps.store, job, 'DOCUMENT_DELETED', error.message));
    }
    if (!(error instanceof DomainError) || error.kind === 'invalid') throw error;
    return void (await fail(deps.store, job, 'RECORD_CHANGED', `The record could not be written: ${error.message}`));
  }
  await complete(written.revision + 1, {
    adapter: result.adapter,
    model: result.model,
    rule_based: result.rule_based,
    prompt_version: prompt.version,
    inputs,
    usage: result.usage,
    attempts: result.attempts,
    duration_ms: Date.now() - started,
  });
}
