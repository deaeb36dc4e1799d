// Reads what a wargame is grounded in, when the worker runs: the operation and the COA statement
// (their streams), the statement's sections in order (read model, with versions), the enemy COA (the
// request's, else the mission analysis's threat record), the evaluation criteria (the mission
// analysis's coa_evaluation_criteria record, else FM 5-0 defaults), the completed analyses (those
// requested, else the newest of the operation's maps) with their figures, each map's newest terrain
// summary (mobility figures; when a tile store is given), their maps, and the documents. `inputs`
// lists every part read, with its version, for the record and the job.
import type { Knex } from 'knex';
import { loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import type { DocumentCitation } from '../../commands/document-commands.ts';
import { readGroundingDocuments } from './read-grounding-documents.ts';
import { loadState } from '../../commands/load-state.ts';
import { analysisJobDecider } from '../../domain/analysis-job/analysis-job-decider.ts';
import { analysisStream } from '../../domain/analysis-job/analysis-job-events.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { SimulationRequest } from '../../domain/generation-job/generation-job-events.ts';
import { analysisFigure } from '../../domain/llm-simulation/analysis-figure.ts';
import { evaluationCriteria, type CriterionItem } from '../../domain/llm-simulation/evaluation-criteria.ts';
import { MAX_INPUTS, type SimulationInput } from '../../domain/llm-simulation/llm-simulation-events.ts';
import type { SimulationGrounding } from '../../domain/llm-simulation/simulation-grounding.ts';
import type { CompletedAnalysis } from '../../domain/llm-simulation/terrain-figure.ts';
import { operationDecider } from '../../domain/operation/operation-decider.ts';
import { operationStream } from '../../domain/operation/operation-events.ts';
import { planningRecordId } from '../../domain/planning-record/planning-record-events.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { coaStatementDecider } from '../../domain/coa-statement/coa-statement-decider.ts';
import { coaStatementStream } from '../../domain/coa-statement/coa-statement-events.ts';
import { newestTerrainSummary, textExcerpt } from './gather-grounding.ts';
import type { Static } from '@sinclair/typebox';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { terrainSummaryFigure } from '../../domain/llm-simulation/terrain-summary-figure.ts';
import type { TerrainFigure } from '../../domain/llm-simulation/terrain-figure.ts';
import { newestCompletedAnalysisIdsOfOperation } from '../../projections/queries/analysis-job-queries.ts';
import { liveSectionsOfStatement } from '../../projections/queries/coa-statement-queries.ts';
import { mapsOfOperation } from '../../projections/queries/map-queries.ts';
import { successfulTerrainJobsOfMaps } from '../../projections/queries/terrain-job-queries.ts';

/** Analyses a simulation reads when the request names none: the newest completed ones of the operation. */
export const DEFAULT_SIMULATION_ANALYSES = 10;

type Input = Static<typeof SimulationInput>;

export interface GatheredSimulation {
  grounding: SimulationGrounding;
  /** What the record lists (kinds of SIMULATION_INPUT_KINDS). */
  inputs: Input[];
  /** What the job's provenance lists (the operation too; documents by hash). */
  provenanceInputs: Array<{ kind: string; id: string; version: string }>;
  /** The documents read, which the record cites; and those deleted since the request. */
  citations: DocumentCitation[];
  deletedDocuments: string[];
}

async function chosenAnalysisIds(knex: Knex, operationId: string, request: SimulationRequest): Promise<string[]> {
  if (request.analysis_ids) return request.analysis_ids;
  return newestCompletedAnalysisIdsOfOperation(knex, operationId, DEFAULT_SIMULATION_ANALYSES);
}

interface SectionRow {
  section_id: string;
  title: string;
  content: string | null;
  field: string | null;
  version: number;
  added_position: number | string;
}

/** The statement's current sections: those of its last arrangement in its order, then the others by creation. */
async function sectionsInOrder(knex: Knex, statementId: string, order: readonly string[]): Promise<SectionRow[]> {
  const rows: SectionRow[] = await liveSectionsOfStatement(knex, statementId);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : Infinity);
  return rows.sort(
    (a, b) => rank(a.section_id) - rank(b.section_id) || Number(a.added_position) - Number(b.added_position),
  );
}

async function readAnalyses(store: EventStore, ids: string[]) {
  const analyses: Array<CompletedAnalysis & { map_id: string; version: number }> = [];
  for (const id of ids) {
    const { state, revision } = await loadState(store, analysisStream(id), analysisJobDecider);
    if (state.status !== 'success' || !state.result) continue;
    analyses.push({
      analysis_id: id,
      analysis_type: state.analysis_type,
      title: state.title,
      result: state.result,
      map_id: state.map_id,
      version: revision + 1,
    });
  }
  return analyses;
}

