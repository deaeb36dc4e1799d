// The generation worker for target kind llm_simulation: a wargame of one COA statement, turn by turn
// (one structured call per turn, each reported as a step of the job), grounded in the analyses'
// terrain figures; then the assessment against the evaluation criteria (one more call and step);
// then the synchronisation summary (built, not generated). The record is written once, at the end,
// with origin `generated` under the id the request chose; a model that fails, or a statement deleted
// meanwhile, fails the job with its code and writes no record. A redelivery that finds the record
// written under the job's correlation id completes the job (usage lost, attempts 0).
import { decideGeneration } from '../../commands/generation-job-commands.ts';
import { recordLlmSimulation } from '../../commands/llm-simulation-commands.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { GenerationProvenance } from '../../domain/generation-job/generation-job-events.ts';
import { llmSimulationAssessmentPromptV1 } from '../../domain/generation/prompts/llm-simulation-assessment.v1.ts';
import { llmSimulationTurnPromptV1 } from '../../domain/generation/prompts/llm-simulation-turn.v1.ts';
import { llmSimulationStream, MAX_ASSESSMENTS } from '../../domain/llm-simulation/llm-simulation-events.ts';
import { SIMULATION_ASSESSMENT_TASK } from '../../domain/llm-simulation/rule-based-assessment.ts';
import { SIMULATION_TURN_TASK } from '../../domain/llm-simulation/rule-based-turn.ts';
import type {
  AssessmentDraft,
  AssessmentStepInput,
  TurnDraft,
  TurnStepInput,
} from '../../domain/llm-simulation/simulation-grounding.ts';
import { synchronisationSummary } from '../../domain/llm-simulation/synchronisation-summary.ts';
import { figuresForTurn } from '../../domain/llm-simulation/turn-figures.ts';
import { assessmentDraftSchema, turnDraftSchema } from '../../domain/llm-simulation/wargame-draft-schemas.ts';
import { CitedDocumentDeletedError } from '../../domain/document/cited-documents.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import {
  LanguageModelError,
  type StructuredResult,
  type TokenUsage,
} from '../../infra/language-model/language-model.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { gatherSimulationGrounding } from './gather-simulation-grounding.ts';
import { adjudicateSimulation } from './adjudicate-simulation.ts';
import type { GenerationWorkerDependencies } from './generation-worker-dependencies.ts';
import { failGenerationJob, generationJobContext, reportGenerationProgress } from './job-reports.ts';

/** The prompts a simulation job uses, as its provenance names them. */
export const SIMULATION_PROMPT_VERSION = `${llmSimulationTurnPromptV1.version}+${llmSimulationAssessmentPromptV1.version}`;

/** A wargame needs no logger: it reports through its job's events. */
export type SimulationWorkerDependencies = Omit<GenerationWorkerDependencies, 'logger'>;

const METHOD_NAMES = { belt: 'belt', avenue_in_depth: 'avenue-in-depth', box: 'box' } as const;

function complete(deps: SimulationWorkerDependencies, job: GenerationJob, provenance: GenerationProvenance) {
  return decideGeneration(deps.store, generationJobContext(job), job.operation_id, {
    type: 'CompleteGeneration',
    job_id: job.job_id,
    record_version: 1,
    provenance,
  });
}

