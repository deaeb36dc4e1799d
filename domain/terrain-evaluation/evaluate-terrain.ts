// The terrain evaluation of IPB step 2 (ATP 2-01.3; FM 34-130 ch. 2 "evaluate the effects of
// terrain": the MCOO) over one grid, pure: obstacle overlay → mobility corridors → avenues of
// approach → key terrain candidates → OAKOC summary, as map-layer features and a result. Each step
// is its own module beside this file; this one composes them and turns cells into positions.
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';
import type { LayerFeature } from '../map/layer-feature-collection.ts';
import { DEFAULT_MOBILITY_CONFIG, WORLDCOVER } from '../terrain/mobility-config.ts';
import { mobilityRaster } from '../terrain/mobility-raster.ts';
import { buildTravelSurface } from '../terrain-analysis/travel-surface.ts';
import { DEFAULT_TRAVEL_MODELS } from '../terrain-analysis/travel-models.ts';
import { viewshed, VIEWSHED_VISIBLE } from '../terrain-analysis/viewshed.ts';
import { applyLinearObstacles } from './apply-linear-obstacles.ts';
import { CROSSING_KINDS } from './crossing-kind.ts';
import { builtUpEdgeMask } from './built-up-edge-mask.ts';
import { burnLinearObstacles, type WaterwayLine } from './burn-linear-obstacles.ts';
import { classifyObstacleTerrain } from './classify-obstacle-terrain.ts';
import { DEFAULT_CORRIDOR_WIDTH_M, echelonBelow } from './echelon-table.ts';
import { corridorGround, extractMobilityCorridors, type MobilityCorridor } from './extract-mobility-corridors.ts';
import { forceVehicleClass } from './force-vehicle-class.ts';
import { groupAvenues } from './group-avenues.ts';
import { keyTerrainCandidates } from './key-terrain-candidates.ts';
import { maskPolygons } from './mask-polygons.ts';
import { OBSTACLE_CAUSES, obstacleCauses } from './obstacle-causes.ts';
import { peakProminence } from './peak-prominence.ts';
import { rankAvenues, type AvenueMeasures } from './rank-avenues.ts';
import { squaredDistanceTransform } from './squared-distance-transform.ts';
import { steepBreakMask } from './steep-break-mask.ts';
import {
  RESTRICTED,
  SEVERELY_RESTRICTED,
  TERRAIN_CLASS_NAMES,
  UNRESTRICTED,
  type Echelon,
  type Force,
  type PixelToLonLat,
} from './terrain-evaluation-types.ts';

export interface EvaluationDirectionInput {
  /** friendly, enemy, west_to_east, … (domain/analysis-job/terrain-evaluation-directions.ts). */
  name: string;
  /** Non-zero cells of the start area or line, and of the objective. */
  start: Uint8Array;
  objective: Uint8Array;
}

export interface TerrainEvaluationInput {
  width: number;
  height: number;
  /** Ground size of a (square) cell, metres. */
  cellSizeM: number;
  elevation: Float32Array;
  slopeDegrees: Float32Array;
  /** ESA WorldCover codes; `landCoverNodata` where unknown. */
  landCover: Uint8Array;
  landCoverNodata: number;
  /** Road speed burned into the grid, km/h; 0 = no road. */
  roadSpeedKmh?: Float32Array | null;
  /** Cells of roads tagged bridge, ford or tunnel: CROSSING_KINDS code + 1 (any non-zero value is a crossing). */
  crossingRoads?: Uint8Array | null;
  /** Road junction cells (indices). */
  junctions?: readonly number[];
  waterways?: readonly WaterwayLine[];
  force: Force;
  echelon: Echelon;
  /** The ways evaluated; the obstacle overlay, ground widths and dominating heights are shared. */
  directions: readonly EvaluationDirectionInput[];
  /** Overrides of the echelon table (echelon-table.ts). */
  corridorWidthM?: number;
  avenueWidthM?: number;
  /** Dominating heights examined with viewsheds (default 5), and their reach (default 8 km). */
  heights?: number;
  viewshedRadiusM?: number;
  /** Least prominence of a dominating height, metres (default 20). */
  minProminenceM?: number;
  /** Positions the obstacle layer may hold, largest regions first (default 150,000). */
  maxObstaclePositions?: number;
  toLonLat: PixelToLonLat;
  newId: () => string;
}

