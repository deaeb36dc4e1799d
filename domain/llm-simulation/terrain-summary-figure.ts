// The figure of a map's terrain summary a wargame cites in every turn (the whole area's context):
// its area, elevation range, and the mobility classes per movement class (GO / SLOW-GO / NO-GO shares
// of the ground surface) with the road length. Pure.
import type { GroundingTerrainSummary } from '../generation/generation-grounding.ts';
import type { TerrainFigure } from './terrain-figure.ts';

const percent = (share: number | undefined) => `${((share ?? 0) * 100).toFixed(1)}%`;
const MOVEMENTS = ['foot', 'wheeled', 'tracked'] as const;

export function terrainSummaryFigure(mapName: string, summary: GroundingTerrainSummary): TerrainFigure {
  const elevation = summary.elevation_m
    ? `, elevation ${Math.round(summary.elevation_m.min)}–${Math.round(summary.elevation_m.max)} m` : '';
  const mobility = MOVEMENTS.filter((m) => summary.mobility_shares[m]).map((m) => {
    const s = summary.mobility_shares[m]!;
    return `${m} go ${percent(s.go)} / slow-go ${percent(s.slow_go)} / no-go ${percent(s.no_go)}`;
  });
  return {
    source_id: summary.terrain_job_id,
    type: 'terrain_summary',
    text: `Terrain of map "${mapName}": ${summary.area_km2.toFixed(2)} km²${elevation}; `
      + `mobility ${mobility.join('; ')}; roads ${(summary.road_length_m.total / 1000).toFixed(1)} km`,
  };
}
