// Reads what a draft is grounded in, when the worker runs: the operation (from its stream, with its
// revision), the record's current content, the operation's maps and their finished terrain jobs
// (read models), each map's newest terrain summary (the terrain_summary product in the tile store,
// found from its terrain job's request), the completed analyses of the maps (read model), and the
// requested documents with the start of their extracted text.
import type { Knex } from 'knex';
import { loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import type { DocumentCitation } from '../../commands/document-commands.ts';
import { loadState } from '../../commands/load-state.ts';
import type { PlanningDraftJob } from '../../domain/generation-job/generation-job-decider.ts';
import type {
  Grounding,
  GroundingAnalysis,
  GroundingDocument,
  GroundingTerrainSummary,
} from '../../domain/generation/generation-grounding.ts';
import { analysisKeyResults } from '../../domain/generation/analysis-key-results.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { readJobTerrainSummary } from '../terrain/products/summary/read-job-terrain-summary.ts';
import { SUMMARY_VERSION } from '../terrain/build-area-products/terrain-summary-key.ts';
import {
  catalogueEntry,
  type CatalogueEntry,
  MISSION_ANALYSIS_CATALOGUE,
  WARNO_CATALOGUE,
} from '../../domain/planning-record/planning-catalogues.ts';
import { operationDecider } from '../../domain/operation/operation-decider.ts';
import { operationStream } from '../../domain/operation/operation-events.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { readGroundingDocuments } from './read-grounding-documents.ts';
import {
  newestCompletedAnalysesOfMaps,
  newestCompletedAnalysisOfType,
} from '../../projections/queries/analysis-job-queries.ts';
import { findMapBoundary, mapsOfOperation } from '../../projections/queries/map-queries.ts';
import { listOperationOrders } from '../../projections/queries/document-queries.ts';
import type { OrderRecord } from '../../domain/orders/order-record.ts';
import type { TerrainEvaluationFacts } from '../../domain/mission-analysis/mission-analysis-facts.ts';
import { terrainEvaluationFactsOf } from '../../domain/mission-analysis/terrain-evaluation-facts-of.ts';
import { areaCornersMgrs } from '../../domain/mission-analysis/area-corners.ts';
import { successfulTerrainJobsOfMaps } from '../../projections/queries/terrain-job-queries.ts';

/** Characters of each document's text a prompt carries. */
export const DOCUMENT_EXCERPT_CHARS = 4000;
/** Completed analyses a draft is grounded in at most (the newest of the operation's maps). */
export const MAX_GROUNDING_ANALYSES = 20;

/** The summary of the newest of `jobIds` (newest first) that has one in the store, or null. */
export async function newestTerrainSummary(
  store: EventStore,
  blobStore: BlobStore,
  jobIds: string[],
): Promise<GroundingTerrainSummary | null> {
  for (const jobId of jobIds) {
    const found = await readJobTerrainSummary(store, blobStore, jobId);
    if (!found) continue;
    const hash = found.key.slice(found.key.lastIndexOf('/') + 1, found.key.lastIndexOf('.'));
    return { terrain_job_id: jobId, version: `${SUMMARY_VERSION}:${hash}`, ...found.summary };
  }
  return null;
}

/** The newest completed analyses of the maps, with their key results. */
async function completedAnalyses(knex: Knex, mapIds: string[]): Promise<GroundingAnalysis[]> {
  if (mapIds.length === 0) return [];
  const rows = await newestCompletedAnalysesOfMaps(knex, mapIds, MAX_GROUNDING_ANALYSES);
  return rows.flatMap((row) => {
    const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as {
      title: string;
      result: Record<string, unknown> | null;
    };
    const results = analysisKeyResults(row.analysis_type, state.result);
    return results ? [{ id: row.analysis_id, map_id: row.map_id, title: state.title, results }] : [];
  });
}

/** The orders read from the operation's documents (only those of `documentIds` when it names any). */
export async function operationOrders(knex: Knex, operationId: string, documentIds: string[]): Promise<OrderRecord[]> {
  const rows = await listOperationOrders(knex, operationId);
  const wanted = new Set(documentIds.map((id) => id.toLowerCase()));
  return rows
    .filter((row) => wanted.size === 0 || wanted.has(row.document_id))
    .flatMap((row) => (typeof row.orders === 'string' ? JSON.parse(row.orders) : (row.orders ?? [])) as OrderRecord[]);
}

/** The newest completed terrain evaluation of the maps, as mission analysis reads it. */
async function newestTerrainEvaluation(
  knex: Knex,
  maps: Array<{ map_id: string; name: string }>,
): Promise<TerrainEvaluationFacts | null> {
  if (maps.length === 0) return null;
  const row = await newestCompletedAnalysisOfType(
    knex,
    maps.map((m) => m.map_id),
    'terrain_evaluation',
  );
  if (!row) return null;
  const state = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as { result?: unknown };
  const name = maps.find((m) => m.map_id === row.map_id)?.name ?? row.map_id;
  return terrainEvaluationFactsOf(row.analysis_id, name, state.result ?? null);
}

/** The corners of the first map's boundary in MGRS, or null when no map has one. */
async function areaMgrs(knex: Knex, maps: Array<{ map_id: string }>): Promise<string[] | null> {
  for (const map of maps) {
    const boundary = await findMapBoundary(knex, map.map_id);
    if (boundary) return areaCornersMgrs(boundary.feature_collection as never);
  }
  return null;
}

export async function textExcerpt(storage: DocumentStorage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const body = await storage.get(key);
  if (!body) return null;
  let text = '';
  for await (const chunk of body) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.length >= DOCUMENT_EXCERPT_CHARS) break;
  }
  if ('destroy' in body && typeof body.destroy === 'function') body.destroy();
  return text.slice(0, DOCUMENT_EXCERPT_CHARS);
}

