// Parameters of the tools wired to workers, as stored in AnalysisRequested.parameters (the request
// schemas in api/analyses/ validate them; the range rules beyond a schema are check-analysis-parameters.ts).
import type { AnalysisType } from './analysis-vocabulary.ts';

export type LonLat = [number, number];

export interface SightPoint {
  /** [longitude, latitude], WGS 84. */
  position: LonLat;
  /** Height above the ground, metres. */
  height_m: number;
}

export interface LineOfSightParameters {
  observer: SightPoint;
  target: SightPoint;
  refraction_k: number;
}

export interface ViewshedParameters {
  observer: SightPoint;
  radius_m: number;
  /** Height above ground of what must be seen at every cell, metres. */
  target_height_m: number;
  refraction_k: number;
}

/** The emitter as the analysis uses it: the entity's position and properties when requested. */
export interface RfEmitterParameters {
  entity_id: string;
  name: string;
  position: LonLat;
  antenna_height_m: number;
  frequency_mhz: number;
  transmit_power_dbm: number;
  antenna_gain_dbi: number;
}

/** The receivers assumed in every cell: a receiver entity's properties, or given inline. */
export interface RfReceiverParameters {
  entity_id: string | null;
  antenna_height_m: number;
  antenna_gain_dbi: number;
  sensitivity_dbm: number;
}

export interface RfCoverageParameters {
  emitter: RfEmitterParameters;
  receiver: RfReceiverParameters;
  radius_m: number;
}

/** A landing-zone survey inside an area for a helicopter size class (FM 3-21.38). */
export interface LandingZonesParameters {
  /** GeoJSON Polygon, [lon, lat] rings, closed. */
  area: { type: 'Polygon'; coordinates: LonLat[][] };
  aircraft_size: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  /** Also pass 7–15° slopes (upslope landing or hover). */
  accept_upslope: boolean;
  max_candidates: number;
  /** Road constraint: at most this many ground metres from the centre to a road cell; null = none. */
  max_road_distance_m: number | null;
  /** Set when requested: the covering terrain job includes buildings, so footprints and heights are read. */
  building_data: boolean;
}

/** A quickest route for a movement class through waypoints, around areas to avoid. */
export interface RouteParameters {
  movement: 'foot' | 'wheeled' | 'tracked';
  /** Start, optional intermediate points, end: [lon, lat]. */
  waypoints: LonLat[];
  /** Named-area layers of the map to avoid, as they were when requested: polygons of [lon, lat] rings. */
  avoid: Array<{ layer_id: string; polygons: LonLat[][][] }>;
  /** Moves searched: 8 neighbours, or 16 (with the knight's moves: straighter paths, slower). */
  neighbourhood: 8 | 16;
}

/** A start or objective of a terrain evaluation: a point, a line or an area. */
export type PlaceGeometry =
  | { type: 'Point'; coordinates: LonLat }
  | { type: 'LineString'; coordinates: LonLat[] }
  | { type: 'Polygon'; coordinates: LonLat[][] };

/** Terrain evaluation (IPB step 2, the MCOO) of an area of operations for a force (domain/terrain-evaluation/). */
export interface TerrainEvaluationParameters {
  force: 'mounted_wheeled' | 'mounted_tracked' | 'dismounted';
  echelon: 'company' | 'battalion' | 'brigade';
  /** The area of operations: GeoJSON Polygon; its work tiles are the grid evaluated. */
  area: { type: 'Polygon'; coordinates: LonLat[][] };
  /** Both or neither: without them the avenues along the AO's long axis are evaluated both ways. */
  start: PlaceGeometry | null;
  objective: PlaceGeometry | null;
  /** The side of the AO the enemy holds: adds the enemy's avenues (from that side). */
  enemy_side: 'north' | 'south' | 'east' | 'west' | null;
  /** Overrides of the echelon width table, metres. */
  corridor_width_m: number | null;
  avenue_width_m: number | null;
}

export type AnalysisParameters =
  | LineOfSightParameters
  | ViewshedParameters
  | RfCoverageParameters
  | LandingZonesParameters
  | RouteParameters
  | TerrainEvaluationParameters;

/** Each tool's parameters by analysis type. A new tool adds its line here; AnalysisSpec then makes
 * every switch over the type handle it (or fail to compile). */
export interface AnalysisParametersOf {
  line_of_sight: LineOfSightParameters;
  viewshed: ViewshedParameters;
  route: RouteParameters;
  landing_zones: LandingZonesParameters;
  rf_coverage: RfCoverageParameters;
  terrain_evaluation: TerrainEvaluationParameters;
}

/** An analysis's type with its parameters: narrowing `analysis_type` narrows `parameters`. */
export type AnalysisSpec = {
  [T in AnalysisType]: { analysis_type: T; parameters: AnalysisParametersOf[T] };
}[AnalysisType];

/**
 * The spec an AnalysisRequested event records. The request was checked against its type's schema
 * and rules when it was made; the event schema keeps `parameters` open (events recorded before an
 * option existed still read), so this is where the recorded data is taken as its type's parameters.
 */
export function recordedAnalysisSpec(data: { analysis_type: AnalysisType; parameters: object }): AnalysisSpec {
  return { analysis_type: data.analysis_type, parameters: data.parameters } as AnalysisSpec;
}