export type EvaluationLayerType = 'obstacle' | 'mobility_corridor' | 'avenue_of_approach' | 'key_terrain';
export const EVALUATION_LAYER_TYPES: readonly EvaluationLayerType[] = [
  'obstacle',
  'mobility_corridor',
  'avenue_of_approach',
  'key_terrain',
];

export interface DirectionCells {
  name: string;
  corridors: MobilityCorridor[];
  avenues: number[][];
  /** Avenue index (into `avenues`) in ranked order. */
  ranking: ReturnType<typeof rankAvenues>;
  keyTerrain: ReturnType<typeof keyTerrainCandidates>;
}

export type EvaluationStage =
  'obstacles' | 'distance_transform' | 'routes' | 'corridor_extraction' | 'avenues' | 'viewsheds' | 'features';

export interface TerrainEvaluation {
  /** Features of each direction carry its name (`direction`); obstacles are shared. */
  layers: Record<EvaluationLayerType, LayerFeature[]>;
  result: Record<string, unknown>;
  /** Cell-level products, for tests and the map sheet. */
  cells: { terrainClass: Uint8Array; directions: DirectionCells[] };
  /** Milliseconds per stage. */
  timings: Record<EvaluationStage, number>;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
/** Key terrain candidates kept per direction, best first (a large AO has thousands of road junctions). */
const MAX_KEY_TERRAIN = 25;
/** Obstacle regions smaller than this many cells stay in the rasters but are left off the layer. */
const MIN_OBSTACLE_CELLS = 4;
/** Positions the obstacle layer may hold (a layer is one event; the map layer limit is 250,000). */
const MAX_OBSTACLE_POSITIONS = 150_000;
/** Observer eye height on a dominating height, and the height of what it must see (a vehicle), metres. */
const OBSERVER_HEIGHT_M = 2;
const TARGET_HEIGHT_M = 2;
// Codes of the obstacle region raster: class × cause for areas, then the two edge kinds.
const STEEP_BREAK_CODE = 3 * OBSTACLE_CAUSES.length;
const BUILT_UP_EDGE_CODE = STEEP_BREAK_CODE + 1;

export function evaluateTerrain(input: TerrainEvaluationInput): TerrainEvaluation {
  const { width, height, cellSizeM: c, toLonLat, newId } = input;
  const n = width * height;
  if (input.directions.length === 0) throw new RangeError('at least one direction is needed');
  const timings: Record<EvaluationStage, number> = {
    obstacles: 0,
    distance_transform: 0,
    routes: 0,
    corridor_extraction: 0,
    avenues: 0,
    viewsheds: 0,
    features: 0,
  };
  let t = performance.now();
  const lap = (stage: EvaluationStage) => {
    const now = performance.now();
    timings[stage] += now - t;
    t = now;
  };
  const vehicle = forceVehicleClass(input.force);
  const rules = DEFAULT_MOBILITY_CONFIG[vehicle];
  const corridorEchelon = echelonBelow(input.echelon, 2);
  const avenueEchelon = echelonBelow(input.echelon, 1);
  const corridorWidthM = input.corridorWidthM ?? DEFAULT_CORRIDOR_WIDTH_M[corridorEchelon];
  const avenueWidthM = input.avenueWidthM ?? DEFAULT_CORRIDOR_WIDTH_M[avenueEchelon];
  let roadMask: Uint8Array | null = null;
  if (input.roadSpeedKmh) {
    roadMask = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (input.roadSpeedKmh[i]! > 0) roadMask[i] = 1;
  }

  // 1. Obstacle overlay for the force.
  const mobility = mobilityRaster(
    {
      slopeDegrees: input.slopeDegrees,
      landCover: input.landCover,
      landCoverNodata: input.landCoverNodata,
      roads: roadMask,
    },
    vehicle,
  );
  const linear = burnLinearObstacles(width, height, c, input.waterways ?? [], vehicle);
  const crossingRoads = input.crossingRoads ?? null;
  // A road onto a river without a bridge stops at the bank: the travel surface gets the cut roads.
  const roadSpeedKmh = input.roadSpeedKmh ? Float32Array.from(input.roadSpeedKmh) : null;
  applyLinearObstacles(mobility, linear, crossingRoads, roadSpeedKmh);
  const terrainClass = classifyObstacleTerrain(mobility);
  const causes = obstacleCauses(terrainClass, input.slopeDegrees, input.landCover, rules, linear);
  // Crossing sites: bridge/ford/tunnel cells within two cells of water or a waterway.
  const WATER = OBSTACLE_CAUSES.indexOf('water'),
    WATERWAY = OBSTACLE_CAUSES.indexOf('waterway');
  const wet = new Uint8Array(n);
  let anyWet = false;
  for (let i = 0; i < n; i++) {
    if (terrainClass[i] === SEVERELY_RESTRICTED && (causes[i] === WATER || causes[i] === WATERWAY)) {
      wet[i] = 1;
      anyWet = true;
    }
  }
  let crossings: Uint8Array | null = null;
  lap('obstacles');
  if (crossingRoads && anyWet) {
    const toWet = squaredDistanceTransform(wet, width, height).squared;
    crossings = new Uint8Array(n);
    for (let i = 0; i < n; i++)
      if (crossingRoads[i] !== 0 && toWet[i] <= 4 && terrainClass[i] !== SEVERELY_RESTRICTED)
        crossings[i] = crossingRoads[i]!;
  }
  const ground = corridorGround({
    width,
    height,
    cellSizeM: c,
    terrainClass,
    crossings,
    roads: roadMask,
    corridorWidthM,
  });
  lap('distance_transform');
  const surface = buildTravelSurface(
    {
      width,
      height,
      cellWidth: c,
      cellHeight: c,
      elevation: input.elevation,
      mobility,
      landCover: input.landCover,
      roadSpeedKmh,
    },
    DEFAULT_TRAVEL_MODELS[vehicle],
  );
  lap('routes');

  // 2. Dominating heights and their viewsheds (shared by every direction).
  const peaks = peakProminence(input.elevation, width, height, input.minProminenceM ?? 20).slice(0, input.heights ?? 5);
  const dem = { width, height, data: input.elevation, cellWidth: c, cellHeight: c };
  const radiusM = input.viewshedRadiusM ?? 8000;
  const seenFrom = peaks.map((p) =>
    viewshed(dem, { col: p.cell % width, row: Math.floor(p.cell / width) }, radiusM, {
      observerHeight: OBSERVER_HEIGHT_M,
      targetHeight: TARGET_HEIGHT_M,
    }),
  );
  lap('viewsheds');

  // Positions and features.
  const cellPosition = (i: number) => {
    const p = toLonLat((i % width) + 0.5, Math.floor(i / width) + 0.5);
    return [round(p[0], 7), round(p[1], 7)] as [number, number];
  };
  const place = (i: number) => ({
    mgrs: mgrsReference(cellPosition(i)),
    position: cellPosition(i),
    elevation_m: round(input.elevation[i]!, 1),
  });
  const corner: PixelToLonLat = (x, y) => {
    const p = toLonLat(x, y);
    return [round(p[0], 7), round(p[1], 7)];
  };
  const feature = (properties: Record<string, unknown>, geometry: LayerFeature['geometry']): LayerFeature => ({
    type: 'Feature',
    id: newId(),
    properties,
    geometry,
  });
  const area = (cells: number) => round((cells * c * c) / 1e6, 4);
  // A corridor's polygons, traced over the box of its centreline widened by the corridor width only.
  const croppedPolygons = (mask: Uint8Array, centreline: readonly number[]) => {
    const m = Math.ceil(corridorWidthM / c) + 2;
    let c0 = width,
      c1 = 0,
      r0 = height,
      r1 = 0;
    for (const i of centreline) {
      const col = i % width,
        row = Math.floor(i / width);
      c0 = Math.min(c0, col);
      c1 = Math.max(c1, col);
      r0 = Math.min(r0, row);
      r1 = Math.max(r1, row);
    }
    const x0 = Math.max(0, c0 - m),
      y0 = Math.max(0, r0 - m);
    const w = Math.min(width - 1, c1 + m) - x0 + 1,
      h = Math.min(height - 1, r1 + m) - y0 + 1;
    const crop = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) crop.set(mask.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + w), y * w);
    return maskPolygons(crop, w, h, (x, y) => corner(x + x0, y + y0));
  };
  const layers: Record<EvaluationLayerType, LayerFeature[]> = {
    obstacle: [],
    mobility_corridor: [],
    avenue_of_approach: [],
    key_terrain: [],
  };
  const directionCells: DirectionCells[] = [];
  const directionResults: Record<string, unknown>[] = [];
  const heightShares: number[][] = peaks.map(() => []);

  // 3. Per direction: corridors two echelons below the force, avenues one below, key terrain.
  for (const direction of input.directions) {
    const corridorTimings = { distance_transform: 0, routes: 0, corridor_extraction: 0 };
    const corridors = extractMobilityCorridors(
      {
        width,
        height,
        cellSizeM: c,
        terrainClass,
        crossings,
        surface,
        roads: roadMask,
        start: direction.start,
        objective: direction.objective,
        corridorWidthM,
        ground,
        landCover: input.landCover,
      },
      corridorTimings,
    );
    for (const k of ['distance_transform', 'routes', 'corridor_extraction'] as const) timings[k] += corridorTimings[k];
    t = performance.now();
    const avenues = groupAvenues(
      corridors.map((k) => k.centreline),
      width,
      height,
      c,
      avenueWidthM,
    );
    const lead = avenues.map((members) =>
      members.reduce((best, k) => (corridors[k]!.seconds < corridors[best]!.seconds ? k : best)),
    );
    const heights = peaks.map((p, h) => {
      const seen = seenFrom[h]!;
      const visibleShare = lead.map((k) => {
        const line = corridors[k]!.centreline;
        let visible = 0;
        for (const i of line) if (seen[i] === VIEWSHED_VISIBLE) visible++;
        return visible / Math.max(1, line.length);
      });
      heightShares[h]!.push(...visibleShare);
      return { ...p, visibleShare };
    });
    const measures: AvenueMeasures[] = avenues.map((members, a) => {
      const k = corridors[lead[a]!]!;
      const first = k.centreline[0]!,
        last = k.centreline[k.centreline.length - 1]!;
      const straightM =
        c * Math.hypot((first % width) - (last % width), Math.floor(first / width) - Math.floor(last / width));
      const cells = members.reduce((sum, m) => sum + corridors[m]!.cells, 0);
      const covered = members.reduce((sum, m) => sum + corridors[m]!.cells * corridors[m]!.coverShare, 0);
      return {
        straightM,
        lengthM: k.lengthM,
        seconds: k.seconds,
        frontageM: members.reduce((s, m) => s + corridors[m]!.minWidthM, 0),
        coverShare: cells > 0 ? covered / cells : 0,
        exposedShare: heights.reduce((s, h) => Math.max(s, h.visibleShare[a]!), 0),
        obstaclesCrossed: k.crossings.length,
        roadShare: k.roadShare,
      };
    });
    const ranking = rankAvenues(measures, avenueWidthM);
    const rankOf = new Map(ranking.map((r) => [r.avenue, r]));
    const avenueName = (a: number) => `AA ${rankOf.get(a)!.rank}`;
    const junctionCells = input.junctions ?? [];
    const keyTerrain = keyTerrainCandidates(
      {
        heights: heights.map((h) => ({
          cell: h.cell,
          elevation: h.elevation,
          prominence: h.prominence,
          visibleShare: h.visibleShare,
        })),
        chokepoints: avenues.flatMap((members, a) =>
          members
            .filter((m) => !corridors[m]!.open)
            .map((m) => ({
              cell: corridors[m]!.chokepoint.cell,
              elevation: input.elevation[corridors[m]!.chokepoint.cell]!,
              widthM: corridors[m]!.chokepoint.widthM,
              avenue: a,
            })),
        ),
        crossings: avenues.flatMap((members, a) =>
          members.flatMap((m) =>
            corridors[m]!.crossings.map((cell) => ({
              cell,
              elevation: input.elevation[cell]!,
              avenue: a,
              site: CROSSING_KINDS[(crossings?.[cell] ?? 0) - 1],
            })),
          ),
        ),
        junctions: avenues.flatMap((members, a) =>
          junctionCells
            .filter((j) => members.some((m) => corridors[m]!.mask[j] !== 0))
            .map((cell) => ({ cell, elevation: input.elevation[cell]!, avenue: a })),
        ),
      },
      avenueName,
    ).slice(0, MAX_KEY_TERRAIN);
    lap('avenues');

    const avenueOf = new Map<number, number>();
    avenues.forEach((members, a) => members.forEach((m) => avenueOf.set(m, a)));
    const corridorResults = corridors.map((k, index) => ({
      id: `MC ${index + 1}`,
      avenue: avenueName(avenueOf.get(index)!),
      echelon: corridorEchelon,
      width_required_m: corridorWidthM,
      min_width_m: round(k.minWidthM, 1),
      mean_width_m: round(k.meanWidthM, 1),
      open: k.open,
      length_m: round(k.lengthM, 1),
      seconds: round(k.seconds, 1),
      share_unrestricted: round(k.shareUnrestricted, 4),
      share_restricted: round(k.shareRestricted, 4),
      road_support_share: round(k.roadShare, 4),
      chokepoint: { ...place(k.chokepoint.cell), width_m: round(k.chokepoint.widthM, 1) },
      crossings: k.crossings.map(place),
    }));
    const dir = direction.name;
    for (const [index, k] of corridors.entries()) {
      const { chokepoint, crossings: _c, ...props } = corridorResults[index]!;
      layers.mobility_corridor.push(
        feature(
          { direction: dir, role: 'corridor', ...props, chokepoint_mgrs: chokepoint.mgrs },
          { type: 'MultiPolygon', coordinates: croppedPolygons(k.mask, k.centreline).map((p) => p.coordinates) },
        ),
        feature(
          { direction: dir, role: 'centreline', id: props.id, avenue: props.avenue, echelon: corridorEchelon },
          { type: 'LineString', coordinates: k.centreline.map(cellPosition) },
        ),
        feature(
          { direction: dir, role: 'chokepoint', id: props.id, ...chokepoint },
          { type: 'Point', coordinates: chokepoint.position },
        ),
      );
    }
    const avenueResults = ranking.map((r) => {
      const members = avenues[r.avenue]!;
      const k = corridors[lead[r.avenue]!]!;
      return {
        id: avenueName(r.avenue),
        rank: r.rank,
        echelon: avenueEchelon,
        score: round(r.score, 4),
        corridors: members.map((m) => `MC ${m + 1}`),
        length_m: round(k.lengthM, 1),
        seconds: round(k.seconds, 1),
        start: place(k.centreline[0]!),
        objective: place(k.centreline[k.centreline.length - 1]!),
        cover_share: round(measures[r.avenue]!.coverShare, 4),
        criteria: Object.fromEntries(
          Object.entries(r.criteria).map(([name, v]) => [name, { score: round(v.score, 4), reason: v.reason }]),
        ),
      };
    });
    for (const a of avenueResults) {
      const k = corridors[lead[ranking[a.rank - 1]!.avenue]!]!;
      layers.avenue_of_approach.push(
        feature(
          {
            direction: dir,
            id: a.id,
            rank: a.rank,
            echelon: a.echelon,
            score: a.score,
            corridors: a.corridors,
            length_m: a.length_m,
            seconds: a.seconds,
          },
          { type: 'LineString', coordinates: k.centreline.map(cellPosition) },
        ),
      );
    }
    const keyResults = keyTerrain.map((k) => ({
      id: `KT ${k.rank}`,
      rank: k.rank,
      kind: k.kind,
      ...place(k.cell),
      score: round(k.score, 4),
      avenues: k.avenues.map(avenueName),
      reason: k.reason,
    }));
    for (const { position, ...props } of keyResults)
      layers.key_terrain.push(feature({ direction: dir, ...props }, { type: 'Point', coordinates: position }));
    directionCells.push({ name: dir, corridors, avenues, ranking, keyTerrain });
    directionResults.push({ name: dir, corridors: corridorResults, avenues: avenueResults, key_terrain: keyResults });
    lap('features');
  }

  // 4. The obstacle layer: one region raster (class × cause, steep breaks, built-up edges).
  const regions = new Uint16Array(n);
  for (let i = 0; i < n; i++)
    if (terrainClass[i] !== UNRESTRICTED) regions[i] = terrainClass[i]! * OBSTACLE_CAUSES.length + causes[i]!;
  const steep = steepBreakMask(input.slopeDegrees);
  const edges = builtUpEdgeMask(input.landCover, width, height);
  let steepCells = 0;
  for (let i = 0; i < n; i++) {
    if (steep[i] !== 0) {
      regions[i] = STEEP_BREAK_CODE;
      steepCells++;
    } else if (edges[i] !== 0) regions[i] = BUILT_UP_EDGE_CODE;
  }
  const obstacleFeatures = maskPolygons(regions, width, height, corner, MIN_OBSTACLE_CELLS).map((p) => {
    const code = p.value;
    const [kind, cls, cause] =
      code === STEEP_BREAK_CODE
        ? ['steep_break', SEVERELY_RESTRICTED, 'slope']
        : code === BUILT_UP_EDGE_CODE
          ? ['built_up_edge', terrainClass[p.firstCell]!, 'built_up']
          : [
              OBSTACLE_CAUSES[code % OBSTACLE_CAUSES.length] === 'waterway' ? 'waterway' : 'area',
              Math.floor(code / OBSTACLE_CAUSES.length),
              OBSTACLE_CAUSES[code % OBSTACLE_CAUSES.length],
            ];
    return feature(
      { obstacle_kind: kind, terrain_class: TERRAIN_CLASS_NAMES[cls as number], cause, area_km2: area(p.cells) },
      { type: 'Polygon', coordinates: p.coordinates },
    );
  });
  // A layer is one event: the largest obstacles first, up to the position budget.
  const positionsOf = (f: LayerFeature) =>
    (f.geometry.coordinates as [number, number][][]).reduce((s, r) => s + r.length, 0);
  obstacleFeatures.sort((a, b) => (b.properties.area_km2 as number) - (a.properties.area_km2 as number));
  let budget = input.maxObstaclePositions ?? MAX_OBSTACLE_POSITIONS;
  layers.obstacle = obstacleFeatures.filter((f) => (budget -= positionsOf(f)) >= 0);

  // 5. OAKOC summary (ipb-and-coa-facts.md §4.2).
  const counts = [0, 0, 0];
  let forest = 0,
    built = 0;
  for (let i = 0; i < n; i++) {
    counts[terrainClass[i]!]!++;
    if (input.landCover[i] === WORLDCOVER.treeCover) forest++;
    else if (input.landCover[i] === WORLDCOVER.builtUp) built++;
  }
  const byDirection = <T>(pick: (r: Record<string, unknown>) => T) =>
    Object.fromEntries(directionResults.map((r) => [r.name as string, pick(r)]));
  const oakoc = {
    observation_and_fields_of_fire: {
      dominating_heights: peaks.map((p, h) => ({
        ...place(p.cell),
        prominence_m: round(p.prominence, 1),
        largest_share_of_an_axis_seen: round(Math.max(0, ...heightShares[h]!), 4),
      })),
      observer_height_m: OBSERVER_HEIGHT_M,
      target_height_m: TARGET_HEIGHT_M,
      radius_m: radiusM,
    },
    avenues_of_approach: byDirection((r) =>
      (r.avenues as Array<Record<string, unknown>>).map((a) => ({
        id: a.id,
        rank: a.rank,
        echelon: a.echelon,
        corridors: a.corridors,
        score: a.score,
        length_m: a.length_m,
        seconds: a.seconds,
        start_mgrs: (a.start as { mgrs: string }).mgrs,
        objective_mgrs: (a.objective as { mgrs: string }).mgrs,
      })),
    ),
    key_terrain: byDirection((r) =>
      (r.key_terrain as Array<Record<string, unknown>>).map((k) => ({
        id: k.id,
        kind: k.kind,
        mgrs: k.mgrs,
        elevation_m: k.elevation_m,
        avenues: k.avenues,
        reason: k.reason,
      })),
    ),
    obstacles: {
      share_unrestricted: round(counts[UNRESTRICTED]! / n, 4),
      share_restricted: round(counts[RESTRICTED]! / n, 4),
      share_severely_restricted: round(counts[SEVERELY_RESTRICTED]! / n, 4),
      waterways: (input.waterways ?? []).length,
      crossing_sites_used: new Set(directionCells.flatMap((d) => d.corridors.flatMap((k) => k.crossings))).size,
      steep_break_km2: area(steepCells),
      layer: { regions: obstacleFeatures.length, drawn: layers.obstacle.length, min_cells: MIN_OBSTACLE_CELLS },
    },
    cover_and_concealment: {
      forest_share: round(forest / n, 4),
      built_up_share: round(built / n, 4),
      by_avenue: byDirection((r) =>
        Object.fromEntries((r.avenues as Array<Record<string, unknown>>).map((a) => [a.id, a.cover_share])),
      ),
    },
  };
  lap('features');
  return {
    layers,
    result: {
      force: input.force,
      echelon: input.echelon,
      movement: vehicle,
      cell_size_m: round(c, 4),
      corridor_echelon: corridorEchelon,
      corridor_width_m: corridorWidthM,
      avenue_echelon: avenueEchelon,
      avenue_width_m: avenueWidthM,
      directions: directionResults,
      oakoc,
      timings_ms: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, round(v, 1)])),
    },
    cells: { terrainClass, directions: directionCells },
    timings,
  };
}