export async function gatherGrounding(
  deps: { store: EventStore; knex: Knex; documents: DocumentStorage; blobStore?: BlobStore },
  job: PlanningDraftJob,
): Promise<{
  grounding: Grounding;
  recordRevision: number;
  /** The documents read, which the draft cites; and those deleted since the request. */
  citations: DocumentCitation[];
  deletedDocuments: string[];
}> {
  const operation = await loadState(deps.store, operationStream(job.operation_id), operationDecider);
  if (operation.state.status === 'absent') throw new Error(`operation ${job.operation_id} has no events`);
  const fields = operation.state.fields;
  const record = await loadPlanningRecord(deps.store, job.target_kind, job.record_id);
  const catalogue = job.target_kind === 'warno' ? WARNO_CATALOGUE : MISSION_ANALYSIS_CATALOGUE;
  const entry = catalogueEntry<CatalogueEntry>(catalogue, job.record_type)!;
  const maps = await mapsOfOperation(deps.knex, job.operation_id);
  const finished = await successfulTerrainJobsOfMaps(
    deps.knex,
    maps.map((m) => m.map_id),
  );
  const read = await readGroundingDocuments(deps.store, job.document_ids);
  const documents: GroundingDocument[] = [];
  for (const {
    citation: { document_id: id },
    document,
  } of read.live) {
    documents.push({
      id,
      file_name: document.file_name,
      sha256: document.sha256,
      classification: document.classification ?? null,
      description: document.description ?? null,
      text_excerpt: document.text_status === 'extracted' ? await textExcerpt(deps.documents, document.text_key) : null,
    });
  }
  const state = record.state;
  return {
    recordRevision: record.revision,
    citations: read.live.map((d) => d.citation),
    deletedDocuments: read.deleted,
    grounding: {
      record: {
        kind: job.target_kind,
        type: job.record_type,
        title: entry.title,
        doctrine: entry.doctrine,
        items: entry.items,
        version: record.revision + 1,
        text: state.status === 'active' ? state.text : null,
        item_texts: state.status === 'active' ? state.items.map((i) => i.text) : [],
      },
      operation: {
        id: job.operation_id,
        name: fields.name,
        unit: fields.unit,
        branch: fields.branch,
        echelon: fields.echelon,
        description: fields.description ?? null,
        revision: operation.revision + 1,
      },
      maps: await Promise.all(
        maps.map(async (m) => {
          const finishedIds = finished.filter((f) => f.map_id === m.map_id).map((f) => f.job_id);
          return {
            id: m.map_id,
            name: m.name,
            revision: m.revision,
            finished_terrain_job_ids: finishedIds,
            terrain_summary: deps.blobStore
              ? await newestTerrainSummary(deps.store, deps.blobStore, finishedIds)
              : null,
          };
        }),
      ),
      documents,
      instructions: job.instructions,
      analyses: await completedAnalyses(
        deps.knex,
        maps.map((m) => m.map_id),
      ),
      orders: await operationOrders(deps.knex, job.operation_id, job.document_ids),
      terrain_evaluation: await newestTerrainEvaluation(deps.knex, maps),
      area_mgrs: await areaMgrs(deps.knex, maps),
      now: new Date().toISOString(),
    },
  };
}
