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
import { builtUpEdgeMask } from './built-up-edge-mask.ts';
import { burnLinearObstacles, type WaterwayLine } from './burn-linear-obstacles.ts';
import { classifyObstacleTerrain } from './classify-obstacle-terrain.ts';
import { DEFAULT_CORRIDOR_WIDTH_M, echelonBelow } from './echelon-table.ts';
import { extractMobilityCorridors, type MobilityCorridor } from './extract-mobility-corridors.ts';
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
  RESTRICTED, SEVERELY_RESTRICTED, TERRAIN_CLASS_NAMES, UNRESTRICTED,
  type Echelon, type Force, type PixelToLonLat,
} from './terrain-evaluation-types.ts';

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
  /** Cells of roads tagged bridge, ford or tunnel. */
  crossingRoads?: Uint8Array | null;
  /** Road junction cells (indices). */
  junctions?: readonly number[];
  waterways?: readonly WaterwayLine[];
  force: Force;
  echelon: Echelon;
  start: Uint8Array;
  objective: Uint8Array;
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
  /** Leave the obstacle layer empty (a second direction over the same ground already has it). */
  skipObstacleLayer?: boolean;
  toLonLat: PixelToLonLat;
  newId: () => string;
}

export type EvaluationLayerType = 'obstacle' | 'mobility_corridor' | 'avenue_of_approach' | 'key_terrain';
export const EVALUATION_LAYER_TYPES: readonly EvaluationLayerType[] = ['obstacle', 'mobility_corridor', 'avenue_of_approach', 'key_terrain'];

