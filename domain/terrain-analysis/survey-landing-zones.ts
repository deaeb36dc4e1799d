import { MOBILITY_NO_GO, WORLDCOVER } from '../terrain/mobility-config.ts';
import { assertGroundRaster } from './assert-ground-raster.ts';
import { fitLandingPlane } from './fit-landing-plane.ts';
import { LANDING_POINT_DIAMETERS_M } from './landing-point-diameters.ts';
import { landingSlopeClass, type LandingSlopeClass } from './landing-slope-class.ts';
import type { GridCell, GroundRaster } from './types.ts';

/** Helicopter size class 1–7 of FM 3-21.38 (keys of LANDING_POINT_DIAMETERS_M). */
export type AircraftSize = keyof typeof LANDING_POINT_DIAMETERS_M;

/** Rasters of the work grid (all width × height of `dem`, row-major from the north-west). */
export interface LandingSurveyInputs {
  /** Elevation with GROUND cell sizes, metres. */
  dem: GroundRaster;
  /** ESA WorldCover code per cell. */
  landCover: Uint8Array;
  /** A mobility raster (mobilityRaster; the caller picks the class, e.g. foot): 2 = NO-GO. */
  mobility: Uint8Array;
  /** Building height above ground per cell, metres (0 or NaN = no building); absent = no building data. */
  buildingHeight?: Float32Array | Float64Array | null;
  /** Non-zero on road cells; needed only with options.maxRoadDistance. */
  roads?: Uint8Array | null;
  /** Non-zero inside the survey area (polygonCellMask 'centre'): candidate centres lie in it. */
  area: Uint8Array;
}

export interface LandingSurveyOptions {
  /** Ground metres between candidate centres, east-west and north-south (default: the diameter). */
  spacing?: number;
  /** Disc of the diameter (default) or square of that side. */
  shape?: 'disc' | 'square';
  /** Also accept 7–15° (upslope landing or hover) as passing the slope criterion (default false). */
  acceptUpslope?: boolean;
  /** Maximum ground metres from the centre to the nearest road cell centre; unset = no road criterion. */
  maxRoadDistance?: number;
  /** How far beyond the point's edge buildings are checked for clearance, metres (default 500). */
  clearanceSearch?: number;
  /** At most this many candidates, best first (default 50). */
  maxCandidates?: number;
}

/** One criterion's verdict: measurements are in the candidate's fields. */
export interface CriterionResult {
  pass: boolean;
  reason: string;
}

export interface LandingZoneCandidate {
  /** The work-grid cell of the centre. */
  center: GridCell;
  /** The outline, closed, counter-clockwise on the map, in pixel coordinates (x = col, y = row; centre at +0.5). */
  ring: [number, number][];
  shape: 'disc' | 'square';
  /** Landing-point diameter (or square side), ground metres. */
  diameter: number;
  /** Every criterion passed. */
  suitable: boolean;
  /** 1 = best; suitable candidates first. */
  rank: number;
  slope: CriterionResult & {
    degrees: number | null;
    landingClass: LandingSlopeClass | null;
    maxResidual: number | null;
    cellCount: number;
  };
  surface: CriterionResult & { landCover: number[]; unsuitableCells: number; cellCount: number };
  obstacles: CriterionResult & { highestOnPoint: number };
  clearance: CriterionResult & {
    /** Smallest horizontal distance / height over the point of the buildings around it (null = none). */
    worstRatio: number | null;
    worstHeight: number | null;
    worstDistance: number | null;
  };
  road: (CriterionResult & { distance: number | null }) | null;
}

/** FM 3-21.38: remove obstacles of 18 inches (0.46 m) or more from the landing point. */
export const LANDING_POINT_OBSTACLE_M = 0.46;
/** FM 3-21.38: approach and departure obstacle clearance ratio 10:1 (10 m away per 1 m of height). */
export const APPROACH_CLEARANCE_RATIO = 10;
/** WorldCover classes a helicopter cannot land on: trees, built-up, water, wetland, mangroves. */
export const UNLANDABLE_LAND_COVER: readonly number[] = [
  WORLDCOVER.treeCover,
  WORLDCOVER.builtUp,
  WORLDCOVER.permanentWater,
  WORLDCOVER.herbaceousWetland,
  WORLDCOVER.mangroves,
];

