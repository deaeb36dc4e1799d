// The warno_paragraphs job (POST /api/operations/{id}/warno/draft): every WARNO paragraph drafted in
// FM 6-0 order by one job, one progress step per paragraph, each written as a single-record draft
// is (origin generated, onto the version read just before, the same checks). The grounding is read
// once; each paragraph swaps in its own record. A redelivered task skips the paragraphs this job
// already wrote. A model failure, an invalid draft or a record a person wrote meanwhile fails the
// job: the paragraphs written before stay (each is a complete draft of its own).
import { decideGeneration, editedByPerson, loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import { updatePlanningRecord } from '../../commands/planning-record-commands.ts';
import type { GenerationJob, PlanningDraftJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { GenerationProvenance } from '../../domain/generation-job/generation-job-events.ts';
import { groundingInputs, type Grounding } from '../../domain/generation/generation-grounding.ts';
import { DRAFT_PROMPTS } from '../../domain/generation/prompts/draft-prompts.ts';
import {
  draftTextLimit,
  MAX_DRAFT_TEXT,
  recordDraftSchema,
  type RecordDraft,
} from '../../domain/generation/record-draft-schema.ts';
import { RECORD_DRAFT_TASK } from '../../domain/generation/rule-based-record-draft.ts';
import { WARNO_CATALOGUE } from '../../domain/planning-record/planning-catalogues.ts';
import { checkItems, type PlanningItemInput } from '../../domain/planning-record/planning-items.ts';
import { planningRecordId, planningRecordStream } from '../../domain/planning-record/planning-record-events.ts';
import { CitedDocumentDeletedError } from '../../domain/document/cited-documents.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { LanguageModelError } from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { gatherGrounding } from './gather-grounding.ts';
import type { GenerationWorkerDependencies } from './generation-worker-dependencies.ts';
import {
  failGenerationJob as fail,
  generationJobContext as jobContext,
  reportGenerationProgress,
} from './job-reports.ts';

/** The most inputs a provenance holds (GenerationProvenance). */
const MAX_INPUTS = 500;

export async function runWarnoDraft(
  deps: GenerationWorkerDependencies,
  job: GenerationJob,
  control?: TaskControl,
): Promise<void> {
  const started = Date.now();
  const first = WARNO_CATALOGUE[0]!;
  const asRecordJob = (type: string): PlanningDraftJob => ({
    ...job,
    target_kind: 'warno',
    record_id: planningRecordId('warno', job.operation_id, type),
    record_type: type,
  });
  const { grounding: base, citations, deletedDocuments } = await gatherGrounding(deps, asRecordJob(first.type));
  if (deletedDocuments.length > 0) {
    return void (await fail(
      deps.store,
      job,
      'DOCUMENT_DELETED',
      new CitedDocumentDeletedError(deletedDocuments).message,
    ));
  }
  const prompt = DRAFT_PROMPTS.warno;
  const inputs = new Map<string, GenerationProvenance['inputs'][number]>();
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  let attempts = 0;
  let model = {
    adapter: deps.languageModel.adapter,
    model: deps.languageModel.model,
    rule_based: deps.languageModel.adapter === 'rule_based',
  };
  const versions: number[] = [];
  const ctx = jobContext(job);
  for (const [index, entry] of WARNO_CATALOGUE.entries()) {
    await reportGenerationProgress(deps.store, job, {
      step: index + 1,
      of: WARNO_CATALOGUE.length,
      label: `Drafting WARNO ${entry.title}`,
    });
    const recordId = planningRecordId('warno', job.operation_id, entry.type);
    const events = await deps.store.readStream(planningRecordStream('warno', recordId));
    if (events.at(-1)?.metadata.correlation_id === job.job_id) {
      versions.push(events.length);
      continue; // written by this job before a redelivery
    }
    const record = await loadPlanningRecord(deps.store, 'warno', recordId);
    if (!job.overwrite && editedByPerson(record.state)) {
      const message = `WARNO ${entry.type} was written by a person after the draft was requested; request it again`;
      return void (await fail(deps.store, job, 'RECORD_CHANGED', message));
    }
    const state = record.state;
    const grounding: Grounding = {
      ...base,
      record: {
        kind: 'warno',
        type: entry.type,
        title: entry.title,
        doctrine: entry.doctrine,
        items: entry.items,
        version: record.revision + 1,
        text: state.status === 'active' ? state.text : null,
        item_texts: state.status === 'active' ? state.items.map((i) => i.text) : [],
      },
    };
    for (const input of groundingInputs(grounding, recordId)) inputs.set(`${input.kind}:${input.id}`, input);
    let draft: RecordDraft;
    try {
      const result = await deps.languageModel.generateStructured<RecordDraft>({
        task: RECORD_DRAFT_TASK,
        input: grounding,
        messages: prompt.messages(grounding),
        schema: recordDraftSchema(entry.items, model.rule_based ? MAX_DRAFT_TEXT : draftTextLimit(deps.maxTokens)),
        schemaName: 'planning_record_draft',
        onProgress: () => control?.heartbeat(),
      });
      draft = result.value;
      model = { adapter: result.adapter, model: result.model, rule_based: result.rule_based };
      usage.prompt_tokens += result.usage.prompt_tokens;
      usage.completion_tokens += result.usage.completion_tokens;
      attempts += result.attempts;
      checkItems((draft.items ?? []) as PlanningItemInput[], entry.items, `warno ${entry.type}`);
    } catch (error) {
      if (error instanceof LanguageModelError) return void (await fail(deps.store, job, error.code, error.message));
      if (error instanceof DomainError && error.kind === 'invalid') {
        const message = `The draft of WARNO ${entry.type} breaks the record's rules: ${error.message}`;
        return void (await fail(deps.store, job, 'LLM_INVALID_OUTPUT', message));
      }
      throw error;
    }
    try {
      const written = await updatePlanningRecord(deps.store, ctx, {
        kind: 'warno',
        record_id: recordId,
        operation_id: job.operation_id,
        record_type: entry.type,
        rule: entry.items,
        label: `warno ${entry.type}`,
        text: draft.text,
        items: entry.items ? ((draft.items ?? []) as PlanningItemInput[]) : undefined,
        expected_version: record.revision + 1,
        origin: 'generated',
        cited_documents: citations,
      });
      versions.push(written.revision + 1);
    } catch (error) {
      if (error instanceof CitedDocumentDeletedError)
        return void (await fail(deps.store, job, 'DOCUMENT_DELETED', error.message));
      if (!(error instanceof DomainError) || error.kind === 'invalid') throw error;
      const message = `WARNO ${entry.type} could not be written: ${error.message}`;
      return void (await fail(deps.store, job, 'RECORD_CHANGED', message));
    }
  }
  await decideGeneration(deps.store, ctx, job.operation_id, {
    type: 'CompleteGeneration',
    job_id: job.job_id,
    record_version: Math.max(...versions),
    provenance: {
      ...model,
      prompt_version: prompt.version,
      inputs: [...inputs.values()].slice(0, MAX_INPUTS),
      usage,
      attempts,
      duration_ms: Date.now() - started,
    },
  });
}
