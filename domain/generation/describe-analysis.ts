// One completed analysis as the sentence a draft or prompt quotes (positions by MGRS).
import type { AnalysisKeyResults } from './generation-grounding.ts';
import { distance, percent } from './describe-terrain-summary.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

const at = (mgrs: string | null) => mgrs ?? 'an unreferenced point';
const duration = (seconds: number) => formatQuantity(seconds, 'duration');

export function describeAnalysis(r: AnalysisKeyResults): string {
  switch (r.type) {
    case 'route': {
      const leg = `Route (${r.movement}) from ${at(r.from_mgrs)} to ${at(r.to_mgrs)}`;
      return r.found
        ? `${leg}: ${distance(r.length_m)} in ${duration(r.seconds)} ` +
            `(road ${percent(r.road_share)}, GO ${percent(r.go_share)}, SLOW-GO ${percent(r.slow_go_share)})`
        : `${leg}: no route found (${r.message})`;
    }
    case 'landing_zones':
      return (
        `Landing-zone survey (aircraft size ${r.aircraft_size}): ` +
        `${r.suitable} suitable of ${r.candidates} candidates` +
        (r.suitable_mgrs.length > 0 ? ` (${r.suitable_mgrs.join(', ')})` : '')
      );
    case 'viewshed':
      return (
        `Viewshed from ${at(r.observer_mgrs)} (radius ${distance(r.radius_m)}): ` +
        `${percent(r.visible_share)} visible ` +
        `(${formatQuantity(r.visible_area_km2, 'area')})`
      );
    case 'rf_coverage':
      return (
        `RF coverage of ${r.emitter ?? 'an emitter'} at ${at(r.emitter_mgrs)} (radius ${distance(r.radius_m)}): ` +
        `${percent(r.covered_share)} covered, farthest reception ${distance(r.max_range_m)}`
      );
    case 'line_of_sight':
      return (
        `Line of sight from ${at(r.observer_mgrs)} to ${at(r.target_mgrs)}: ` +
        `${r.visible ? 'visible' : 'masked'} over ${distance(r.ground_distance_m)}`
      );
  }
}