/**
 * Candidate landing zones inside an area for a helicopter size class, after FM 3-21.38 (Pathfinder
 * Operations, 2006), ch. 4, as quoted by pathfinder study guides (the same criteria ATP 3-04.1 lists):
 * - landing-point diameter by size (LANDING_POINT_DIAMETERS_M: 25 … 150 m), a disc (or square) whose
 *   candidates sit on a grid `spacing` apart (centre cells in the area, footprint inside the raster);
 * - slope: fitLandingPlane over the point (≤ 7° land; 7–15° upslope or hover, passing only with
 *   acceptUpslope; > 15° hover only);
 * - surface: no WorldCover tree cover, built-up, water, wetland or mangroves in any cell the point
 *   touches (nor unknown cover);
 * - obstacles on the point: no building of 0.46 m or more in a touched cell;
 * - approach/departure clearance 10:1: every building top within `clearanceSearch` of the point's edge
 *   is at least 10 × its height above the centre's ground away (horizontal distance from the edge to
 *   the nearest point of its cell). Checked all around, as the approach direction is not chosen yet;
 *   terrain and trees are not obstacles here (no heights for them);
 * - road (with maxRoadDistance): the nearest road cell centre within that ground distance.
 * A candidate touching a NO-GO cell of `mobility` is never returned. Ranking: suitable first, then
 * fewer failed criteria, lower slope, larger clearance ratio, nearer road, north-west first.
 * Throws a RangeError for an unknown size, rasters of the wrong size or options out of range.
 */
export function surveyLandingZones(
  inputs: LandingSurveyInputs,
  aircraftSize: AircraftSize,
  options: LandingSurveyOptions = {},
): LandingZoneCandidate[] {
  const { dem, landCover, mobility, area } = inputs;
  assertGroundRaster(dem);
  const diameter = LANDING_POINT_DIAMETERS_M[aircraftSize];
  if (diameter === undefined) throw new RangeError(`aircraft size must be 1–7, got ${aircraftSize}`);
  const { width, height, cellWidth: w, cellHeight: h } = dem;
  const n = width * height;
  const buildings = inputs.buildingHeight ?? null;
  const roads = inputs.roads ?? null;
  for (const [name, raster] of [
    ['landCover', landCover],
    ['mobility', mobility],
    ['area', area],
    ['buildingHeight', buildings],
    ['roads', roads],
  ] as const) {
    if (raster && raster.length !== n) throw new RangeError(`${name} holds ${raster.length} cells, expected ${n}`);
  }
  const spacing = options.spacing ?? diameter;
  const shape = options.shape ?? 'disc';
  const clearanceSearch = options.clearanceSearch ?? 500;
  const maxCandidates = options.maxCandidates ?? 50;
  const maxRoad = options.maxRoadDistance;
  if (!(spacing > 0) || !Number.isFinite(spacing)) {
    throw new RangeError(`spacing must be positive metres, got ${spacing}`);
  }
  if (shape !== 'disc' && shape !== 'square') throw new RangeError(`shape must be disc or square, got ${shape}`);
  if (!(clearanceSearch >= 0) || !Number.isFinite(clearanceSearch)) {
    throw new RangeError(`clearanceSearch must be metres ≥ 0, got ${clearanceSearch}`);
  }
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1) {
    throw new RangeError(`maxCandidates must be a positive integer, got ${maxCandidates}`);
  }
  if (maxRoad !== undefined && (!(maxRoad >= 0) || !Number.isFinite(maxRoad))) {
    throw new RangeError(`maxRoadDistance must be metres ≥ 0, got ${maxRoad}`);
  }
  if (maxRoad !== undefined && !roads) throw new RangeError('maxRoadDistance needs the roads raster');
  const half = diameter / 2;
  // 1 = no landing on this land-cover code: the unlandable classes and codes that are not WorldCover's.
  const unlandable = new Uint8Array(256).fill(1);
  for (const code of Object.values(WORLDCOVER)) unlandable[code] = 0;
  for (const code of UNLANDABLE_LAND_COVER) unlandable[code] = 1;

  // Candidate centres: a grid `spacing` apart (in whole cells, at least one) from the area's north-west corner.
  const stepCols = Math.max(1, Math.round(spacing / w)),
    stepRows = Math.max(1, Math.round(spacing / h));
  const reachCols = Math.ceil(half / w - 0.5),
    reachRows = Math.ceil(half / h - 0.5);
  const candidates: LandingZoneCandidate[] = [];
  let top = height,
    left = width;
  for (let i = 0; i < n; i++) {
    if (area[i] !== 0) {
      top = Math.min(top, Math.floor(i / width));
      left = Math.min(left, i % width);
    }
  }
  for (let row = Math.max(top, reachRows); row < height - reachRows; row += stepRows) {
    for (let col = Math.max(left, reachCols); col < width - reachCols; col += stepCols) {
      if (area[row * width + col] === 0) continue;
      // The cells the point touches: their squares meet the disc (or the square).
      const footprint: number[] = [];
      let noGo = false;
      for (let dRow = -reachRows; dRow <= reachRows && !noGo; dRow++) {
        for (let dCol = -reachCols; dCol <= reachCols; dCol++) {
          if (shape === 'disc') {
            const x = Math.max(0, Math.abs(dCol) * w - w / 2),
              y = Math.max(0, Math.abs(dRow) * h - h / 2);
            if (x * x + y * y >= half * half) continue;
          }
          const index = (row + dRow) * width + col + dCol;
          if (mobility[index] === MOBILITY_NO_GO) {
            noGo = true;
            break;
          }
          footprint.push(index);
        }
      }
      if (noGo) continue;
      const center = { col, row };
      candidates.push({
        center,
        ring: outline(col + 0.5, row + 0.5, half / w, half / h, shape),
        shape,
        diameter,
        suitable: false,
        rank: 0,
        slope: slopeCriterion(dem, center, diameter, options.acceptUpslope === true),
        surface: surfaceCriterion(landCover, footprint, unlandable),
        obstacles: obstacleCriterion(buildings, footprint),
        clearance: clearanceCriterion(dem, buildings, center, half, shape, clearanceSearch),
        road: maxRoad === undefined || !roads ? null : roadCriterion(roads, width, height, w, h, center, maxRoad),
      });
    }
  }
  const failures = (c: LandingZoneCandidate) =>
    [c.slope, c.surface, c.obstacles, c.clearance, c.road].filter((k) => k !== null && !k.pass).length;
  for (const c of candidates) c.suitable = failures(c) === 0;
  candidates.sort(
    (a, b) =>
      failures(a) - failures(b) ||
      (a.slope.degrees ?? 90) - (b.slope.degrees ?? 90) ||
      (b.clearance.worstRatio ?? Infinity) - (a.clearance.worstRatio ?? Infinity) ||
      (a.road?.distance ?? 0) - (b.road?.distance ?? 0) ||
      a.center.row - b.center.row ||
      a.center.col - b.center.col,
  );
  const best = candidates.slice(0, maxCandidates);
  best.forEach((c, k) => {
    c.rank = k + 1;
  });
  return best;
}