/** The turns and assessment, one call each, reporting every step; usage and attempts summed. */
async function wargame(
  deps: SimulationWorkerDependencies,
  job: GenerationJob,
  grounding: TurnStepInput['grounding'],
  control?: TaskControl,
) {
  const model = deps.languageModel;
  const usage: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };
  let attempts = 0;
  const tally = <T>(result: StructuredResult<T>) => {
    usage.prompt_tokens += result.usage.prompt_tokens;
    usage.completion_tokens += result.usage.completion_tokens;
    attempts += result.attempts;
    return result.value;
  };
  const steps = grounding.turns + 1;
  // The token budget bounds a model's texts; the rule-based drafter has none (the record's own limits apply).
  const budget = model.adapter === 'rule_based' ? Number.MAX_SAFE_INTEGER : deps.maxTokens;
  const common = { seed: grounding.seed, onProgress: () => control?.heartbeat() };
  const turns: TurnDraft[] = [];
  for (let turn = 1; turn <= grounding.turns; turn++) {
    await reportGenerationProgress(deps.store, job, {
      step: turn,
      of: steps,
      label: `Turn ${turn} of ${grounding.turns} (${METHOD_NAMES[grounding.method]} method)`,
    });
    const input: TurnStepInput = {
      grounding,
      turn,
      figures: figuresForTurn(grounding.figures, grounding.method, turn, grounding.turns),
      previous: [...turns],
    };
    turns.push(
      tally(
        await model.generateStructured<TurnDraft>({
          ...common,
          task: SIMULATION_TURN_TASK,
          input,
          messages: llmSimulationTurnPromptV1.messages(input),
          schema: turnDraftSchema(budget),
          schemaName: 'wargame_turn',
        }),
      ),
    );
  }
  const criteria = grounding.criteria.slice(0, MAX_ASSESSMENTS);
  await reportGenerationProgress(deps.store, job, {
    step: steps,
    of: steps,
    label: `Assessment against ${criteria.length} evaluation criteria`,
  });
  const input: AssessmentStepInput = { grounding: { ...grounding, criteria }, turns };
  const assessed = tally(
    await model.generateStructured<AssessmentDraft>({
      ...common,
      task: SIMULATION_ASSESSMENT_TASK,
      input,
      messages: llmSimulationAssessmentPromptV1.messages(input),
      schema: assessmentDraftSchema(criteria.length, budget),
      schemaName: 'wargame_assessment',
    }),
  );
  const assessments = criteria.map((c, i) => ({
    criterion: c.name,
    score: assessed.scores[i]!.score,
    rationale: assessed.scores[i]!.rationale,
  }));
  return { turns, assessments, usage, attempts };
}

/** A request with a scenario: the adjudicated war game (adjudicate-simulation.ts), recorded as the drafted one is. */
async function adjudicated(
  deps: SimulationWorkerDependencies,
  job: GenerationJob,
  request: NonNullable<GenerationJob['simulation']>,
  gathered: Awaited<ReturnType<typeof gatherSimulationGrounding>>,
  provenance: { adapter: string; model: string; rule_based: boolean; prompt_version: string },
): Promise<void> {
  const started = Date.now();
  const { grounding } = gathered;
  await reportGenerationProgress(deps.store, job, {
    step: 1,
    of: 1,
    label: 'Adjudicating the war game on the terrain',
  });
  const played = await adjudicateSimulation(deps, grounding, request.scenario!);
  if (!played) {
    const message = `No successful terrain job of map ${request.scenario!.map_id} covers the war game's area: prepare its terrain`;
    return void (await failGenerationJob(deps.store, job, 'TERRAIN_NOT_READY', message));
  }
  const turns = played.turns.map((t, i) => ({ turn: i + 1, ...t }));
  const title = `${grounding.coa.name}: adjudicated war game, ${METHOD_NAMES[grounding.method]} method, ${turns.length} turn(s)`;
  const written = await writeSimulation(deps, job, request, gathered, {
    title: title.slice(0, 200),
    method: grounding.method,
    enemy_coa: grounding.enemy_coa,
    turns,
    assessments: played.assessments,
    summary: played.summary,
    inputs: gathered.inputs,
    model: null,
    seed: grounding.seed,
  });
  if (!written) return;
  await complete(deps, job, {
    ...provenance,
    inputs: [...gathered.provenanceInputs, { kind: 'terrain_job', id: played.terrain_job_id, version: 'success' }],
    usage: { prompt_tokens: 0, completion_tokens: 0 },
    attempts: 0,
    duration_ms: Date.now() - started,
  });
}

/** Writes the record; false (the job failed with its code) when the statement or a document changed meanwhile. */
async function writeSimulation(
  deps: SimulationWorkerDependencies,
  job: GenerationJob,
  request: NonNullable<GenerationJob['simulation']>,
  gathered: Awaited<ReturnType<typeof gatherSimulationGrounding>>,
  content: Parameters<typeof recordLlmSimulation>[2]['content'],
): Promise<boolean> {
  try {
    await recordLlmSimulation(deps.store, generationJobContext(job), {
      coa_statement_id: request.coa_statement_id,
      simulation_id: job.record_id,
      origin: 'generated',
      content,
      cited_documents: gathered.citations,
    });
    return true;
  } catch (error) {
    if (error instanceof CitedDocumentDeletedError) {
      await failGenerationJob(deps.store, job, 'DOCUMENT_DELETED', error.message);
      return false;
    }
    if (!(error instanceof DomainError) || error.kind === 'invalid') throw error;
    await failGenerationJob(deps.store, job, 'RECORD_CHANGED', `The simulation could not be written: ${error.message}`);
    return false;
  }
}

