// Shared vocabulary of the terrain-analysis algorithms: rasters with true ground cell sizes and grid
// cells. Pure types only; each algorithm lives in its own module beside this file.

/**
 * A north-up raster, row-major from the north-west corner, NaN = nodata. `cellWidth` and
 * `cellHeight` are the GROUND size of a cell in metres (a Web Mercator work pixel of 38.2 m is
 * 38.2·cos(latitude) m on the ground: callers convert before calling, results are in metres).
 */
export interface GroundRaster {
  width: number;
  height: number;
  data: Float32Array | Float64Array;
  cellWidth: number;
  cellHeight: number;
}

/** A cell of a raster by column (from the west) and row (from the north), zero-based. */
export interface GridCell {
  col: number;
  row: number;
}

/** 8 = the king's moves; 16 = also the knight's moves (GRASS r.cost -k). */
export type Neighbourhood = 8 | 16;

/** Observer and target heights above the ground, and the curvature model. */
export interface SightOptions {
  /** Eye or antenna height above the DEM at the observer cell, metres (≥ 0). */
  observerHeight: number;
  /** Height above the DEM of what must be seen at the target, metres (0 = the ground itself). */
  targetHeight?: number;
  /** Refraction coefficient k of the effective earth radius k·R (4/3 standard; Infinity = flat earth). */
  refraction?: number;
  /** Earth radius R, metres (WGS 84 semi-major axis by default, as gdal_viewshed). */
  earthRadius?: number;
}