function slopeCriterion(
  dem: GroundRaster,
  center: GridCell,
  diameter: number,
  acceptUpslope: boolean,
): LandingZoneCandidate['slope'] {
  const plane = fitLandingPlane(dem, center, diameter);
  if (plane === null) {
    return {
      pass: false,
      reason: 'too few elevation cells to fit the ground',
      degrees: null,
      landingClass: null,
      maxResidual: null,
      cellCount: 0,
    };
  }
  const landingClass = landingSlopeClass(plane.slopeDegrees);
  const degrees = plane.slopeDegrees;
  const pass = landingClass === 'land' || (acceptUpslope && landingClass === 'upslope_or_hover');
  const text = `${degrees.toFixed(1)}°`;
  const reason =
    landingClass === 'land'
      ? `${text} ≤ 7°: the aircraft can land`
      : landingClass === 'upslope_or_hover'
        ? `${text} in 7–15°: upslope landing or hover only`
        : `${text} > 15°: hover only`;
  return { pass, reason, degrees, landingClass, maxResidual: plane.maxResidual, cellCount: plane.cellCount };
}

function surfaceCriterion(
  landCover: Uint8Array,
  footprint: number[],
  unlandable: Uint8Array,
): LandingZoneCandidate['surface'] {
  const codes = new Set<number>();
  const bad = new Set<number>();
  let unsuitableCells = 0;
  for (const index of footprint) {
    const code = landCover[index];
    codes.add(code);
    if (unlandable[code] === 1) {
      unsuitableCells++;
      bad.add(code);
    }
  }
  const landCoverCodes = [...codes].sort((a, b) => a - b);
  const pass = unsuitableCells === 0;
  const reason = pass
    ? `landable cover only (WorldCover ${landCoverCodes.join(', ')})`
    : `${unsuitableCells} of ${footprint.length} cells are ${[...bad]
        .sort((a, b) => a - b)
        .map(coverName)
        .join(', ')}`;
  return { pass, reason, landCover: landCoverCodes, unsuitableCells, cellCount: footprint.length };
}

function coverName(code: number): string {
  const entry = Object.entries(WORLDCOVER).find(([, value]) => value === code);
  return entry ? `${entry[0]} (${code})` : `unknown cover (${code})`;
}

