// The generation worker for target kind coa_statements: one structured call drafts all the COAs the
// request created (placeholders named "COA n (drafting)"); the whole draft is validated and screened
// (FM 5-0: distinguishable and complete by rule, screen-coa-drafts.ts) before anything is written;
// then each statement gets its attributes, its sections and last its name, description and
// screening, all with origin `generated`. A model that fails or an invalid draft fails the job with
// its code and leaves every statement as the request created it. Writes are idempotent: attribute
// items and sections have ids derived from the job, so a redelivered task (after an error while
// writing) re-drafts and converges the statements onto its draft instead of adding a second set.
import type { CommandContext } from '../../commands/command-context.ts';
import {
  addCoaSection,
  removeCoaSection,
  updateCoaSection,
  updateCoaStatement,
} from '../../commands/coa-statement-commands.ts';
import type { DocumentCitation } from '../../commands/document-commands.ts';
import { decideGeneration } from '../../commands/generation-job-commands.ts';
import { loadState } from '../../commands/load-state.ts';
import { updatePlanningRecord } from '../../commands/planning-record-commands.ts';
import { SCREENING_CRITERIA } from '../../domain/coa-statement/coa-screening.ts';
import { coaSectionDecider } from '../../domain/coa-statement/coa-section-decider.ts';
import { coaSectionStream } from '../../domain/coa-statement/coa-section-events.ts';
import { coaStatementDecider } from '../../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementStream } from '../../domain/coa-statement/coa-statement-events.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import {
  coaDraftTextLimit,
  coaSetDraftSchema,
  DRAFTED_TEXT_FIELDS,
  FORM_OF_MANEUVER_LABELS,
  MAX_COA_DRAFT_TEXT,
  MAX_DRAFT_SECTIONS,
  type CoaDraft,
  type CoaSetDraft,
} from '../../domain/generation/coa-draft-schema.ts';
import type { CoaScreeningRecord } from '../../domain/generation/coa-generation.ts';
import { coaGroundingInputs } from '../../domain/generation/coa-grounding.ts';
import { coaStatementsPromptV1 } from '../../domain/generation/prompts/coa-statements.v1.ts';
import { COA_DRAFT_TASK, defending } from '../../domain/generation/rule-based-coa-draft.ts';
import { groundedCoa } from '../../domain/generation/coa-grounding.ts';
import { coaSketchLayers } from '../../domain/coa-development/coa-sketch-layers.ts';
import { screenDevelopedCoas } from '../../domain/coa-development/screen-developed-coas.ts';
import { addAnalysisLayer } from '../../commands/analysis-job-commands.ts';
import { gatherCoaDevelopment, type CoaDevelopmentFacts } from './gather-coa-development.ts';
import { RULE_BASED_MARK } from '../../domain/generation/rule-based-record-draft.ts';
import { screenCoaDrafts, type DraftScreening } from '../../domain/generation/screen-coa-drafts.ts';
import { COA_STATEMENT_CATALOGUE } from '../../domain/planning-record/planning-catalogues.ts';
import { checkItems, type PlanningItemInput } from '../../domain/planning-record/planning-items.ts';
import { coaAttributeId, planningRecordStream } from '../../domain/planning-record/planning-record-events.ts';
import { CitedDocumentDeletedError } from '../../domain/document/cited-documents.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { uuidV5 } from '../../domain/shared/uuid-v5.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { LanguageModelError, type StructuredResult } from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { gatherCoaGrounding } from './gather-coa-grounding.ts';
import type { GenerationWorkerDependencies } from './generation-worker-dependencies.ts';
import {
  failGenerationJob as fail,
  generationJobContext as jobContext,
  reportGenerationProgress as reportProgress,
} from './job-reports.ts';

const SOURCE = 'rule-based draft';
const sectionId = (job: GenerationJob, statementId: string, index: number) =>
  uuidV5(`coa_generation_section:${job.job_id}:${statementId}:${index}`);
