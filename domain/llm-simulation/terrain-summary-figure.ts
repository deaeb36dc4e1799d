// The figure of a map's terrain summary a wargame cites in every turn (the whole area's context):
// its area, elevation range, and the mobility classes per movement class (GO / SLOW-GO / NO-GO shares
// of the ground surface) with the road length. Pure.
import type { GroundingTerrainSummary } from '../generation/generation-grounding.ts';
import type { TerrainFigure } from './terrain-figure.ts';
import { formatQuantity } from '../shared/format-quantity.ts';
import { formatQuantityRange } from '../shared/format-quantity-range.ts';

const percent = (share: number | undefined) => formatQuantity(share ?? 0, 'share');
const MOVEMENTS = ['foot', 'wheeled', 'tracked'] as const;

export function terrainSummaryFigure(mapName: string, summary: GroundingTerrainSummary): TerrainFigure {
  const elevation = summary.elevation_m
    ? `, elevation ${formatQuantityRange(summary.elevation_m.min, summary.elevation_m.max, 'elevation')}`
    : '';
  const mobility = MOVEMENTS.filter((m) => summary.mobility_shares[m]).map((m) => {
    const s = summary.mobility_shares[m]!;
    return `${m} go ${percent(s.go)} / slow-go ${percent(s.slow_go)} / no-go ${percent(s.no_go)}`;
  });
  return {
    source_id: summary.terrain_job_id,
    type: 'terrain_summary',
    text:
      `Terrain of map "${mapName}": ${formatQuantity(summary.area_km2, 'area')}${elevation}; ` +
      `mobility ${mobility.join('; ')}; roads ${formatQuantity(summary.road_length_m.total, 'distance')}`,
  };
}
