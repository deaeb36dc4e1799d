// One completed analysis as the sentence a draft or prompt quotes (positions by MGRS).
import type { AnalysisKeyResults } from './generation-grounding.ts';
import { kilometres, percent } from './describe-terrain-summary.ts';

const at = (mgrs: string | null) => mgrs ?? 'an unreferenced point';

/** Minutes, or hours and minutes: 3120 s → "52 min", 4500 s → "1 h 15 min". */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function describeAnalysis(r: AnalysisKeyResults): string {
  switch (r.type) {
    case 'route': {
      const leg = `Route (${r.movement}) from ${at(r.from_mgrs)} to ${at(r.to_mgrs)}`;
      return r.found
        ? `${leg}: ${kilometres(r.length_m)} in ${duration(r.seconds)} `
          + `(road ${percent(r.road_share)}, GO ${percent(r.go_share)}, SLOW-GO ${percent(r.slow_go_share)})`
        : `${leg}: no route found (${r.message})`;
    }
    case 'landing_zones':
      return `Landing-zone survey (aircraft size ${r.aircraft_size}): `
        + `${r.suitable} suitable of ${r.candidates} candidates`
        + (r.suitable_mgrs.length > 0 ? ` (${r.suitable_mgrs.join(', ')})` : '');
    case 'viewshed':
      return `Viewshed from ${at(r.observer_mgrs)} (radius ${r.radius_m} m): ${percent(r.visible_share)} visible `
        + `(${r.visible_area_km2} km²)`;
    case 'rf_coverage':
      return `RF coverage of ${r.emitter ?? 'an emitter'} at ${at(r.emitter_mgrs)} (radius ${r.radius_m} m): `
        + `${percent(r.covered_share)} covered, farthest reception ${kilometres(r.max_range_m)}`;
    case 'line_of_sight':
      return `Line of sight from ${at(r.observer_mgrs)} to ${at(r.target_mgrs)}: `
        + `${r.visible ? 'visible' : 'masked'} over ${kilometres(r.ground_distance_m)}`;
  }
}
