import { MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_SLOW_GO } from '../terrain/mobility-config.ts';
import type { GradeModel, TravelModel } from './travel-models.ts';

/** Rasters of the work grid (same width × height, row-major from the north-west) a route is costed on. */
export interface RouteRasters {
  width: number;
  height: number;
  /** Ground size of a cell, metres (Mercator size × cos(latitude)). */
  cellWidth: number;
  cellHeight: number;
  /** Elevation, metres; NaN = nodata (impassable: the grade is unknown). */
  elevation: Float32Array | Float64Array;
  /** mobilityRaster for the movement class: 0 GO, 1 SLOW-GO, 2 NO-GO, 255 nodata. */
  mobility: Uint8Array;
  /** ESA WorldCover code per cell. */
  landCover: Uint8Array;
  /** Road speed burned in from the road graph, km/h (fastest road through the cell); 0 or NaN = no road. */
  roadSpeedKmh?: Float32Array | Float64Array | null;
  /** Non-zero where the route must not go (areas to avoid, from polygonCellMask). */
  avoid?: Uint8Array | null;
}

/** Why a cell cannot be entered (0 = it can). */
export const PASSABLE = 0;
export const BLOCKED_NO_GO = 1;
export const BLOCKED_AVOID = 2;
export const BLOCKED_NODATA = 3;
export type BlockedReason = typeof BLOCKED_NO_GO | typeof BLOCKED_AVOID | typeof BLOCKED_NODATA;

/** What accumulateTravelTime searches over. */
export interface TravelSurface {
  width: number;
  height: number;
  cellWidth: number;
  cellHeight: number;
  elevation: Float32Array | Float64Array;
  /** Seconds per ground metre on the flat (1 / speed); NaN where the cell cannot be entered. */
  pace: Float64Array;
  /** 1 on road cells (their pace is the road's, and the grade model may exempt them). */
  onRoad: Uint8Array;
  /** PASSABLE or the BLOCKED_* reason per cell. */
  blocked: Uint8Array;
  /** The mobility raster the surface was built from (route shares per class). */
  mobility: Uint8Array;
  grade: GradeModel;
}

/**
 * The travel surface of one movement class: per cell the pace on the flat, in s/m —
 * - road cells (roadSpeedKmh > 0): 1 / min(road speed, model.roadCapKmh), whatever the mobility class
 *   and land cover (mobilityRaster makes road cells GO), so routes leave and join roads where they pass;
 * - other cells: 1 / (offRoadKmh × (SLOW-GO ? slowGoFactor : 1) × landCoverFactor[code]);
 * - NaN (impassable) on NO-GO, in an area to avoid (even on a road), and where elevation or mobility
 *   is nodata; `blocked` says which.
 * Throws a RangeError for rasters of different sizes or a model out of range.
 */
export function buildTravelSurface(rasters: RouteRasters, model: TravelModel): TravelSurface {
  const { width, height, cellWidth, cellHeight, elevation, mobility, landCover } = rasters;
  const roads = rasters.roadSpeedKmh ?? null;
  const avoid = rasters.avoid ?? null;
  const n = width * height;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`raster size must be positive integers, got ${width} x ${height}`);
  }
  if (!(cellWidth > 0 && cellHeight > 0 && Number.isFinite(cellWidth) && Number.isFinite(cellHeight))) {
    throw new RangeError(`cell size must be positive ground metres, got ${cellWidth} x ${cellHeight}`);
  }
  for (const [name, raster] of [
    ['elevation', elevation],
    ['mobility', mobility],
    ['landCover', landCover],
    ['roadSpeedKmh', roads],
    ['avoid', avoid],
  ] as const) {
    if (raster && raster.length !== n) throw new RangeError(`${name} holds ${raster.length} cells, expected ${n}`);
  }
  assertTravelModel(model);
  const coverFactor = new Float64Array(256).fill(1);
  for (const [code, factor] of Object.entries(model.landCoverFactor)) coverFactor[Number(code)] = factor;
  const offRoad = model.offRoadKmh / 3.6;
  const pace = new Float64Array(n);
  const onRoad = new Uint8Array(n);
  const blocked = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const cls = mobility[i];
    const road = roads ? roads[i] : 0;
    let why: number = PASSABLE;
    if (avoid && avoid[i] !== 0) why = BLOCKED_AVOID;
    else if (elevation[i] !== elevation[i]) why = BLOCKED_NODATA;
    else if (road > 0) {
      onRoad[i] = 1;
      pace[i] = 3.6 / Math.min(road, model.roadCapKmh);
      continue;
    } else if (cls === MOBILITY_NO_GO) why = BLOCKED_NO_GO;
    else if (cls !== MOBILITY_GO && cls !== MOBILITY_SLOW_GO) why = BLOCKED_NODATA;
    if (why !== PASSABLE) {
      blocked[i] = why;
      pace[i] = NaN;
      continue;
    }
    const speed = offRoad * (cls === MOBILITY_SLOW_GO ? model.slowGoFactor : 1) * coverFactor[landCover[i]];
    pace[i] = 1 / speed;
  }
  return { width, height, cellWidth, cellHeight, elevation, pace, onRoad, blocked, mobility, grade: model.grade };
}

function assertTravelModel(model: TravelModel): void {
  const positive = (v: number) => v > 0 && Number.isFinite(v);
  if (!positive(model.offRoadKmh)) throw new RangeError(`offRoadKmh must be positive, got ${model.offRoadKmh}`);
  if (!positive(model.roadCapKmh)) throw new RangeError(`roadCapKmh must be positive, got ${model.roadCapKmh}`);
  if (!(model.slowGoFactor > 0 && model.slowGoFactor <= 1)) {
    throw new RangeError(`slowGoFactor must be in (0, 1], got ${model.slowGoFactor}`);
  }
  for (const [code, factor] of Object.entries(model.landCoverFactor)) {
    if (!(factor > 0 && factor <= 1)) {
      throw new RangeError(`land-cover factor of ${code} must be in (0, 1], got ${factor}`);
    }
  }
  const { grade } = model;
  if (
    grade.kind === 'gradeability' &&
    !(positive(grade.limitPercent) && grade.speedAtLimit > 0 && grade.speedAtLimit <= 1)
  ) {
    throw new RangeError('gradeability needs limitPercent > 0 and speedAtLimit in (0, 1]');
  }
}