export async function gatherSimulationGrounding(
  deps: { store: EventStore; knex: Knex; documents: DocumentStorage; blobStore?: BlobStore },
  job: GenerationJob,
  request: SimulationRequest,
): Promise<GatheredSimulation> {
  const operation = await loadState(deps.store, operationStream(job.operation_id), operationDecider);
  if (operation.state.status !== 'active') {
    throw new DomainError('not_found', `Operation ${job.operation_id} was deleted after the request`);
  }
  const loaded = await loadState(deps.store, coaStatementStream(request.coa_statement_id), coaStatementDecider);
  const statement = loaded.state;
  if (statement.status !== 'active') {
    throw new DomainError('not_found', `COA statement ${request.coa_statement_id} was deleted after the request`);
  }
  const sections = await sectionsInOrder(deps.knex, statement.coa_statement_id, statement.section_order);
  const inputs: Input[] = [{ kind: 'coa_statement', id: statement.coa_statement_id, version: loaded.revision + 1 }];
  inputs.push(...sections.map((s) => ({ kind: 'coa_section' as const, id: s.section_id, version: s.version })));

  let enemy: { text: string | null; source: SimulationGrounding['enemy_source'] } = {
    text: request.enemy_coa,
    source: 'request',
  };
  if (enemy.text === null) {
    const id = planningRecordId('mission_analysis', job.operation_id, 'enemy_situation');
    const record = await loadPlanningRecord(deps.store, 'mission_analysis', id);
    const text = record.state.status === 'active' ? record.state.text : null;
    enemy = text ? { text: text.slice(0, 4000), source: 'mission_analysis' } : { text: null, source: 'none' };
    if (text) inputs.push({ kind: 'mission_analysis', id, version: record.revision + 1 });
  }

  const criteriaId = planningRecordId('mission_analysis', job.operation_id, 'coa_evaluation_criteria');
  const criteriaRecord = await loadPlanningRecord(deps.store, 'mission_analysis', criteriaId);
  const items = criteriaRecord.state.status === 'active' ? (criteriaRecord.state.items as CriterionItem[]) : null;
  const criteria = evaluationCriteria(items);
  if (criteria.source === 'mission_analysis') {
    inputs.push({ kind: 'mission_analysis', id: criteriaId, version: criteriaRecord.revision + 1 });
  }

  const analyses = await readAnalyses(deps.store, await chosenAnalysisIds(deps.knex, job.operation_id, request));
  inputs.push(...analyses.map((a) => ({ kind: 'terrain_analysis' as const, id: a.analysis_id, version: a.version })));
  const maps = await mapsOfOperation(deps.knex, job.operation_id);
  const summaries: TerrainFigure[] = [];
  const summaryInputs: Array<{ kind: string; id: string; version: string }> = [];
  const summaryMapIds: string[] = [];
  for (const map of deps.blobStore ? maps : []) {
    const finished = await successfulTerrainJobsOfMaps(deps.knex, [map.map_id]);
    const summary = await newestTerrainSummary(
      deps.store,
      deps.blobStore!,
      finished.map((f) => f.job_id),
    );
    if (!summary) continue;
    summaries.push(terrainSummaryFigure(map.name, summary));
    summaryInputs.push({ kind: 'terrain_summary', id: summary.terrain_job_id, version: summary.version });
    summaryMapIds.push(map.map_id);
  }
  for (const id of new Set([...analyses.map((a) => a.map_id), ...summaryMapIds])) {
    const map = maps.find((m) => m.map_id === id);
    inputs.push({ kind: 'map', id, version: map ? Number(map.revision) : null });
  }

  const read = await readGroundingDocuments(deps.store, job.document_ids);
  const documents: SimulationGrounding['documents'] = [];
  const documentInputs: Array<{ kind: string; id: string; version: string }> = [];
  for (const {
    citation: { document_id: id },
    document,
  } of read.live) {
    documents.push({
      file_name: document.file_name,
      text_excerpt: document.text_status === 'extracted' ? await textExcerpt(deps.documents, document.text_key) : null,
    });
    inputs.push({ kind: 'document', id, version: null });
    documentInputs.push({ kind: 'document', id, version: `sha256:${document.sha256}` });
  }

  const fields = operation.state.fields;
  return {
    citations: read.live.map((d) => d.citation),
    deletedDocuments: read.deleted,
    grounding: {
      operation: {
        name: fields.name,
        unit: fields.unit,
        echelon: fields.echelon,
        branch: fields.branch,
        description: fields.description ?? null,
      },
      coa: {
        name: statement.name,
        description: statement.description,
        sections: sections.map((s) => ({ title: s.title, content: s.content, field: s.field })),
      },
      method: request.method,
      enemy_coa: enemy.text,
      enemy_source: enemy.source,
      turns: request.turns,
      seed: request.seed,
      figures: [...summaries, ...analyses.map(analysisFigure)],
      criteria: criteria.criteria,
      criteria_source: criteria.source,
      documents,
      instructions: job.instructions,
    },
    inputs: inputs.slice(0, MAX_INPUTS),
    provenanceInputs: [
      { kind: 'operation', id: job.operation_id, version: String(operation.revision + 1) },
      ...inputs
        .filter((i) => i.kind !== 'document')
        .map((i) => ({ kind: i.kind, id: i.id, version: String(i.version) })),
      ...summaryInputs,
      ...documentInputs,
    ].slice(0, 500),
  };
}