const itemId = (job: GenerationJob, statementId: string, index: number) =>
  uuidV5(`coa_generation_item:${job.job_id}:${statementId}:${index}`);
const ruleOf = (field: string) => COA_STATEMENT_CATALOGUE.find((e) => e.type === field)!.items;

/** Why the statements cannot take the draft (a person wrote one or its attributes since the request), or null. */
async function changedSince(store: EventStore, job: GenerationJob, ids: readonly string[]): Promise<string | null> {
  for (const id of ids) {
    const { state } = await loadState(store, coaStatementStream(id), coaStatementDecider);
    if (state.status !== 'active') return `COA statement ${id} was deleted after the generation was requested`;
    const streams = [
      coaStatementStream(id),
      ...COA_STATEMENT_CATALOGUE.map((e) => planningRecordStream('coa_attribute', coaAttributeId(id, e.type))),
    ];
    for (const stream of streams) {
      const events = await store.readStream(stream);
      // The statement's creation is the request's; everything after it must be this job's.
      const later = stream === streams[0] ? events.slice(1) : events;
      if (later.some((e) => e.metadata.correlation_id !== job.job_id)) {
        return `COA statement ${id} was written after the generation was requested (${stream}); request it again`;
      }
    }
  }
  return null;
}

const blankToNull = (text: string) => (/\S/.test(text) ? text : null);

/** Characters the event store refuses (U+0000, unpaired surrogates), found before anything is written. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what the event store refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function requireStorable(value: unknown, path: string): void {
  if (typeof value === 'string' && UNSTORABLE.test(value)) {
    throw new DomainError('invalid', `${path} holds a character that cannot be stored`);
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) requireStorable(child, `${path}.${key}`);
  }
}

/** The attributes a draft writes: its text fields, form of maneuver, main effort and task organization. */
function attributeWrites(job: GenerationJob, id: string, draft: CoaDraft, ruleBased: boolean) {
  const form = FORM_OF_MANEUVER_LABELS[draft.form_of_maneuver];
  const texts: Array<[string, string | null]> = [
    ['form_of_maneuver', ruleBased ? `${RULE_BASED_MARK}\n\n${form}` : form],
    ['main_effort', blankToNull(draft.main_effort)],
    ...DRAFTED_TEXT_FIELDS.map((f): [string, string | null] => [f, blankToNull(draft.attributes[f])]),
  ];
  const items: PlanningItemInput[] = draft.task_organization.map((unit, i) => ({
    item_id: itemId(job, id, i),
    unit: unit.unit,
    text: unit.text,
    ...(ruleBased ? { source: SOURCE } : {}),
  }));
  return { texts, items };
}

async function writeStatement(
  deps: GenerationWorkerDependencies,
  ctx: CommandContext,
  job: GenerationJob,
  id: string,
  draft: CoaDraft,
  screening: DraftScreening,
  ruleBased: boolean,
  citations: readonly DocumentCitation[],
): Promise<number> {
  const { texts, items } = attributeWrites(job, id, draft, ruleBased);
  const attribute = (field: string) => ({
    kind: 'coa_attribute' as const,
    record_id: coaAttributeId(id, field),
    operation_id: job.operation_id,
    coa_statement_id: id,
    record_type: field,
    rule: ruleOf(field),
    label: `COA statement attribute ${field}`,
    origin: 'generated' as const,
  });
  for (const [i, [field, text]] of texts.entries()) {
    const cited = i === 0 ? { cited_documents: citations } : {};
    await updatePlanningRecord(deps.store, ctx, { ...attribute(field), text, ...cited });
  }
  await updatePlanningRecord(deps.store, ctx, { ...attribute('task_organization'), items });
  for (let i = 0; i < MAX_DRAFT_SECTIONS; i++) {
    const section = draft.sections[i];
    const sid = sectionId(job, id, i);
    const { state } = await loadState(deps.store, coaSectionStream(sid), coaSectionDecider);
    if (!section) {
      if (state.status === 'active') await removeCoaSection(deps.store, ctx, sid);
      continue;
    }
    const fields = { title: section.title, content: blankToNull(section.content), field: section.field };
    if (state.status === 'absent') {
      await addCoaSection(deps.store, ctx, {
        coa_statement_id: id,
        ...fields,
        section_id: sid,
        origin: 'generated',
      });
    } else {
      await updateCoaSection(deps.store, ctx, { section_id: sid, changes: fields, origin: 'generated' });
    }
  }
  const written = await updateCoaStatement(deps.store, ctx, {
    coa_statement_id: id,
    origin: 'generated',
    changes: { name: draft.name, description: blankToNull(draft.statement) },
    screening: Object.fromEntries(SCREENING_CRITERIA.map((c) => [c, screening.screening[c]])),
  });
  return written.revision + 1;
}

