// The terrain_summary product of an area (JSON, snake_case like the rest of the interface).
// Shares are fractions of the area's ground surface (pixels weighted by their true area) among
// the pixels that have a value; every figure counts only what lies inside the area polygon.
import type { VehicleClass } from '../../../../domain/terrain/mobility-config.ts';
import type { RoadClass } from '../../sources/vector/road-class.ts';
import type { TerrainWarning } from '../../../../domain/terrain-job/terrain-warnings.ts';

export const SLOPE_BINS = ['0-5', '5-10', '10-15', '15-20', '20-30', '30-45', '>45'] as const;
export type SlopeBin = (typeof SLOPE_BINS)[number];
/** Upper bounds (degrees, exclusive) of SLOPE_BINS. */
export const SLOPE_BIN_LIMITS = [5, 10, 15, 20, 30, 45, Infinity];

export interface MobilityShares {
  go: number;
  slow_go: number;
  no_go: number;
  /** Share of the area where slope or land cover is unknown. */
  nodata: number;
}

export interface TerrainSummary {
  /** Ground area of the pixels whose centre is inside the polygon, km². */
  area_km2: number;
  elevation_m: { min: number; max: number; mean: number } | null;
  /** Area share per slope bin (degrees), among pixels with a slope. */
  slope_degrees_shares: Record<SlopeBin, number>;
  /** Area share per ESA WorldCover class code, among pixels with a class. */
  land_cover_shares: Record<string, number>;
  mobility_shares: Record<VehicleClass, MobilityShares>;
  /** Road length inside the polygon, metres, by class and in total. */
  road_length_m: { total: number; by_class: Partial<Record<RoadClass, number>> };
  /**
   * Waterway lines inside the polygon (metres, by OSM `waterway` class and in total), and the bridges,
   * fords and tunnels that cross water there (roads so tagged over a waterway or water, counted once
   * per way); null when the roads source has no waterways (README "Waterways and the river rule").
   */
  waterways: {
    length_m: { total: number; by_kind: Record<string, number> };
    bridges: number;
    fords: number;
    tunnels: number;
  } | null;
  /** Persons inside the polygon; null when population was not prepared. */
  population_total: number | null;
  /** Buildings whose footprint centre is inside the polygon; null when buildings were not prepared. */
  building_count: number | null;
  /**
   * AO sanity warnings seen from the summary's own inputs: SYNTHETIC_SOURCE per synthetic layer,
   * MOSTLY_WATER, NO_ROADS (domain/terrain-job/terrain-warnings.ts). Coverage warnings are the job's.
   */
  warnings: TerrainWarning[];
}
