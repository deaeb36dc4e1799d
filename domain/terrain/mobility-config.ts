// Cross-country mobility classes and their default rules per vehicle class.
//
// Codes follow the GO / SLOW-GO / NO-GO classification of US Army terrain analysis doctrine
// (FM 5-33 "Terrain Analysis", 1990, ch. on cross-country movement; ATP 2-01.3 "Intelligence
// Preparation of the Battlefield", 2019, "unrestricted / restricted / severely restricted terrain"):
// GO = movement unhindered, SLOW-GO = hindered (reduced speed, formations broken),
// NO-GO = impassable without engineer effort.
//
// Where the default numbers come from (engineering defaults, to be tuned per force and season;
// they were NOT checked line by line against the manuals' tables in this code's review):
// - Slope boundaries are percent grade (rise/run x 100), the unit of the manuals' slope overlays,
//   placed on the FM 5-33 surface-configuration slope categories (0-3, 3-10, 10-20, 20-30, 30-45,
//   >45 %). Wheeled vehicles (trucks, HMMWV-class) lose traction and side-slope stability first:
//   GO below 20 %, NO-GO from 30 %. Tracked vehicles (MBT/IFV, rated for a 60 % longitudinal grade
//   on dry firm ground, far less across the slope or on soft soil): GO below 30 %, NO-GO from 45 %.
//   Dismounted troops: GO below 30 %, SLOW-GO up to 100 % (45°), beyond which movement is climbing.
// - Land cover uses ESA WorldCover 2020/2021 class codes (10..100). Water is NO-GO for all (bridges
//   come from the roads mask). Herbaceous wetland and mangroves are NO-GO for wheeled vehicles, and
//   wetland/mangrove NO-GO for tracked as well (marshes carry tracks only when frozen). WorldCover
//   "tree cover" starts at 10 % canopy and cannot tell open woodland from dense forest, so it is
//   NO-GO for wheeled (stem spacing), SLOW-GO for tracked and GO on foot. Built-up areas are SLOW-GO
//   for vehicles off the road net (walls, rubble, narrow streets), GO on foot.
// - A road pixel is GO for every class: roads are engineered for their traffic, and at 38 m pixels
//   the DEM slope on a road pixel measures the hillside, not the road grade.
// - The final class of a pixel is the most restrictive of its slope class and land-cover class.

export const MOBILITY_GO = 0;
export const MOBILITY_SLOW_GO = 1;
export const MOBILITY_NO_GO = 2;
export const MOBILITY_NODATA = 255;

export type MobilityClass = typeof MOBILITY_GO | typeof MOBILITY_SLOW_GO | typeof MOBILITY_NO_GO;
export type VehicleClass = 'foot' | 'wheeled' | 'tracked';
export const VEHICLE_CLASSES: readonly VehicleClass[] = ['foot', 'wheeled', 'tracked'];

/** ESA WorldCover class codes (https://esa-worldcover.org, product user manual v2). */
export const WORLDCOVER = {
  treeCover: 10,
  shrubland: 20,
  grassland: 30,
  cropland: 40,
  builtUp: 50,
  bareSparseVegetation: 60,
  snowAndIce: 70,
  permanentWater: 80,
  herbaceousWetland: 90,
  mangroves: 95,
  mossAndLichen: 100,
} as const;

export interface VehicleMobilityRules {
  /** Slopes below this grade (percent) are GO. */
  goBelowSlopePercent: number;
  /** Slopes from goBelowSlopePercent up to below this grade are SLOW-GO; steeper is NO-GO. */
  slowGoBelowSlopePercent: number;
  /** Class per land-cover code; a code missing here makes the pixel nodata (unknown surface). */
  landCover: Readonly<Record<number, MobilityClass>>;
  /** Road pixels (roads mask non-zero) are GO whatever the slope and land cover. */
  roadsAreGo: boolean;
}

export type MobilityConfig = Readonly<Record<VehicleClass, VehicleMobilityRules>>;

const G = MOBILITY_GO;
const S = MOBILITY_SLOW_GO;
const N = MOBILITY_NO_GO;
const W = WORLDCOVER;

export const DEFAULT_MOBILITY_CONFIG: MobilityConfig = {
  foot: {
    goBelowSlopePercent: 30,
    slowGoBelowSlopePercent: 100,
    landCover: {
      [W.treeCover]: G,
      [W.shrubland]: G,
      [W.grassland]: G,
      [W.cropland]: G,
      [W.builtUp]: G,
      [W.bareSparseVegetation]: G,
      [W.snowAndIce]: S,
      [W.permanentWater]: N,
      [W.herbaceousWetland]: S,
      [W.mangroves]: S,
      [W.mossAndLichen]: G,
    },
    roadsAreGo: true,
  },
  wheeled: {
    goBelowSlopePercent: 20,
    slowGoBelowSlopePercent: 30,
    landCover: {
      [W.treeCover]: N,
      [W.shrubland]: S,
      [W.grassland]: G,
      [W.cropland]: G,
      [W.builtUp]: S,
      [W.bareSparseVegetation]: G,
      [W.snowAndIce]: N,
      [W.permanentWater]: N,
      [W.herbaceousWetland]: N,
      [W.mangroves]: N,
      [W.mossAndLichen]: S,
    },
    roadsAreGo: true,
  },
  tracked: {
    goBelowSlopePercent: 30,
    slowGoBelowSlopePercent: 45,
    landCover: {
      [W.treeCover]: S,
      [W.shrubland]: G,
      [W.grassland]: G,
      [W.cropland]: G,
      [W.builtUp]: S,
      [W.bareSparseVegetation]: G,
      [W.snowAndIce]: S,
      [W.permanentWater]: N,
      [W.herbaceousWetland]: N,
      [W.mangroves]: N,
      [W.mossAndLichen]: G,
    },
    roadsAreGo: true,
  },
};