const clipRationale = (text: string) => (text.length > 2000 ? `${text.slice(0, 1999)}…` : text);

/** The FM 5-0 screening computed for developed COAs (domain/coa-development/screen-developed-coas.ts). */
function computedScreening(facts: CoaDevelopmentFacts): DraftScreening[] {
  const terrain = facts.development.coas[0]?.posture === 'defense' ? (facts.enemy ?? facts.friendly) : facts.friendly;
  return screenDevelopedCoas(facts.development.coas, facts.order, terrain).map((s) => ({
    screening: Object.fromEntries(
      SCREENING_CRITERIA.map((c) => [
        c,
        { verdict: s.screening[c].verdict, rationale: clipRationale(s.screening[c].rationale) },
      ]),
    ) as DraftScreening['screening'],
    screening_result: s.screening_result,
  }));
}

/**
 * The COA sketch as layers of the terrain evaluation's map (coa_axis, coa_objective, phase_line,
 * coa_reserve), ids derived from the job so a redelivered task adds nothing twice.
 */
async function drawSketch(
  deps: GenerationWorkerDependencies,
  ctx: ReturnType<typeof jobContext>,
  job: GenerationJob,
  facts: CoaDevelopmentFacts,
): Promise<void> {
  if (!facts.map_id) return;
  let n = 0;
  const layers = coaSketchLayers(facts.development.coas, () => uuidV5(`coa_sketch_feature:${job.job_id}:${n++}`));
  for (const [layerType, features] of Object.entries(layers) as Array<
    [keyof typeof layers, (typeof layers)[keyof typeof layers]]
  >) {
    if (features.length === 0) continue;
    await addAnalysisLayer(
      deps.store,
      ctx,
      { map_id: facts.map_id, operation_id: job.operation_id, account_id: job.account_id },
      {
        layer_id: uuidV5(`coa_sketch_layer:${job.job_id}:${layerType}`),
        layer_type: layerType,
        title: `COA sketch: ${layerType.replaceAll('_', ' ')}`,
        feature_collection: { type: 'FeatureCollection', features },
      },
    );
  }
}

