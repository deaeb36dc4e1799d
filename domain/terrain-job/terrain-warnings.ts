// AO sanity: warnings a client shows with a terrain job and its summary, so that a plan is not
// built unknowingly on invented terrain, on a lake, or on an area the sources do not cover.
// The rules (codes, thresholds, messages) live here; the decider records them as events and the
// summary builder copies the ones it can see into the terrain_summary product.
import type { DatasetName } from '../terrain/types.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

export const TERRAIN_WARNING_CODES = [
  'SYNTHETIC_SOURCE',
  'MOSTLY_WATER',
  'NO_ROADS',
  'OUTSIDE_SOURCE_COVERAGE',
  'PARTLY_OUTSIDE_SOURCE_COVERAGE',
] as const;
export type TerrainWarningCode = (typeof TERRAIN_WARNING_CODES)[number];

export interface TerrainWarning {
  code: TerrainWarningCode;
  message: string;
  /** The layer the warning is about; null for the area as a whole. */
  dataset: DatasetName | null;
  /** The figures behind the warning (shares are fractions 0..1, lengths metres, areas km²). */
  figures: Record<string, number>;
}

/** MOSTLY_WATER when more than this share of the area's classified ground is permanent water (WorldCover 80). */
export const MOSTLY_WATER_SHARE = 0.5;
/** ESA WorldCover "Permanent water bodies". */
const WATER_CLASS = '80';

/** The synthetic source's fingerprints are `synthetic:<dataset>:v<n>` (create-synthetic-provider.ts). */
export const isSyntheticFingerprint = (fingerprint: string) => fingerprint.startsWith('synthetic:');

/** One SYNTHETIC_SOURCE warning per requested dataset whose source is the synthetic one. */
export function syntheticSourceWarnings(
  sources: Record<string, { fingerprint: string } | undefined>,
  datasets: readonly DatasetName[],
): TerrainWarning[] {
  return datasets
    .filter((d) => sources[d] && isSyntheticFingerprint(sources[d]!.fingerprint))
    .map((dataset) => ({
      code: 'SYNTHETIC_SOURCE',
      dataset,
      figures: {},
      message: `${dataset} was prepared from synthetic data (generated, not a survey of the ground): do not plan on it`,
    }));
}

/** What the area-wide rules read from a terrain summary. */
export interface SummaryFigures {
  area_km2: number;
  /** Share (0..1) of the area's classified ground that is permanent water. */
  water_share: number;
  road_length_m: number;
}

export function summaryFigures(summary: {
  area_km2: number;
  land_cover_shares: Record<string, number>;
  road_length_m: { total: number };
}): SummaryFigures {
  return {
    area_km2: summary.area_km2,
    water_share: summary.land_cover_shares[WATER_CLASS] ?? 0,
    road_length_m: summary.road_length_m.total,
  };
}

const percent = (share: number) => formatQuantity(share, 'share');
const km2 = (area: number) => formatQuantity(area, 'area');

/** MOSTLY_WATER above MOSTLY_WATER_SHARE; NO_ROADS when no road lies inside the area. */
export function summaryWarnings(figures: SummaryFigures): TerrainWarning[] {
  const warnings: TerrainWarning[] = [];
  if (figures.water_share > MOSTLY_WATER_SHARE) {
    warnings.push({
      code: 'MOSTLY_WATER',
      dataset: 'land_cover',
      figures: { water_share: figures.water_share, threshold: MOSTLY_WATER_SHARE, area_km2: figures.area_km2 },
      message: `${percent(figures.water_share)} of the ${km2(figures.area_km2)} area is water (more than ${percent(MOSTLY_WATER_SHARE)}): check the area and the land-cover source`,
    });
  }
  if (figures.road_length_m === 0) {
    warnings.push({
      code: 'NO_ROADS',
      dataset: 'roads',
      figures: { road_length_m: 0, area_km2: figures.area_km2 },
      message: `no road inside the ${km2(figures.area_km2)} area: movement is cross-country only, or the roads source does not cover it`,
    });
  }
  return warnings;
}

/**
 * Coverage of one raw dataset: every work tile outside its source's coverage → OUTSIDE_SOURCE_COVERAGE,
 * some → PARTLY_OUTSIDE_SOURCE_COVERAGE, none → no warning.
 */
export function coverageWarnings(dataset: DatasetName, tilesOutside: number, tilesTotal: number): TerrainWarning[] {
  if (tilesOutside <= 0 || tilesTotal <= 0) return [];
  const figures = { tiles_outside: tilesOutside, tiles_total: tilesTotal, outside_share: tilesOutside / tilesTotal };
  if (tilesOutside >= tilesTotal) {
    return [
      {
        code: 'OUTSIDE_SOURCE_COVERAGE',
        dataset,
        figures: { ...figures, tiles_outside: tilesTotal, outside_share: 1 },
        message: `the area lies outside the coverage of the configured ${dataset} source (all ${tilesTotal} work tiles)`,
      },
    ];
  }
  return [
    {
      code: 'PARTLY_OUTSIDE_SOURCE_COVERAGE',
      dataset,
      figures,
      message: `${tilesOutside} of the area's ${tilesTotal} work tiles lie outside the coverage of the configured ${dataset} source`,
    },
  ];
}

/** Same warning (code and layer): a later one replaces it. */
export const sameWarning = (a: Pick<TerrainWarning, 'code' | 'dataset'>, b: Pick<TerrainWarning, 'code' | 'dataset'>) =>
  a.code === b.code && a.dataset === b.dataset;
