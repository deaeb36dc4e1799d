import { accumulateTravelTime } from '../terrain-analysis/accumulate-travel-time.ts';
import { leastCostPath } from '../terrain-analysis/least-cost-path.ts';
import type { TravelSurface } from '../terrain-analysis/travel-surface.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';
import { squaredDistanceTransform } from './squared-distance-transform.ts';
import { windowedDistance } from './windowed-distance.ts';
import { RESTRICTED, SEVERELY_RESTRICTED, UNRESTRICTED } from './terrain-evaluation-types.ts';

export interface CorridorSearch {
  width: number;
  height: number;
  /** Ground size of a (square) cell, metres. */
  cellSizeM: number;
  /** classifyObstacleTerrain of the force. */
  terrainClass: Uint8Array;
  /**
   * Crossing sites (bridges, fords, tunnels over a water obstacle): non-zero cells. Near them a
   * corridor may narrow below its width — the unit passes the crossing in column.
   */
  crossings?: Uint8Array | null;
  /** The force's travel surface (route model): corridor centrelines are its quickest paths. */
  surface: TravelSurface;
  /** Non-zero on road cells (road support). */
  roads?: Uint8Array | null;
  /** ESA WorldCover codes: the share of a corridor under forest or built-up cover (concealment). */
  landCover?: Uint8Array | null;
  /** Non-zero cells of the start area or line, and of the objective. */
  start: Uint8Array;
  objective: Uint8Array;
  /** Width the corridor's echelon needs, metres (echelon-table.ts). */
  corridorWidthM: number;
  /** At most this many corridors (default 4: two avenues of two corridors, Tactics 101 [S3]). */
  maxCorridors?: number;
  /** A corridor slower than this many times the quickest is not kept (default 1.6). */
  maxTimeRatio?: number;
  /** corridorGround of this search, when already computed for another direction. */
  ground?: CorridorGround;
}

export interface MobilityCorridor {
  /** Cell indices (row · width + col) from the start to the objective. */
  centreline: number[];
  /** Non-zero on the corridor's cells (its polygon). */
  mask: Uint8Array;
  /** Free width along the centreline between area obstacles, crossing passages excluded, metres. */
  minWidthM: number;
  meanWidthM: number;
  /** True when the width reached the measuring cap (WIDTH_CAP_FACTOR × the corridor width) everywhere. */
  open: boolean;
  /** The narrowest centreline cell (first from the start on ties) and its width, metres. */
  chokepoint: { cell: number; widthM: number };
  lengthM: number;
  /** Travel time of the force along the centreline on the route model, seconds. */
  seconds: number;
  /** Shares of the corridor's cells by terrain class. */
  shareUnrestricted: number;
  shareRestricted: number;
  /** Share of the centreline within half the corridor width of a road. */
  roadShare: number;
  /** Cells of the corridor, and the share of them under forest or built-up cover (WorldCover 10, 50). */
  cells: number;
  coverShare: number;
  /** One cell per crossing site the centreline passes (the middle of each run of crossing cells). */
  crossings: number[];
}

/** Widths are measured up to this many times the corridor width; wider ground counts as open. */
export const WIDTH_CAP_FACTOR = 4;
/** Directions over half a turn in which a centreline cell's chord is measured (11.25° apart). */
export const CHORD_DIRECTIONS = 16;

/**
 * Mobility corridors from a start to an objective for a unit needing `corridorWidthM` (FM 34-130
 * ch. 2 [S11]: areas where a force can move in formation; ipb-and-coa-facts.md §2):
 * 1. width: the exact distance transform (squaredDistanceTransform) to the severely restricted cells;
 *    a cell at d cells from the nearest one is the centre of a free disk (2d − 1) cells across —
 *    exact across an odd gap, one cell short across an even one (conservative by at most one cell);
 *    the width reported at a centreline cell is its shortest chord between severely restricted
 *    cells (CHORD_DIRECTIONS directions, quarter-cell steps: within a cell of the gap's width),
 *    measured up to WIDTH_CAP_FACTOR × corridorWidthM;
 * 2. the unit's centreline may run where the free disk is at least corridorWidthM, and, within corridorWidthM of a
 *    crossing site, on any ground not severely restricted (it crosses there in column);
 * 3. the centreline is the quickest path there on the force's route model (accumulateTravelTime,
 *    8 neighbours) from the start to the objective cell reached first;
 * 4. the corridor is the ground within min(free radius, corridorWidthM) of its centreline — never a
 *    severely restricted cell, since each cell lies strictly inside a free disk of the centreline;
 * 5. the next corridor is sought with this one's bottleneck closed: its crossing passages if it has
 *    any, else the ground around its narrowest point (a disk of the local width plus
 *    corridorWidthM: it spans the whole pass), else — open ground — a band corridorWidthM each side
 *    of its centreline (the next corridor runs beside it). Stops after maxCorridors, when no path
 *    is left, or when the next is slower than maxTimeRatio × the quickest.
 * Start or objective cells where the unit cannot stand snap to the nearest cell where it can.
 */