function obstacleCriterion(
  buildings: LandingSurveyInputs['buildingHeight'],
  footprint: number[],
): LandingZoneCandidate['obstacles'] {
  let highest = 0;
  if (buildings) for (const index of footprint) if (buildings[index] > highest) highest = buildings[index];
  const pass = highest < LANDING_POINT_OBSTACLE_M;
  const reason = !buildings
    ? 'no building data: obstacles on the point not checked'
    : pass
      ? 'no building on the point'
      : `a ${highest.toFixed(1)} m building on the point (limit 0.46 m)`;
  return { pass, reason, highestOnPoint: highest };
}

function clearanceCriterion(
  dem: GroundRaster,
  buildings: LandingSurveyInputs['buildingHeight'],
  center: GridCell,
  half: number,
  shape: 'disc' | 'square',
  search: number,
): LandingZoneCandidate['clearance'] {
  const none = { worstRatio: null, worstHeight: null, worstDistance: null };
  if (!buildings) return { pass: true, reason: 'no building data: clearance not checked', ...none };
  const { width, height, data, cellWidth: w, cellHeight: h } = dem;
  const ground = data[center.row * width + center.col];
  const reachCols = Math.ceil((half + search) / w),
    reachRows = Math.ceil((half + search) / h);
  let worst = { worstRatio: Infinity, worstHeight: 0, worstDistance: 0 };
  for (let row = Math.max(0, center.row - reachRows); row <= Math.min(height - 1, center.row + reachRows); row++) {
    for (let col = Math.max(0, center.col - reachCols); col <= Math.min(width - 1, center.col + reachCols); col++) {
      const index = row * width + col;
      const building = buildings[index];
      if (!(building > 0)) continue;
      // Nearest point of the building's cell to the centre, then its distance beyond the point's edge.
      const x = Math.max(0, Math.abs(col - center.col) * w - w / 2);
      const y = Math.max(0, Math.abs(row - center.row) * h - h / 2);
      const distance = (shape === 'disc' ? Math.sqrt(x * x + y * y) : Math.max(x, y)) - half;
      if (distance <= 0 || distance > search) continue; // on the point: the obstacle criterion's
      const cellGround = data[index];
      const rise = (cellGround === cellGround ? cellGround : ground) + building - ground;
      if (!(rise > 0)) continue;
      const ratio = distance / rise;
      if (ratio < worst.worstRatio) worst = { worstRatio: ratio, worstHeight: rise, worstDistance: distance };
    }
  }
  if (worst.worstRatio === Infinity) {
    return { pass: true, reason: `no building within ${search} m of the point`, ...none };
  }
  const pass = worst.worstRatio >= APPROACH_CLEARANCE_RATIO;
  const reason =
    `worst obstacle ${worst.worstHeight.toFixed(1)} m high ${worst.worstDistance.toFixed(0)} m from the ` +
    `edge: ${worst.worstRatio.toFixed(1)}:1 ${pass ? '≥' : '<'} 10:1`;
  return { pass, reason, ...worst };
}

function roadCriterion(
  roads: Uint8Array,
  width: number,
  height: number,
  w: number,
  h: number,
  center: GridCell,
  maxRoad: number,
): LandingZoneCandidate['road'] {
  const reachCols = Math.ceil(maxRoad / w),
    reachRows = Math.ceil(maxRoad / h);
  let nearest = Infinity;
  for (let row = Math.max(0, center.row - reachRows); row <= Math.min(height - 1, center.row + reachRows); row++) {
    for (let col = Math.max(0, center.col - reachCols); col <= Math.min(width - 1, center.col + reachCols); col++) {
      if (roads[row * width + col] === 0) continue;
      const d = Math.sqrt(((col - center.col) * w) ** 2 + ((row - center.row) * h) ** 2);
      if (d < nearest) nearest = d;
    }
  }
  const pass = nearest <= maxRoad;
  return {
    pass,
    distance: pass ? nearest : null,
    reason: pass ? `road ${nearest.toFixed(0)} m away (limit ${maxRoad} m)` : `no road within ${maxRoad} m`,
  };
}

/** Closed ring, counter-clockwise on the map (rows grow southwards): 32 sides for a disc, 4 for a square. */
function outline(x: number, y: number, rx: number, ry: number, shape: 'disc' | 'square'): [number, number][] {
  if (shape === 'square') {
    return [
      [x - rx, y + ry],
      [x + rx, y + ry],
      [x + rx, y - ry],
      [x - rx, y - ry],
      [x - rx, y + ry],
    ];
  }
  const ring: [number, number][] = [];
  for (let k = 0; k <= 32; k++) {
    const angle = ((k % 32) / 32) * 2 * Math.PI;
    ring.push([x + rx * Math.cos(angle), y - ry * Math.sin(angle)]);
  }
  return ring;
}