export interface TerrainEvaluation {
  layers: Record<EvaluationLayerType, LayerFeature[]>;
  result: Record<string, unknown>;
  /** Cell-level products, for tests and the map sheet. */
  cells: {
    terrainClass: Uint8Array;
    corridors: MobilityCorridor[];
    avenues: number[][];
    /** Avenue index (into `avenues`) in ranked order. */
    ranking: ReturnType<typeof rankAvenues>;
    keyTerrain: ReturnType<typeof keyTerrainCandidates>;
  };
  /** Milliseconds per stage. */
  timings: Record<'obstacles' | 'distance_transform_and_corridors' | 'avenues' | 'viewsheds' | 'features', number>;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
/** Obstacle regions smaller than this many cells stay in the rasters but are left off the layer. */
const MIN_OBSTACLE_CELLS = 4;
/** Positions the obstacle layer may hold (a layer is one event; the map layer limit is 250,000). */
const MAX_OBSTACLE_POSITIONS = 150_000;
/** Observer eye height on a dominating height, and the height of what it must see (a vehicle), metres. */
const OBSERVER_HEIGHT_M = 2;
const TARGET_HEIGHT_M = 2;

export function evaluateTerrain(input: TerrainEvaluationInput): TerrainEvaluation {
  const { width, height, cellSizeM: c, toLonLat, newId } = input;
  const n = width * height;
  const t0 = performance.now();
  const vehicle = forceVehicleClass(input.force);
  const rules = DEFAULT_MOBILITY_CONFIG[vehicle];
  const corridorEchelon = echelonBelow(input.echelon, 2);
  const avenueEchelon = echelonBelow(input.echelon, 1);
  const corridorWidthM = input.corridorWidthM ?? DEFAULT_CORRIDOR_WIDTH_M[corridorEchelon];
  const avenueWidthM = input.avenueWidthM ?? DEFAULT_CORRIDOR_WIDTH_M[avenueEchelon];
  const roadMask = input.roadSpeedKmh ? Uint8Array.from(input.roadSpeedKmh, (s) => (s > 0 ? 1 : 0)) : null;

  // 1. Obstacle overlay for the force.
  const mobility = mobilityRaster(
    { slopeDegrees: input.slopeDegrees, landCover: input.landCover, landCoverNodata: input.landCoverNodata, roads: roadMask },
    vehicle,
  );
  const linear = burnLinearObstacles(width, height, c, input.waterways ?? [], vehicle);
  const crossingRoads = input.crossingRoads ?? null;
  applyLinearObstacles(mobility, linear, crossingRoads);
  const terrainClass = classifyObstacleTerrain(mobility);
  const causes = obstacleCauses(terrainClass, input.slopeDegrees, input.landCover, rules, linear);
  // Crossing sites: bridge/ford/tunnel cells within two cells of water or a waterway.
  const wet = Uint8Array.from(causes, (k, i) => (terrainClass[i] === SEVERELY_RESTRICTED
    && (OBSTACLE_CAUSES[k] === 'water' || OBSTACLE_CAUSES[k] === 'waterway') ? 1 : 0));
  let crossings: Uint8Array | null = null;
  if (crossingRoads && wet.includes(1)) {
    const toWet = squaredDistanceTransform(wet, width, height).squared;
    crossings = Uint8Array.from(crossingRoads, (v, i) => (v !== 0 && toWet[i] <= 4 && terrainClass[i] !== SEVERELY_RESTRICTED ? 1 : 0));
  }
  const t1 = performance.now();

  // 2. Mobility corridors two echelons below the force.
  const surface = buildTravelSurface(
    { width, height, cellWidth: c, cellHeight: c, elevation: input.elevation, mobility, landCover: input.landCover, roadSpeedKmh: input.roadSpeedKmh ?? null },
    DEFAULT_TRAVEL_MODELS[vehicle],
  );
  const corridors = extractMobilityCorridors({
    width, height, cellSizeM: c, terrainClass, crossings, surface, roads: roadMask,
    start: input.start, objective: input.objective, corridorWidthM,
  });
  const t2 = performance.now();

  // 3. Avenues: mutually supporting corridors; the quickest corridor of each leads it.
  const avenues = groupAvenues(corridors.map((k) => k.centreline), width, height, c, avenueWidthM);
  const lead = avenues.map((members) => members.reduce((best, k) => (corridors[k]!.seconds < corridors[best]!.seconds ? k : best)));
  const t3 = performance.now();

  // 4. Dominating heights and what they see of each avenue's axis.
  const peaks = peakProminence(input.elevation, width, height, input.minProminenceM ?? 20).slice(0, input.heights ?? 5);
  const dem = { width, height, data: input.elevation, cellWidth: c, cellHeight: c };
  const heights = peaks.map((p) => {
    const seen = viewshed(dem, { col: p.cell % width, row: Math.floor(p.cell / width) }, input.viewshedRadiusM ?? 8000,
      { observerHeight: OBSERVER_HEIGHT_M, targetHeight: TARGET_HEIGHT_M });
    const visibleShare = lead.map((k) => {
      const line = corridors[k]!.centreline;
      return line.filter((i) => seen[i] === VIEWSHED_VISIBLE).length / Math.max(1, line.length);
    });
    return { ...p, visibleShare };
  });
  const t4 = performance.now();

  const measures: AvenueMeasures[] = avenues.map((members, a) => {
    const k = corridors[lead[a]!]!;
    const first = k.centreline[0]!, last = k.centreline[k.centreline.length - 1]!;
    const straightM = c * Math.hypot(first % width - last % width, Math.floor(first / width) - Math.floor(last / width));
    let covered = 0, cells = 0;
    for (const m of members) {
      const mask = corridors[m]!.mask;
      for (let i = 0; i < n; i++) {
        if (mask[i] === 0) continue;
        cells++;
        if (input.landCover[i] === WORLDCOVER.treeCover || input.landCover[i] === WORLDCOVER.builtUp) covered++;
      }
    }
    return {
      straightM, lengthM: k.lengthM, seconds: k.seconds,
      frontageM: members.reduce((s, m) => s + corridors[m]!.minWidthM, 0),
      coverShare: cells > 0 ? covered / cells : 0,
      exposedShare: heights.reduce((s, h) => Math.max(s, h.visibleShare[a]!), 0),
      obstaclesCrossed: k.crossings.length,
      roadShare: k.roadShare,
    };
  });
  const ranking = rankAvenues(measures, avenueWidthM);
  const rankOf = new Map(ranking.map((r) => [r.avenue, r]));

  // 5. Key terrain candidates.
  const junctionCells = input.junctions ?? [];
  const avenueName = (a: number) => `AA ${rankOf.get(a)!.rank}`;
  const keyTerrain = keyTerrainCandidates({
    heights: heights.map((h) => ({ cell: h.cell, elevation: h.elevation, prominence: h.prominence, visibleShare: h.visibleShare })),
    chokepoints: avenues.flatMap((members, a) => members.filter((m) => !corridors[m]!.open).map((m) => ({
      cell: corridors[m]!.chokepoint.cell, elevation: input.elevation[corridors[m]!.chokepoint.cell]!, widthM: corridors[m]!.chokepoint.widthM, avenue: a,
    }))),
    crossings: avenues.flatMap((members, a) => members.flatMap((m) => corridors[m]!.crossings.map((cell) => ({
      cell, elevation: input.elevation[cell]!, avenue: a,
    })))),
    junctions: avenues.flatMap((members, a) => junctionCells
      .filter((j) => members.some((m) => corridors[m]!.mask[j] !== 0))
      .map((cell) => ({ cell, elevation: input.elevation[cell]!, avenue: a }))),
  }, avenueName);

  // 6. Features.
  const t5 = performance.now();
  const cellPosition = (i: number) => {
    const p = toLonLat((i % width) + 0.5, Math.floor(i / width) + 0.5);
    return [round(p[0], 7), round(p[1], 7)] as [number, number];
  };
  const place = (i: number) => ({ mgrs: mgrsReference(cellPosition(i)), position: cellPosition(i), elevation_m: round(input.elevation[i]!, 1) });
  const corner: PixelToLonLat = (x, y) => {
    const p = toLonLat(x, y);
    return [round(p[0], 7), round(p[1], 7)];
  };
  const feature = (properties: Record<string, unknown>, geometry: LayerFeature['geometry']): LayerFeature =>
    ({ type: 'Feature', id: newId(), properties, geometry });
  const area = (cells: number) => round((cells * c * c) / 1e6, 4);

  const obstacleFeatures: LayerFeature[] = [];
  for (const cls of input.skipObstacleLayer ? [] : [SEVERELY_RESTRICTED, RESTRICTED]) {
    for (let cause = 1; cause < OBSTACLE_CAUSES.length; cause++) {
      const mask = Uint8Array.from(terrainClass, (v, i) => (v === cls && causes[i] === cause ? 1 : 0));
      if (!mask.includes(1)) continue;
      for (const p of maskPolygons(mask, width, height, corner, MIN_OBSTACLE_CELLS)) {
        obstacleFeatures.push(feature({
          obstacle_kind: OBSTACLE_CAUSES[cause] === 'waterway' ? 'waterway' : 'area',
          terrain_class: TERRAIN_CLASS_NAMES[cls], cause: OBSTACLE_CAUSES[cause], area_km2: area(p.cells),
        }, { type: 'Polygon', coordinates: p.coordinates }));
      }
    }
  }
  const steep = steepBreakMask(input.slopeDegrees);
  for (const p of input.skipObstacleLayer ? [] : maskPolygons(steep, width, height, corner, MIN_OBSTACLE_CELLS)) {
    obstacleFeatures.push(feature({ obstacle_kind: 'steep_break', terrain_class: 'severely_restricted', cause: 'slope', area_km2: area(p.cells) },
      { type: 'Polygon', coordinates: p.coordinates }));
  }
  const builtUpEdges = input.skipObstacleLayer ? [] : maskPolygons(builtUpEdgeMask(input.landCover, width, height), width, height, corner, MIN_OBSTACLE_CELLS);
  for (const p of builtUpEdges) {
    obstacleFeatures.push(feature({ obstacle_kind: 'built_up_edge', terrain_class: TERRAIN_CLASS_NAMES[terrainClass[p.firstCell]!], cause: 'built_up', area_km2: area(p.cells) },
      { type: 'Polygon', coordinates: p.coordinates }));
  }

  // A layer is one event: the largest obstacles first, up to the position budget.
  const positionsOf = (f: LayerFeature) => (f.geometry.coordinates as [number, number][][]).reduce((t, r) => t + r.length, 0);
  obstacleFeatures.sort((a, b) => (b.properties.area_km2 as number) - (a.properties.area_km2 as number));
  let budget = input.maxObstaclePositions ?? MAX_OBSTACLE_POSITIONS;
  const obstaclesDrawn = obstacleFeatures.filter((f) => (budget -= positionsOf(f)) >= 0);
  const obstacleLayer = { regions: obstacleFeatures.length, drawn: obstaclesDrawn.length, min_cells: MIN_OBSTACLE_CELLS };

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
  const corridorFeatures = corridors.flatMap((k, index) => {
    const { chokepoint, crossings: _c, ...props } = corridorResults[index]!;
    return [
      feature({ role: 'corridor', ...props, chokepoint_mgrs: chokepoint.mgrs },
        { type: 'MultiPolygon', coordinates: maskPolygons(k.mask, width, height, corner).map((p) => p.coordinates) }),
      feature({ role: 'centreline', id: props.id, avenue: props.avenue, echelon: corridorEchelon },
        { type: 'LineString', coordinates: k.centreline.map(cellPosition) }),
      feature({ role: 'chokepoint', id: props.id, ...chokepoint }, { type: 'Point', coordinates: chokepoint.position }),
    ];
  });
  const avenueResults = ranking.map((r) => {
    const members = avenues[r.avenue]!;
    const k = corridors[lead[r.avenue]!]!;
    return {
      id: avenueName(r.avenue), rank: r.rank, echelon: avenueEchelon, score: round(r.score, 4),
      corridors: members.map((m) => `MC ${m + 1}`),
      length_m: round(k.lengthM, 1), seconds: round(k.seconds, 1),
      start: place(k.centreline[0]!), objective: place(k.centreline[k.centreline.length - 1]!),
      criteria: Object.fromEntries(Object.entries(r.criteria).map(([name, v]) => [name, { score: round(v.score, 4), reason: v.reason }])),
    };
  });
  const avenueFeatures = avenueResults.map((a) => {
    const k = corridors[lead[ranking[a.rank - 1]!.avenue]!]!;
    return feature({ id: a.id, rank: a.rank, echelon: a.echelon, score: a.score, corridors: a.corridors, length_m: a.length_m, seconds: a.seconds },
      { type: 'LineString', coordinates: k.centreline.map(cellPosition) });
  });
  const keyResults = keyTerrain.map((k) => ({
    id: `KT ${k.rank}`, rank: k.rank, kind: k.kind, ...place(k.cell), score: round(k.score, 4),
    avenues: k.avenues.map(avenueName), reason: k.reason,
  }));
  const keyFeatures = keyResults.map(({ position, ...props }) => feature(props, { type: 'Point', coordinates: position }));

  // 7. OAKOC summary.
  let counts = [0, 0, 0];
  for (let i = 0; i < n; i++) counts[terrainClass[i]!]!++;
  counts = counts.map((v) => v / n);
  let forest = 0, built = 0;
  for (let i = 0; i < n; i++) {
    if (input.landCover[i] === WORLDCOVER.treeCover) forest++;
    else if (input.landCover[i] === WORLDCOVER.builtUp) built++;
  }
  const waterwayCrossings = new Set(corridors.flatMap((k) => k.crossings)).size;
  const oakoc = {
    observation_and_fields_of_fire: {
      dominating_heights: heights.map((h) => ({
        ...place(h.cell), prominence_m: round(h.prominence, 1),
        visible_share_by_avenue: Object.fromEntries(h.visibleShare.map((s, a) => [avenueName(a), round(s, 4)])),
      })),
      observer_height_m: OBSERVER_HEIGHT_M, target_height_m: TARGET_HEIGHT_M, radius_m: input.viewshedRadiusM ?? 8000,
    },
    avenues_of_approach: avenueResults.map((a) => ({ id: a.id, rank: a.rank, echelon: a.echelon, corridors: a.corridors, score: a.score })),
    key_terrain: keyResults.map((k) => ({ id: k.id, kind: k.kind, mgrs: k.mgrs, elevation_m: k.elevation_m, avenues: k.avenues, reason: k.reason })),
    obstacles: {
      share_unrestricted: round(counts[UNRESTRICTED]!, 4),
      share_restricted: round(counts[RESTRICTED]!, 4),
      share_severely_restricted: round(counts[SEVERELY_RESTRICTED]!, 4),
      waterways: (input.waterways ?? []).length,
      crossing_sites_used: waterwayCrossings,
      steep_break_km2: area(steep.reduce((s, v) => s + v, 0)),
      layer: obstacleLayer,
    },
    cover_and_concealment: {
      forest_share: round(forest / n, 4), built_up_share: round(built / n, 4),
      by_avenue: Object.fromEntries(ranking.map((r) => [avenueName(r.avenue), round(measures[r.avenue]!.coverShare, 4)])),
    },
  };
  const t6 = performance.now();
  return {
    layers: { obstacle: obstaclesDrawn, mobility_corridor: corridorFeatures, avenue_of_approach: avenueFeatures, key_terrain: keyFeatures },
    result: {
      force: input.force, echelon: input.echelon, movement: vehicle, cell_size_m: round(c, 4),
      corridor_echelon: corridorEchelon, corridor_width_m: corridorWidthM,
      avenue_echelon: avenueEchelon, avenue_width_m: avenueWidthM,
      corridors: corridorResults, avenues: avenueResults, key_terrain: keyResults, oakoc,
    },
    cells: { terrainClass, corridors, avenues, ranking, keyTerrain },
    timings: {
      obstacles: round(t1 - t0, 1), distance_transform_and_corridors: round(t2 - t1, 1), avenues: round(t3 - t2, 1),
      viewsheds: round(t4 - t3, 1), features: round(t6 - t4, 1),
    },
  };
}
