// What mission analysis is drafted from (ATP 5-0.2-1 ch. 2): the higher headquarters' order as the
// order reader recorded it (domain/orders/order-record.ts), the terrain evaluation's result
// (domain/terrain-evaluation/evaluate-terrain.ts), the operation's unit and the time now. Every
// product is a list of lines and items, each citing the order element, the result or the rule it
// came from; a product without facts is one line naming the missing input.
import type { ItemCitation } from '../planning-record/planning-items.ts';
import type { OrderRecord, Source } from '../orders/order-record.ts';

export interface MissionAnalysisUnit {
  name: string;
  echelon: string;
  branch: string;
}

export interface PlaceResult {
  mgrs: string | null;
  elevation_m?: number;
}

/** The parts of a terrain evaluation's stored result mission analysis reads. */
export interface TerrainEvaluationResult {
  force: string;
  echelon: string;
  directions: Array<{
    name: string;
    corridors: Array<{
      id: string;
      avenue: string;
      width_required_m: number;
      min_width_m: number;
      length_m: number;
      open: boolean;
      chokepoint: PlaceResult & { width_m: number };
      crossings: PlaceResult[];
    }>;
    avenues: Array<{
      id: string;
      rank: number;
      length_m: number;
      seconds: number;
      corridors: string[];
      start: PlaceResult;
      objective: PlaceResult;
      cover_share: number;
    }>;
    key_terrain: Array<{ id: string; rank: number; kind: string; mgrs: string | null; reason: string }>;
  }>;
  oakoc: {
    observation_and_fields_of_fire: {
      dominating_heights: Array<PlaceResult & { prominence_m: number; largest_share_of_an_axis_seen: number }>;
    };
    obstacles: {
      share_unrestricted: number;
      share_restricted: number;
      share_severely_restricted: number;
      waterways: number;
      crossing_sites_used: number;
      steep_break_km2: number;
    };
    cover_and_concealment: { forest_share: number; built_up_share: number };
  };
}

/** A polygon ring set in [lon, lat]. */
export type LonLatPolygon = Array<Array<[number, number]>>;

export interface TerrainEvaluationFacts {
  analysis_id: string;
  map_name: string;
  result: TerrainEvaluationResult;
  /** Built-up areas of the evaluation's obstacle layer (cause built_up), when read. */
  built_up_areas?: LonLatPolygon[];
}

export interface MissionAnalysisFacts {
  unit: MissionAnalysisUnit;
  operation_name: string;
  /** The higher headquarters' order (null: none attached or none recognised). */
  order: OrderRecord | null;
  /** The newest terrain evaluation of the operation's maps (null: none). */
  terrain: TerrainEvaluationFacts | null;
  /** The area of operations' corners in MGRS (from the map's boundary), when known. */
  area_mgrs?: string[] | null;
  /** Now, ISO-8601 UTC: where the time plan starts. */
  now: string;
}

export interface ProductLine {
  text: string;
  cites: ItemCitation[];
}

export interface ProductItem {
  text: string;
  kind?: string;
  cites: ItemCitation[];
  fields?: Record<string, string | number | null>;
}

export interface Product {
  lines: ProductLine[];
  items: ProductItem[];
}

/** Citation of an order element by its path in the record and its source. */
export function orderCite(ref: string, source: Source): ItemCitation {
  return {
    kind: 'order',
    ref,
    document_id: source.document_id,
    page: source.page,
    start: source.start,
    end: source.end,
  };
}

export function terrainCite(terrain: TerrainEvaluationFacts, ref: string): ItemCitation {
  return { kind: 'terrain_evaluation', ref, analysis_id: terrain.analysis_id };
}

export const ruleCite = (rule: string): ItemCitation => ({ kind: 'rule', ref: rule });

export const line = (text: string, cites: ItemCitation[]): ProductLine => ({ text, cites });

/** The one line of a product whose input is missing. */
export const MISSING = {
  order: "No higher headquarters' order attached (or none recognised in the operation's documents).",
  terrain: 'No terrain evaluation of the area of operations (run a terrain_evaluation analysis on the map).',
} as const;

export const missing = (what: string): Product => ({ lines: [line(what, [])], items: [] });

export const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;
export const km = (metres: number) => `${Math.round(metres / 100) / 10} km`;
