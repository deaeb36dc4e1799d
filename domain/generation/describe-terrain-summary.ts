// A map's terrain summary as the short labelled figures drafts and prompts quote: percentages to one
// decimal, lengths in km, elevations in whole metres, land cover by WorldCover class name, largest first.
import { WORLDCOVER_CLASS_NAMES } from '../terrain/worldcover-class-names.ts';
import type { GroundingTerrainSummary } from './generation-grounding.ts';

export interface TerrainFigures {
  area: string;
  elevation: string;
  slope: string;
  landCover: string;
  /** GO / SLOW-GO / NO-GO per vehicle class. */
  mobility: string;
  roads: string;
  /** Null when population or buildings were not prepared. */
  population: string | null;
  buildings: string | null;
}

export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
export const kilometres = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

/** Entries with a share above zero, largest first (ties in their stored order). */
const nonZeroByShare = (shares: Record<string, number | undefined>) => Object.entries(shares)
  .filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0)
  .sort((a, b) => b[1] - a[1]);

export function describeTerrainSummary(s: GroundingTerrainSummary): TerrainFigures {
  const e = s.elevation_m;
  const slope = Object.entries(s.slope_degrees_shares).filter(([, share]) => share > 0)
    .map(([bin, share]) => `${bin}° ${percent(share)}`);
  const cover = nonZeroByShare(s.land_cover_shares)
    .map(([code, share]) => `${WORLDCOVER_CLASS_NAMES[Number(code)] ?? `class ${code}`} ${percent(share)}`);
  const mobility = Object.entries(s.mobility_shares).map(([vehicle, m]) =>
    `${vehicle} GO ${percent(m.go)} / SLOW-GO ${percent(m.slow_go)} / NO-GO ${percent(m.no_go)}`
    + (m.nodata > 0 ? ` (no data ${percent(m.nodata)})` : ''));
  const roadClasses = nonZeroByShare(s.road_length_m.by_class).map(([road, metres]) => `${road} ${kilometres(metres)}`);
  return {
    area: `${s.area_km2.toFixed(2)} km²`,
    elevation: e ? `${Math.round(e.min)}–${Math.round(e.max)} m (mean ${Math.round(e.mean)} m)` : 'no data',
    slope: slope.length > 0 ? slope.join(', ') : 'no data',
    landCover: cover.length > 0 ? cover.join(', ') : 'no data',
    mobility: mobility.join('; '),
    roads: s.road_length_m.total > 0
      ? `${kilometres(s.road_length_m.total)} (${roadClasses.join(', ')})` : 'none mapped',
    population: s.population_total === null ? null : `about ${Math.round(s.population_total)} persons`,
    buildings: s.building_count === null ? null : `${s.building_count} buildings`,
  };
}
