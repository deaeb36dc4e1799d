// A map's terrain summary as the short labelled figures drafts and prompts quote, every number as
// domain/shared/format-quantity.ts writes it for people; land cover by WorldCover class name, largest first.
import { WORLDCOVER_CLASS_NAMES } from '../terrain/worldcover-class-names.ts';
import { formatQuantity } from '../shared/format-quantity.ts';
import { formatQuantityRange } from '../shared/format-quantity-range.ts';
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
  /** The summary's data warnings (synthetic layers, mostly water, no roads); absent when none. */
  warnings?: string;
}

export const percent = (share: number) => formatQuantity(share, 'share');
export const distance = (metres: number) => formatQuantity(metres, 'distance');

/** Entries with a share above zero, largest first (ties in their stored order). */
const nonZeroByShare = (shares: Record<string, number | undefined>) =>
  Object.entries(shares)
    .filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0)
    .sort((a, b) => b[1] - a[1]);

export function describeTerrainSummary(s: GroundingTerrainSummary): TerrainFigures {
  const e = s.elevation_m;
  const slope = Object.entries(s.slope_degrees_shares)
    .filter(([, share]) => share > 0)
    .map(([bin, share]) => `${bin}° ${percent(share)}`);
  const cover = nonZeroByShare(s.land_cover_shares).map(
    ([code, share]) => `${WORLDCOVER_CLASS_NAMES[Number(code)] ?? `class ${code}`} ${percent(share)}`,
  );
  const mobility = Object.entries(s.mobility_shares).map(
    ([vehicle, m]) =>
      `${vehicle} GO ${percent(m.go)} / SLOW-GO ${percent(m.slow_go)} / NO-GO ${percent(m.no_go)}` +
      (m.nodata > 0 ? ` (no data ${percent(m.nodata)})` : ''),
  );
  const roadClasses = nonZeroByShare(s.road_length_m.by_class).map(([road, metres]) => `${road} ${distance(metres)}`);
  return {
    area: formatQuantity(s.area_km2, 'area'),
    elevation: e
      ? `${formatQuantityRange(e.min, e.max, 'elevation')} (mean ${formatQuantity(e.mean, 'elevation')})`
      : 'no data',
    slope: slope.length > 0 ? slope.join(', ') : 'no data',
    landCover: cover.length > 0 ? cover.join(', ') : 'no data',
    mobility: mobility.join('; '),
    roads: s.road_length_m.total > 0 ? `${distance(s.road_length_m.total)} (${roadClasses.join(', ')})` : 'none mapped',
    population: s.population_total === null ? null : `about ${formatQuantity(s.population_total, 'count')} persons`,
    buildings: s.building_count === null ? null : `${formatQuantity(s.building_count, 'count')} buildings`,
    ...(s.warnings && s.warnings.length > 0 ? { warnings: s.warnings.map((w) => w.message).join('; ') } : {}),
  };
}
