// Reads what a draft is grounded in, when the worker runs: the operation (from its stream, with its
// revision), the record's current content, the operation's maps and their finished terrain jobs
// (read models), and the requested documents with the start of their extracted text.
import type { Knex } from 'knex';
import { loadPlanningRecord } from '../../commands/generation-job-commands.ts';
import { loadDocument } from '../../commands/document-commands.ts';
import { loadState } from '../../commands/load-state.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import type { Grounding, GroundingDocument } from '../../domain/generation/generation-grounding.ts';
import {
  catalogueEntry, type CatalogueEntry, MISSION_ANALYSIS_CATALOGUE, WARNO_CATALOGUE,
} from '../../domain/planning-record/planning-catalogues.ts';
import { operationDecider } from '../../domain/operation/operation-decider.ts';
import { operationStream } from '../../domain/operation/operation-events.ts';
import type { DocumentStorage } from '../../infra/document-storage/document-storage.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';

/** Characters of each document's text a prompt carries. */
export const DOCUMENT_EXCERPT_CHARS = 4000;

async function textExcerpt(storage: DocumentStorage, key: string | null): Promise<string | null> {
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
  deps: { store: EventStore; knex: Knex; documents: DocumentStorage }, job: GenerationJob,
): Promise<{ grounding: Grounding; recordRevision: number }> {
  const operation = await loadState(deps.store, operationStream(job.operation_id), operationDecider);
  if (operation.state.status === 'absent') throw new Error(`operation ${job.operation_id} has no events`);
  const fields = operation.state.fields;
  const record = await loadPlanningRecord(deps.store, job.target_kind, job.record_id);
  const catalogue = job.target_kind === 'warno' ? WARNO_CATALOGUE : MISSION_ANALYSIS_CATALOGUE;
  const entry = catalogueEntry<CatalogueEntry>(catalogue, job.record_type)!;
  const maps: Array<{ map_id: string; name: string; revision: number }> = await deps.knex('maps')
    .where({ operation_id: job.operation_id }).orderBy('created_position').select('map_id', 'name', 'revision');
  const finished: Array<{ map_id: string; job_id: string }> = maps.length === 0 ? [] : await deps.knex('terrain_jobs')
    .whereIn('map_id', maps.map((m) => m.map_id)).where({ status: 'success' }).orderBy('requested_position', 'desc')
    .select('map_id', 'job_id');
  const documents: GroundingDocument[] = [];
  for (const id of job.document_ids) {
    const document = await loadDocument(deps.store, id);
    if (document.status !== 'active') continue;
    documents.push({
      id, file_name: document.file_name, sha256: document.sha256, classification: document.classification ?? null,
      description: document.description ?? null,
      text_excerpt: document.text_status === 'extracted' ? await textExcerpt(deps.documents, document.text_key) : null,
    });
  }
  const state = record.state;
  return {
    recordRevision: record.revision,
    grounding: {
      record: {
        kind: job.target_kind, type: job.record_type, title: entry.title, doctrine: entry.doctrine, items: entry.items,
        version: record.revision + 1,
        text: state.status === 'active' ? state.text : null,
        item_texts: state.status === 'active' ? state.items.map((i) => i.text) : [],
      },
      operation: {
        id: job.operation_id, name: fields.name, unit: fields.unit, branch: fields.branch, echelon: fields.echelon,
        description: fields.description ?? null, revision: operation.revision + 1,
      },
      maps: maps.map((m) => ({
        id: m.map_id, name: m.name, revision: m.revision,
        finished_terrain_job_ids: finished.filter((f) => f.map_id === m.map_id).map((f) => f.job_id),
      })),
      documents,
      instructions: job.instructions,
    },
  };
}