/** Milliseconds spent, added to by extractMobilityCorridors when given. */
export interface CorridorTimings {
  distance_transform: number;
  routes: number;
  corridor_extraction: number;
}

export function extractMobilityCorridors(search: CorridorSearch, timings?: CorridorTimings): MobilityCorridor[] {
  const began = performance.now();
  let edtMs = 0,
    routeMs = 0;
  const windowed = (sites: readonly number[], margin: number) => {
    const t = performance.now();
    const out = windowedDistance(sites, width, height, margin);
    edtMs += performance.now() - t;
    return out;
  };
  const edt = (sites: Uint8Array, w: number, h: number) => {
    const t = performance.now();
    const out = squaredDistanceTransform(sites, w, h);
    edtMs += performance.now() - t;
    return out;
  };
  const { width, height, cellSizeM: c, terrainClass, surface, start, objective, corridorWidthM } = search;
  const n = width * height;
  for (const [name, raster] of [
    ['terrainClass', terrainClass],
    ['start', start],
    ['objective', objective],
    ['crossings', search.crossings],
    ['roads', search.roads],
  ] as const) {
    if (raster && raster.length !== n) throw new RangeError(`${name} holds ${raster.length} cells, expected ${n}`);
  }
  if (surface.width !== width || surface.height !== height) throw new RangeError('the travel surface differs in size');
  if (!(corridorWidthM > 0) || !(c > 0)) throw new RangeError('corridor width and cell size must be positive');
  if (!start.some((v) => v !== 0) || !objective.some((v) => v !== 0))
    throw new RangeError('start and objective need at least one cell each');
  const maxCorridors = search.maxCorridors ?? 4;
  const maxTimeRatio = search.maxTimeRatio ?? 1.6;
  const ground = search.ground ?? corridorGround(search, edt);
  const { severe, dist, wide, passage, nearRoad } = ground;
  const cap = WIDTH_CAP_FACTOR * corridorWidthM;
  const needCells = corridorWidthM / c;
  // Width at a cell: its shortest chord between severely restricted cells, over CHORD_DIRECTIONS
  // directions (rays marched in quarter cells to the first severely restricted cell or the cap) —
  // across a pass, the pass's width wherever the centreline runs in it.
  const capCells = cap / c;
  const directions = Array.from(
    { length: CHORD_DIRECTIONS },
    (_, k) => [Math.cos((k * Math.PI) / CHORD_DIRECTIONS), Math.sin((k * Math.PI) / CHORD_DIRECTIONS)] as const,
  );
  const reach = (x: number, y: number, dx: number, dy: number, limit: number) => {
    for (let t = 0.25; t < limit; t += 0.25) {
      const col = Math.floor(x + t * dx),
        row = Math.floor(y + t * dy);
      if (col < 0 || row < 0 || col >= width || row >= height) return limit;
      if (severe[row * width + col] !== 0) return t - 0.125;
    }
    return limit;
  };
  const widthM = (i: number) => {
    const x = (i % width) + 0.5,
      y = Math.floor(i / width) + 0.5;
    let best = capCells;
    for (const [dx, dy] of directions) {
      const forward = reach(x, y, dx, dy, best);
      if (forward >= best) continue;
      const chord = forward + reach(x, y, -dx, -dy, best - forward);
      if (chord < best) best = chord;
    }
    return best * c;
  };
  const blocked = new Uint8Array(n);
  const corridors: MobilityCorridor[] = [];
  let quickest = Infinity;
  // Reused by every iteration (a large grid's rasters are megabytes each).
  const open = new Uint8Array(n);
  const pace = new Float64Array(n);
  while (corridors.length < maxCorridors) {
    for (let i = 0; i < n; i++) open[i] = (wide[i] !== 0 || passage[i] !== 0) && blocked[i] === 0 ? 1 : 0;
    const starts = snapped(start, open, width, height);
    const targets = snapped(objective, open, width, height);
    if (starts.length === 0 || targets.length === 0) break;
    for (let i = 0; i < n; i++) pace[i] = open[i] !== 0 ? surface.pace[i]! : NaN;
    const routeBegan = performance.now();
    const accumulation = accumulateTravelTime(
      { ...surface, pace },
      starts.map((i) => ({ col: i % width, row: Math.floor(i / width) })),
    );
    let target = -1;
    for (const t of targets) {
      const s = accumulation.cost[t];
      if (s === s && (target < 0 || s < accumulation.cost[target])) target = t;
    }
    if (target < 0) {
      routeMs += performance.now() - routeBegan;
      break;
    }
    const seconds = accumulation.cost[target];
    if (seconds > maxTimeRatio * quickest) break;
    quickest = Math.min(quickest, seconds);
    const path = leastCostPath(accumulation, { col: target % width, row: Math.floor(target / width) });
    routeMs += performance.now() - routeBegan;
    if (!path) break;
    const centreline = path.cells.map((p) => p.row * width + p.col);
    const corridor = describeCorridor(centreline, seconds);
    corridors.push(corridor);
    closeBottleneck(corridor);
  }
  if (timings) {
    timings.distance_transform += edtMs;
    timings.routes += routeMs;
    timings.corridor_extraction += performance.now() - began - edtMs - routeMs;
  }
  return corridors;

  function describeCorridor(centreline: number[], seconds: number): MobilityCorridor {
    let lengthM = 0,
      minW = Infinity,
      sumW = 0,
      counted = 0,
      roadCells = 0;
    const widths = new Float64Array(centreline.length).fill(NaN);
    const crossings: number[] = [];
    let run: number[] = [];
    const flush = () => {
      if (run.length > 0) crossings.push(run[Math.floor((run.length - 1) / 2)]!);
      run = [];
    };
    for (let k = 0; k < centreline.length; k++) {
      const i = centreline[k]!;
      if (k > 0) {
        const j = centreline[k - 1]!;
        lengthM += j % width !== i % width && Math.floor(j / width) !== Math.floor(i / width) ? c * Math.SQRT2 : c;
      }
      if (search.crossings && search.crossings[i] !== 0) run.push(i);
      else flush();
      if (nearRoad && nearRoad[i] * c * c <= (corridorWidthM / 2) ** 2) roadCells++;
      if (wide[i] === 0) continue; // a crossing passage: not measured
      const w = widthM(i);
      widths[k] = w;
      sumW += w;
      counted++;
      if (w < minW) minW = w;
    }
    flush();
    // The chokepoint: the middle of the first run of narrowest centreline cells.
    const first = widths.findIndex((w) => w === minW);
    let last = first;
    while (first >= 0 && last + 1 < widths.length && widths[last + 1] === minW) last++;
    const choke = first >= 0 ? centreline[Math.floor((first + last) / 2)]! : centreline[0]!;
    // The corridor: cells within min(free radius, width) of their nearest centreline cell.
    const toLine = windowed(centreline, needCells);
    const mask = new Uint8Array(n);
    let cells = 0,
      unrestricted = 0,
      restricted = 0,
      covered = 0;
    const landCover = search.landCover ?? null;
    for (let y = 0; y < toLine.h; y++) {
      for (let x = 0; x < toLine.w; x++) {
        const k = y * toLine.w + x;
        const q = (toLine.y0 + y) * width + toLine.x0 + x;
        const p = toLine.nearest[k]!;
        if (p < 0 || severe[q] !== 0) continue;
        const radius = Math.min(dist[p]! - 0.5, needCells);
        if (toLine.squared[k]! > radius * radius) continue;
        mask[q] = 1;
        cells++;
        if (landCover && (landCover[q] === WORLDCOVER.treeCover || landCover[q] === WORLDCOVER.builtUp)) covered++;
        if (terrainClass[q] === UNRESTRICTED) unrestricted++;
        else if (terrainClass[q] === RESTRICTED) restricted++;
      }
    }
    const minWidthM = counted > 0 ? minW : 0;
    return {
      centreline,
      mask,
      minWidthM,
      meanWidthM: counted > 0 ? sumW / counted : 0,
      open: counted > 0 && minW >= cap,
      chokepoint: { cell: choke, widthM: minWidthM },
      lengthM,
      seconds,
      shareUnrestricted: cells > 0 ? unrestricted / cells : 0,
      shareRestricted: cells > 0 ? restricted / cells : 0,
      roadShare: centreline.length > 0 ? roadCells / centreline.length : 0,
      cells,
      coverShare: cells > 0 ? covered / cells : 0,
      crossings,
    };
  }

  function closeBottleneck(corridor: MobilityCorridor): void {
    const centres: number[] = [];
    let radius: number;
    const passages = corridor.centreline.filter((i) => wide[i] === 0);
    if (passages.length > 0) {
      centres.push(...passages);
      radius = needCells;
    } else if (!corridor.open) {
      centres.push(corridor.chokepoint.cell);
      radius = (corridor.chokepoint.widthM + corridorWidthM) / c;
    } else {
      centres.push(...corridor.centreline);
      radius = needCells;
    }
    const toSeed = windowed(centres, radius);
    for (let y = 0; y < toSeed.h; y++) {
      for (let x = 0; x < toSeed.w; x++) {
        if (toSeed.squared[y * toSeed.w + x]! <= radius * radius) blocked[(toSeed.y0 + y) * width + toSeed.x0 + x] = 1;
      }
    }
  }
}

