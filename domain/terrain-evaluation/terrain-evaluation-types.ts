// Shared vocabulary of the terrain evaluation (IPB step 2, "describe environmental effects": the
// modified combined obstacle overlay, mobility corridors, avenues of approach, key terrain, OAKOC).
// Pure types and constants only; each algorithm lives in its own module beside this file.
// Doctrine: ../shared/reference/ipb-and-coa-facts.md §1–§4 (cited there with sources).

/** The moving force (issue 23): mapped onto the mobility rasters' vehicle classes by forceVehicleClass. */
export const FORCES = ['mounted_wheeled', 'mounted_tracked', 'dismounted'] as const;
export type Force = (typeof FORCES)[number];

/** Echelons from the smallest; corridors are two below the force, avenues one below (echelon-table.ts). */
export const ECHELONS = ['squad', 'platoon', 'company', 'battalion', 'brigade', 'division'] as const;
export type Echelon = (typeof ECHELONS)[number];
/** Echelons a terrain evaluation may be asked for (the three). */
export const FORCE_ECHELONS = ['company', 'battalion', 'brigade'] as const satisfies readonly Echelon[];
export type ForceEchelon = (typeof FORCE_ECHELONS)[number];

/**
 * Doctrine's three terrain classes for a force (ATP 5-0.2-1 para 2-253 [S1]; FM 34-130 ch. 2):
 * codes of the obstacle-class raster.
 */
export const UNRESTRICTED = 0;
export const RESTRICTED = 1;
export const SEVERELY_RESTRICTED = 2;
export type TerrainClass = typeof UNRESTRICTED | typeof RESTRICTED | typeof SEVERELY_RESTRICTED;
export const TERRAIN_CLASS_NAMES = ['unrestricted', 'restricted', 'severely_restricted'] as const;
export type TerrainClassName = (typeof TERRAIN_CLASS_NAMES)[number];

/** A cell by column (from the west) and row (from the north), zero-based. */
export interface Cell {
  col: number;
  row: number;
}

/** [lon, lat] of fractional pixel coordinates (x = columns from the west edge, y = rows from the north). */
export type PixelToLonLat = (x: number, y: number) => [number, number];
