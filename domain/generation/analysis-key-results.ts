// The figures of a completed analysis that a draft is grounded in, picked from its stored result
// (domain/analysis-job/*-result.ts): what a staff officer quotes (a route's length and time, how many
// landing zones are suitable, the share of ground seen or covered), not profiles, rasters or rings.
import type { AnalysisKeyResults } from './generation-grounding.ts';

/** Suitable landing zones named by MGRS at most (a survey keeps up to its max_candidates). */
export const MAX_NAMED_LANDING_ZONES = 5;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored results are JSON read defensively field by field
type Result = Record<string, any>;
const mgrsOf = (point: Result | undefined): string | null => (typeof point?.mgrs === 'string' ? point.mgrs : null);

/** The key results of an analysis of `type` from its result; null for a type or result it does not know. */
export function analysisKeyResults(type: string, result: Result | null): AnalysisKeyResults | null {
  if (!result) return null;
  switch (type) {
    case 'route': {
      const waypoints: Result[] = Array.isArray(result.waypoints) ? result.waypoints : [];
      const ends = { from_mgrs: mgrsOf(waypoints[0]), to_mgrs: mgrsOf(waypoints.at(-1)) };
      if (result.found !== true) {
        const message = String(result.message ?? '');
        return { type, movement: String(result.movement), found: false, ...ends, message };
      }
      const share = result.share_by_class ?? {};
      return {
        type,
        movement: String(result.movement),
        found: true,
        ...ends,
        length_m: result.length_m,
        seconds: result.seconds,
        road_share: share.road ?? 0,
        go_share: share.go ?? 0,
        slow_go_share: share.slow_go ?? 0,
      };
    }
    case 'landing_zones': {
      const zones: Result[] = Array.isArray(result.zones) ? result.zones : [];
      return {
        type,
        aircraft_size: result.aircraft_size,
        candidates: result.candidates,
        suitable: result.suitable,
        suitable_mgrs: zones
          .filter((z) => z.suitable === true)
          .map((z) => mgrsOf(z.center))
          .filter((m): m is string => m !== null)
          .slice(0, MAX_NAMED_LANDING_ZONES),
      };
    }
    case 'viewshed':
      return {
        type,
        observer_mgrs: mgrsOf(result.observer),
        radius_m: result.radius_m,
        visible_share: result.visible_share,
        visible_area_km2: result.visible_area_km2,
      };
    case 'rf_coverage':
      return {
        type,
        emitter: typeof result.emitter?.name === 'string' ? result.emitter.name : null,
        emitter_mgrs: mgrsOf(result.emitter),
        radius_m: result.radius_m,
        covered_share: result.statistics?.covered_share ?? 0,
        max_range_m: result.statistics?.max_range_m ?? 0,
      };
    case 'line_of_sight':
      return {
        type,
        observer_mgrs: mgrsOf(result.observer),
        target_mgrs: mgrsOf(result.target),
        visible: result.visible === true,
        ground_distance_m: result.ground_distance_m,
      };
    default:
      return null;
  }
}
