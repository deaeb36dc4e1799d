// The figures of one completed analysis a wargame cites: route time, distance and mobility classes
// along it, line-of-sight visibility, viewshed visible fraction, landing-zone counts, RF coverage
// fraction. Numbers as domain/shared/format-quantity.ts writes them for people. Pure.
import type { CompletedAnalysis, TerrainFigure } from './terrain-figure.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

const distance = (value: unknown) => formatQuantity(Number(value), 'distance');
const elevation = (value: unknown) => formatQuantity(Number(value), 'elevation');
const percent = (share: unknown) => formatQuantity(Number(share), 'share');
const duration = (seconds: unknown) => formatQuantity(Number(seconds), 'duration');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored results are JSON read defensively field by field
type Result = Record<string, any>;

const FIGURE_TEXT: Record<CompletedAnalysis['analysis_type'], (title: string, r: Result) => string> = {
  route: (title, r) =>
    r.found
      ? `Route "${title}" (${r.movement}): ${distance(r.length_m)} in ${duration(r.seconds)}; ` +
        `road ${percent(r.share_by_class?.road)}, go ${percent(r.share_by_class?.go)}, ` +
        `slow-go ${percent(r.share_by_class?.slow_go)}; ascent ${elevation(r.ascent_m)}`
      : `Route "${title}" (${r.movement}): no route found (${r.reason})`,
  line_of_sight: (title, r) =>
    `Line of sight "${title}": target ${r.visible ? 'visible' : 'not visible'} over ${distance(r.ground_distance_m)}`,
  viewshed: (title, r) =>
    `Viewshed "${title}" from ${r.observer?.mgrs}: ${percent(r.visible_share)} visible within ${distance(r.radius_m)} ` +
    `(${formatQuantity(Number(r.visible_area_km2), 'area')})`,
  landing_zones: (title, r) =>
    `Landing zones "${title}" (size ${r.aircraft_size}): ${r.suitable} suitable of ${r.candidates} candidates`,
  rf_coverage: (title, r) =>
    `RF coverage "${title}" (${r.emitter?.name}, ${r.emitter?.frequency_mhz} MHz): ` +
    `${percent(r.statistics?.covered_share)} covered within ${distance(r.radius_m)}, ` +
    `farthest reception ${distance(r.statistics?.max_range_m)}`,
  terrain_evaluation: (title, r) => {
    const first = r.directions?.[0];
    const lead = first?.avenues?.[0];
    return (
      `Terrain evaluation "${title}" (${r.force}, ${r.echelon}): ${first?.avenues?.length ?? 0} avenue(s) ${first?.name ?? ''}` +
      (lead ? `, best ${lead.id} ${distance(lead.length_m)} in ${duration(lead.seconds)}` : '') +
      `; ${first?.key_terrain?.length ?? 0} key terrain candidate(s)`
    );
  },
};

export function analysisFigure(analysis: CompletedAnalysis): TerrainFigure {
  return {
    source_id: analysis.analysis_id,
    type: analysis.analysis_type,
    text: FIGURE_TEXT[analysis.analysis_type](analysis.title, analysis.result),
  };
}
