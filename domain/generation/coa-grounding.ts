// What a COA generation is grounded in, read when the worker runs: the operation, the products of
// its mission analysis written so far, its maps (with their newest terrain summary when prepared),
// the requested documents, the staff's instructions and how many COAs to draft.
import type { GroundingDocument, GroundingMap, GroundingOperation } from './generation-grounding.ts';

export interface GroundingMissionAnalysis {
  id: string;
  type: string;
  title: string;
  /** Version read (number of changes, ≥ 1: only written products are grounding). */
  version: number;
  text: string | null;
  item_texts: string[];
}

export interface CoaGrounding {
  operation: GroundingOperation;
  mission_analysis: GroundingMissionAnalysis[];
  maps: GroundingMap[];
  documents: GroundingDocument[];
  instructions: string | null;
  count: number;
}

/** The inputs as the job's provenance records them (statements: the version the draft is written onto). */
export function coaGroundingInputs(grounding: CoaGrounding, statementIds: readonly string[]) {
  return [
    { kind: 'operation', id: grounding.operation.id, version: String(grounding.operation.revision) },
    ...statementIds.map((id) => ({ kind: 'coa_statement', id, version: '1' })),
    ...grounding.mission_analysis.map((r) => ({ kind: 'planning_record', id: r.id, version: String(r.version) })),
    ...grounding.maps.map((m) => ({ kind: 'map', id: m.id, version: String(m.revision) })),
    ...grounding.maps.flatMap((m) =>
      m.finished_terrain_job_ids.map((id) => ({ kind: 'terrain_job', id, version: 'success' })),
    ),
    ...grounding.maps.flatMap((m) =>
      m.terrain_summary
        ? [{ kind: 'terrain_summary', id: m.terrain_summary.terrain_job_id, version: m.terrain_summary.version }]
        : [],
    ),
    ...grounding.documents.map((d) => ({ kind: 'document', id: d.id, version: `sha256:${d.sha256}` })),
  ];
}