export async function runSimulation(
  deps: SimulationWorkerDependencies,
  job: GenerationJob,
  control?: TaskControl,
): Promise<void> {
  const started = Date.now();
  const request = job.simulation;
  if (!request) throw new Error(`generation job ${job.job_id} of kind llm_simulation has no simulation request`);
  const model = deps.languageModel;
  const provenance = {
    adapter: model.adapter,
    model: model.model,
    rule_based: model.adapter === 'rule_based',
    prompt_version: SIMULATION_PROMPT_VERSION,
  };
  const written = await deps.store.readStream(llmSimulationStream(job.record_id));
  if (written.length > 0) {
    if (written.every((e) => e.metadata.correlation_id === job.job_id)) {
      await complete(deps, job, {
        ...provenance,
        inputs: [],
        usage: { prompt_tokens: 0, completion_tokens: 0 },
        attempts: 0,
        duration_ms: 0,
      });
    } else {
      await failGenerationJob(deps.store, job, 'RECORD_CHANGED', `Simulation ${job.record_id} exists already`);
    }
    return;
  }
  let gathered;
  try {
    gathered = await gatherSimulationGrounding(deps, job, request);
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
    return void (await failGenerationJob(deps.store, job, 'RECORD_CHANGED', error.message));
  }
  const { grounding } = gathered;
  if (gathered.deletedDocuments.length > 0) {
    const message = new CitedDocumentDeletedError(gathered.deletedDocuments).message;
    return void (await failGenerationJob(deps.store, job, 'DOCUMENT_DELETED', message));
  }
  if (request.scenario) return adjudicated(deps, job, request, gathered, provenance);
  let played;
  try {
    played = await wargame(deps, job, grounding, control);
  } catch (error) {
    if (error instanceof LanguageModelError) {
      return void (await failGenerationJob(deps.store, job, error.code, error.message));
    }
    throw error;
  }
  const turns = played.turns.map((t, i) => ({ turn: i + 1, ...t }));
  const summary = synchronisationSummary({
    method: grounding.method,
    enemy_coa: grounding.enemy_coa,
    turns,
    assessments: played.assessments,
    criteria_source: grounding.criteria_source,
    rule_based: provenance.rule_based,
    seed: grounding.seed,
    model: model.model,
    prompt_version: SIMULATION_PROMPT_VERSION,
    job_id: job.job_id,
  });
  const title =
    `${grounding.coa.name}: wargame, ${METHOD_NAMES[grounding.method]} method, ${turns.length} turn(s)` +
    (provenance.rule_based ? ' (rule-based draft)' : '');
  try {
    await recordLlmSimulation(deps.store, generationJobContext(job), {
      coa_statement_id: request.coa_statement_id,
      simulation_id: job.record_id,
      origin: 'generated',
      content: {
        title: title.slice(0, 200),
        method: grounding.method,
        enemy_coa: grounding.enemy_coa,
        turns,
        assessments: played.assessments,
        summary,
        inputs: gathered.inputs,
        model: provenance.rule_based ? null : model.model.slice(0, 200),
        seed: grounding.seed,
      },
      cited_documents: gathered.citations,
    });
  } catch (error) {
    if (error instanceof CitedDocumentDeletedError) {
      return void (await failGenerationJob(deps.store, job, 'DOCUMENT_DELETED', error.message));
    }
    if (!(error instanceof DomainError) || error.kind === 'invalid') throw error;
    const message = `The simulation could not be written: ${error.message}`;
    return void (await failGenerationJob(deps.store, job, 'RECORD_CHANGED', message));
  }
  await complete(deps, job, {
    ...provenance,
    inputs: gathered.provenanceInputs,
    usage: played.usage,
    attempts: played.attempts,
    duration_ms: Date.now() - started,
  });
}