// The cells of `area` the unit may use; if none, the open cell nearest to the area.
function snapped(area: Uint8Array, open: Uint8Array, width: number, height: number): number[] {
  const inside: number[] = [];
  let first = -1;
  for (let i = 0; i < area.length; i++) {
    if (area[i] === 0) continue;
    if (first < 0) first = i;
    if (open[i] !== 0) inside.push(i);
  }
  if (inside.length > 0) return inside;
  const toOpen = squaredDistanceTransform(open, width, height);
  let best = -1;
  for (let i = 0; i < area.length; i++) {
    if (area[i] !== 0 && toOpen.nearest[i] >= 0 && (best < 0 || toOpen.squared[i] < toOpen.squared[best])) best = i;
  }
  return best < 0 ? [] : [toOpen.nearest[best]!];
}

/** What the corridor search of every direction shares: the ground measured for the corridor width. */
export interface CorridorGround {
  severe: Uint8Array;
  /** Distance from each cell's centre to the nearest severely restricted cell's, in cells. */
  dist: Float64Array;
  /** 1 where a centreline may run (free disk at least the corridor width). */
  wide: Uint8Array;
  /** 1 on crossing passages (within the corridor width of a crossing site, not severely restricted). */
  passage: Uint8Array;
  /** Squared distance to the nearest road cell, cells²; null without roads. */
  nearRoad: Float64Array | null;
}

