// The figures of one completed analysis a wargame cites: route time, distance and mobility classes
// along it, line-of-sight visibility, viewshed visible fraction, landing-zone counts, RF coverage
// fraction. Numbers are rounded for reading (metres to 1 m, minutes and percentages to 0.1). Pure.
import type { CompletedAnalysis, TerrainFigure } from './terrain-figure.ts';

const metres = (value: unknown) => `${Math.round(Number(value)).toLocaleString('en-US')} m`;
const percent = (share: unknown) => `${(Number(share) * 100).toFixed(1)}%`;
const minutes = (seconds: unknown) => `${(Number(seconds) / 60).toFixed(1)} min`;

type Result = Record<string, any>;

const FIGURE_TEXT: Record<CompletedAnalysis['analysis_type'], (title: string, r: Result) => string> = {
  route: (title, r) => (r.found
    ? `Route "${title}" (${r.movement}): ${metres(r.length_m)} in ${minutes(r.seconds)}; `
      + `road ${percent(r.share_by_class?.road)}, go ${percent(r.share_by_class?.go)}, `
      + `slow-go ${percent(r.share_by_class?.slow_go)}; ascent ${metres(r.ascent_m)}`
    : `Route "${title}" (${r.movement}): no route found (${r.reason})`),
  line_of_sight: (title, r) =>
    `Line of sight "${title}": target ${r.visible ? 'visible' : 'not visible'} over ${metres(r.ground_distance_m)}`,
  viewshed: (title, r) =>
    `Viewshed "${title}" from ${r.observer?.mgrs}: ${percent(r.visible_share)} visible within ${metres(r.radius_m)} `
    + `(${Number(r.visible_area_km2).toFixed(2)} km²)`,
  landing_zones: (title, r) =>
    `Landing zones "${title}" (size ${r.aircraft_size}): ${r.suitable} suitable of ${r.candidates} candidates`,
  rf_coverage: (title, r) =>
    `RF coverage "${title}" (${r.emitter?.name}, ${r.emitter?.frequency_mhz} MHz): `
    + `${percent(r.statistics?.covered_share)} covered within ${metres(r.radius_m)}, `
    + `farthest reception ${metres(r.statistics?.max_range_m)}`,
};

export function analysisFigure(analysis: CompletedAnalysis): TerrainFigure {
  return {
    source_id: analysis.analysis_id,
    type: analysis.analysis_type,
    text: FIGURE_TEXT[analysis.analysis_type](analysis.title, analysis.result),
  };
}
