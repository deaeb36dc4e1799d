// What a draft of one planning record is grounded in: the operation's own data as the service
// knows it when the worker runs. Prompts embed it; the rule-based drafter drafts from it; the
// job's provenance lists each part with its id and version (groundingInputs).
import type { ItemRule } from '../planning-record/planning-items.ts';
import type { GenerationTargetKind } from '../generation-job/generation-job-events.ts';

export interface GroundingRecord {
  kind: GenerationTargetKind;
  type: string;
  title: string;
  doctrine: string;
  /** The item rule of the type (null: free text). */
  items: ItemRule | null;
  /** The record's content before the draft (version 0: never written). */
  version: number;
  text: string | null;
  item_texts: string[];
}

export interface GroundingOperation {
  id: string;
  name: string;
  unit: string;
  branch: string;
  echelon: string;
  description: string | null;
  revision: number;
}

export interface GroundingMap {
  id: string;
  name: string;
  revision: number;
  /** Terrain jobs of the map that finished, newest first. */
  finished_terrain_job_ids: string[];
}

export interface GroundingDocument {
  id: string;
  file_name: string;
  sha256: string;
  classification: string | null;
  description: string | null;
  /** The start of the extracted text (null: none extracted). */
  text_excerpt: string | null;
}

export interface Grounding {
  record: GroundingRecord;
  operation: GroundingOperation;
  maps: GroundingMap[];
  documents: GroundingDocument[];
  instructions: string | null;
}

/** The inputs as the job's provenance records them. */
export function groundingInputs(grounding: Grounding, recordId: string) {
  return [
    { kind: 'operation', id: grounding.operation.id, version: String(grounding.operation.revision) },
    { kind: 'planning_record', id: recordId, version: String(grounding.record.version) },
    ...grounding.maps.map((m) => ({ kind: 'map', id: m.id, version: String(m.revision) })),
    ...grounding.maps.flatMap((m) => m.finished_terrain_job_ids
      .map((id) => ({ kind: 'terrain_job', id, version: 'success' }))),
    ...grounding.documents.map((d) => ({ kind: 'document', id: d.id, version: `sha256:${d.sha256}` })),
  ];
}
