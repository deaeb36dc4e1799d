// The vocabulary of analyses: tool types, statuses and the limits of one request. Declared once
// here; request schemas, events, rows and README derive from it.
export const ANALYSIS_TYPES = [
  'line_of_sight',
  'viewshed',
  'route',
  'landing_zones',
  'rf_coverage',
  'terrain_evaluation',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Tools wired to a worker (all of them; the list lets a new tool be declared before it runs). */
export const AVAILABLE_ANALYSIS_TYPES = [
  'line_of_sight',
  'viewshed',
  'rf_coverage',
  'landing_zones',
  'route',
  'terrain_evaluation',
] as const satisfies readonly AnalysisType[];
export type AvailableAnalysisType = (typeof AVAILABLE_ANALYSIS_TYPES)[number];

/**
 * pending: accepted, not yet queued; waiting: a dependency is still being prepared by a terrain job;
 * queued / running: with the workers; success, failed, cancelled: terminal.
 */
export const ANALYSIS_STATUSES = ['pending', 'waiting', 'queued', 'running', 'success', 'failed', 'cancelled'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export const TERMINAL_ANALYSIS_STATUSES: readonly AnalysisStatus[] = ['success', 'failed', 'cancelled'];
export const isTerminalAnalysis = (status: AnalysisStatus) => TERMINAL_ANALYSIS_STATUSES.includes(status);

/** Map layer type each tool's result becomes (domain/map/map-layer-vocabulary.ts). */
export const RESULT_LAYER_TYPES = {
  line_of_sight: 'line_of_sight',
  viewshed: 'viewshed',
  route: 'route',
  landing_zones: 'landing_zone',
  rf_coverage: 'rf_coverage',
  // The avenues; its obstacles, corridors and key terrain are layers of their own (TERRAIN_EVALUATION_LAYER_TYPES).
  terrain_evaluation: 'avenue_of_approach',
} as const satisfies Record<AnalysisType, string>;

/**
 * Largest footprint of one analysis, in zoom-12 work tiles (each 256 × 256 pixels of 38.2·cos(lat)
 * m): 64 tiles is an 8 × 8 mosaic, 2048² cells, about 55 km across at mid latitudes (a 20 km RF
 * radius fits up to about 50° N). It bounds the elevation a worker reads (16 MB of float32) and the
 * memory of one result raster.
 */
export const MAX_ANALYSIS_WORK_TILES = 64;
/**
 * A terrain evaluation's footprint may be larger: issue 23 asks for 2,500 km² areas, whose 50 km
 * square spans 8–9 work tiles a side at 45–50° N (81 tiles, 5.3 M cells, about 0.6 GB of rasters).
 */
export const MAX_TERRAIN_EVALUATION_WORK_TILES = 100;

/** Heights above ground accepted for observers, targets and antennas, metres. */
export const MAX_HEIGHT_ABOVE_GROUND_M = 500;
/** Longest viewshed radius, metres (its footprint must also fit MAX_ANALYSIS_WORK_TILES). */
export const MAX_VIEWSHED_RADIUS_M = 15_000;
/** Longest line of sight, metres (its footprint must also fit MAX_ANALYSIS_WORK_TILES). */
export const MAX_LINE_OF_SIGHT_M = 30_000;
/** Ground margin around a route's waypoints that its search may use, metres (detours beyond it are not found). */
export const ROUTE_MARGIN_M = 2_000;
/** At most this many waypoints (start, intermediate points, end). */
export const MAX_ROUTE_WAYPOINTS = 10;
/** Largest road constraint of a landing-zone survey, ground metres. */
export const MAX_LANDING_ROAD_DISTANCE_M = 5000;
/** Longest RF coverage radius, metres (its footprint must also fit MAX_ANALYSIS_WORK_TILES). */
export const MAX_RF_RADIUS_M = 20_000;
/** Standard atmospheric refraction: effective earth radius k·R with k = 4/3. */
export const DEFAULT_REFRACTION_K = 4 / 3;