export async function runCoaGeneration(
  deps: GenerationWorkerDependencies,
  job: GenerationJob,
  control?: TaskControl,
): Promise<void> {
  const started = Date.now();
  const ids = job.coa_statements?.coa_statement_ids ?? [];
  const changed = await changedSince(deps.store, job, ids);
  if (changed) return void (await fail(deps.store, job, 'RECORD_CHANGED', changed));
  const { grounding, citations, deletedDocuments } = await gatherCoaGrounding(deps, job);
  if (deletedDocuments.length > 0) {
    const message = new CitedDocumentDeletedError(deletedDocuments).message;
    return void (await fail(deps.store, job, 'DOCUMENT_DELETED', message));
  }
  // COAs developed on the terrain evaluation and the order (domain/coa-development).
  const facts = await gatherCoaDevelopment(
    deps.knex,
    grounding.operation,
    ids.length,
    defending(grounding) ? 'defense' : 'offense',
  );
  grounding.coa_development = {
    coas: facts.development.coas.map(groundedCoa),
    missing: facts.development.missing,
    task_organization: facts.development.task_organization,
    units: facts.development.units,
    order: facts.order ? { deadline: facts.order.deadline?.text ?? null, end_state: facts.order.end_state } : null,
    sketch_map: facts.map_id,
  };
  const model = deps.languageModel;
  // The rule-based drafter has no token budget; a model's strings are bounded so its JSON always closes.
  const limit = model.adapter === 'rule_based' ? MAX_COA_DRAFT_TEXT : coaDraftTextLimit(ids.length, deps.maxTokens);
  let result: StructuredResult<CoaSetDraft>;
  try {
    await reportProgress(deps.store, job, { step: 1, of: 2, label: `Drafting ${ids.length} COAs` });
    result = await model.generateStructured<CoaSetDraft>({
      task: COA_DRAFT_TASK,
      input: grounding,
      messages: coaStatementsPromptV1.messages(grounding),
      schema: coaSetDraftSchema(ids.length, limit),
      schemaName: 'coa_statements_draft',
      onProgress: () => control?.heartbeat(),
    });
    // The checks a person's update of the task organization passes.
    result.value.coas.forEach((coa, i) =>
      checkItems(
        attributeWrites(job, ids[i]!, coa, result.rule_based).items,
        ruleOf('task_organization'),
        `COA ${i + 1} task organization`,
      ),
    );
    requireStorable(result.value, 'draft');
  } catch (error) {
    if (error instanceof LanguageModelError) return void (await fail(deps.store, job, error.code, error.message));
    if (error instanceof DomainError && error.kind === 'invalid') {
      return void (await fail(
        deps.store,
        job,
        'LLM_INVALID_OUTPUT',
        `The draft breaks the COA rules: ${error.message}`,
      ));
    }
    throw error;
  }
  const drafts = result.value.coas;
  // Drafts of developed COAs are screened on their computed figures; others by the draft rules.
  const developed = result.rule_based && facts.development.coas.length >= ids.length;
  const screenings = developed ? computedScreening(facts) : screenCoaDrafts(drafts);
  const ctx = jobContext(job);
  const versions: number[] = [];
  await reportProgress(deps.store, job, { step: 2, of: 2, label: `Writing ${ids.length} COA statements` });
  try {
    for (const [i, id] of ids.entries()) {
      // The first write is the output's: the documents are checked with it, and a deletion after it
      // comes after the output was written.
      const cited = i === 0 ? citations : [];
      versions.push(await writeStatement(deps, ctx, job, id, drafts[i]!, screenings[i]!, result.rule_based, cited));
    }
  } catch (error) {
    if (error instanceof CitedDocumentDeletedError) {
      return void (await fail(deps.store, job, 'DOCUMENT_DELETED', error.message));
    }
    if (!(error instanceof DomainError) || error.kind === 'invalid') throw error;
    const message = `COA statement ${ids[versions.length]} could not be written: ${error.message}`;
    return void (await fail(deps.store, job, 'RECORD_CHANGED', message));
  }
  if (developed) await drawSketch(deps, ctx, job, facts);
  const coaScreening: CoaScreeningRecord[] = ids.map((id, i) => ({
    coa_statement_id: id,
    name: drafts[i]!.name,
    ...screenings[i]!,
  }));
  await decideGeneration(deps.store, ctx, job.operation_id, {
    type: 'CompleteGeneration',
    job_id: job.job_id,
    record_version: Math.max(...versions),
    provenance: {
      adapter: result.adapter,
      model: result.model,
      rule_based: result.rule_based,
      prompt_version: coaStatementsPromptV1.version,
      inputs: [...coaGroundingInputs(grounding, ids), ...facts.inputs],
      usage: result.usage,
      attempts: result.attempts,
      duration_ms: Date.now() - started,
    },
    coa_screening: coaScreening,
  });
}
