// What a draft of one planning record is grounded in: the operation's own data as the service
// knows it when the worker runs. Prompts embed it; the rule-based drafter drafts from it; the
// job's provenance lists each part with its id and version (groundingInputs).
import type { ItemRule } from '../planning-record/planning-items.ts';
import type { PlanningDraftKind } from '../generation-job/generation-job-events.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import type { TerrainEvaluationFacts } from '../mission-analysis/mission-analysis-facts.ts';

export interface GroundingRecord {
  kind: PlanningDraftKind;
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
  /** The newest terrain summary of the map (absent or null: none prepared). */
  terrain_summary?: GroundingTerrainSummary | null;
}

/**
 * A map's terrain_summary product (workers/terrain/products/summary/terrain-summary.ts), from the
 * newest successful terrain job that has one. Shares are fractions of the area's ground surface.
 */
export interface GroundingTerrainSummary {
  terrain_job_id: string;
  /** The product read: summary version and the content hash of its sources and area. */
  version: string;
  area_km2: number;
  elevation_m: { min: number; max: number; mean: number } | null;
  /** Share per slope bin in degrees ('0-5' … '>45'). */
  slope_degrees_shares: Record<string, number>;
  /** Share per ESA WorldCover class code. */
  land_cover_shares: Record<string, number>;
  /** Per vehicle class (foot, wheeled, tracked). */
  mobility_shares: Record<string, { go: number; slow_go: number; no_go: number; nodata: number }>;
  road_length_m: { total: number; by_class: Partial<Record<string, number>> };
  population_total: number | null;
  building_count: number | null;
  /** AO sanity warnings of the summary (domain/terrain-job/terrain-warnings.ts); absent in summary-v1. */
  warnings?: Array<{ code: string; message: string; dataset: string | null }>;
}

/** The figures of a completed analysis a draft uses, by tool (from the analysis result). */
export type AnalysisKeyResults =
  | {
      type: 'route';
      movement: string;
      found: true;
      from_mgrs: string | null;
      to_mgrs: string | null;
      length_m: number;
      seconds: number;
      road_share: number;
      go_share: number;
      slow_go_share: number;
    }
  | { type: 'route'; movement: string; found: false; from_mgrs: string | null; to_mgrs: string | null; message: string }
  | { type: 'landing_zones'; aircraft_size: number; candidates: number; suitable: number; suitable_mgrs: string[] }
  | {
      type: 'viewshed';
      observer_mgrs: string | null;
      radius_m: number;
      visible_share: number;
      visible_area_km2: number;
    }
  | {
      type: 'rf_coverage';
      emitter: string | null;
      emitter_mgrs: string | null;
      radius_m: number;
      covered_share: number;
      max_range_m: number;
    }
  | {
      type: 'line_of_sight';
      observer_mgrs: string | null;
      target_mgrs: string | null;
      visible: boolean;
      ground_distance_m: number;
    };

/** A completed analysis of one of the operation's maps. */
export interface GroundingAnalysis {
  id: string;
  map_id: string;
  title: string;
  results: AnalysisKeyResults;
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
  /** Completed analyses of the operation's maps, newest first (absent: none). */
  analyses?: GroundingAnalysis[];
  /** The orders read from the operation's documents, newest document first (absent: none read). */
  orders?: OrderRecord[];
  /** The newest completed terrain evaluation of the operation's maps (absent or null: none). */
  terrain_evaluation?: TerrainEvaluationFacts | null;
  /** The corners of the first map's boundary (area of operations) in MGRS (absent or null: no boundary). */
  area_mgrs?: string[] | null;
  /** When the grounding was read (ISO-8601 UTC): the time plan starts here (absent: the drafter's now). */
  now?: string;
}

/** The inputs as the job's provenance records them. */
export function groundingInputs(grounding: Grounding, recordId: string) {
  return [
    { kind: 'operation', id: grounding.operation.id, version: String(grounding.operation.revision) },
    { kind: 'planning_record', id: recordId, version: String(grounding.record.version) },
    ...grounding.maps.map((m) => ({ kind: 'map', id: m.id, version: String(m.revision) })),
    ...grounding.maps.flatMap((m) =>
      m.finished_terrain_job_ids.map((id) => ({ kind: 'terrain_job', id, version: 'success' })),
    ),
    ...grounding.maps.flatMap((m) =>
      m.terrain_summary
        ? [{ kind: 'terrain_summary', id: m.terrain_summary.terrain_job_id, version: m.terrain_summary.version }]
        : [],
    ),
    ...(grounding.analyses ?? []).map((a) => ({ kind: 'analysis', id: a.id, version: 'success' })),
    ...grounding.documents.map((d) => ({ kind: 'document', id: d.id, version: `sha256:${d.sha256}` })),
    ...(grounding.orders ?? []).map((o) => ({
      kind: 'order',
      id: o.document_id,
      version: `order-record-v${o.record_version}`,
    })),
    ...(grounding.terrain_evaluation
      ? [{ kind: 'analysis', id: grounding.terrain_evaluation.analysis_id, version: 'success' }]
      : []),
  ];
}