/** The CorridorGround of a search (start and objective aside): compute once, search many directions. */
export function corridorGround(
  search: Omit<CorridorSearch, 'start' | 'objective' | 'surface' | 'ground'>,
  edt: typeof squaredDistanceTransform = squaredDistanceTransform,
): CorridorGround {
  const { width, height, cellSizeM: c, terrainClass, corridorWidthM } = search;
  const n = width * height;
  const needCells = corridorWidthM / c;
  const severe = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (terrainClass[i] === SEVERELY_RESTRICTED) severe[i] = 1;
  const squared = edt(severe, width, height).squared;
  const dist = new Float64Array(n);
  const wide = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const d = Math.sqrt(squared[i]);
    dist[i] = d;
    if (severe[i] === 0 && (2 * d - 1) * c >= corridorWidthM) wide[i] = 1;
  }
  const passage = new Uint8Array(n);
  if (search.crossings?.some((v) => v !== 0)) {
    const toCrossing = edt(search.crossings, width, height).squared;
    for (let i = 0; i < n; i++)
      if (severe[i] === 0 && wide[i] === 0 && toCrossing[i] <= needCells * needCells) passage[i] = 1;
  }
  const nearRoad = search.roads?.some((v) => v !== 0) ? edt(search.roads, width, height).squared : null;
  return { severe, dist, wide, passage, nearRoad };
}
