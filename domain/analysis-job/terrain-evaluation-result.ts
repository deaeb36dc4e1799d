// The result of a terrain evaluation analysis: the footprint's rasters and road network turned into
// the inputs of evaluateTerrain (domain/terrain-evaluation/) for each direction
// (terrain-evaluation-directions.ts): the four MCOO layers and one result with the OAKOC summary. Pure.
import { burnRoadSpeeds, type PixelRoad } from '../terrain-analysis/burn-road-speeds.ts';
import { forEachSegmentCell } from '../terrain-analysis/for-each-segment-cell.ts';
import { lineCellMask } from './line-cell-mask.ts';
import { polygonCellMask } from '../terrain-analysis/polygon-cell-mask.ts';
import type { WaterwayLine } from '../terrain-evaluation/burn-linear-obstacles.ts';
import { CROSSING_KINDS } from '../terrain-evaluation/crossing-kind.ts';
import { evaluateTerrain } from '../terrain-evaluation/evaluate-terrain.ts';
import type { LonLat, PlaceGeometry, TerrainEvaluationParameters } from './analysis-parameters.ts';
import type { ElevationGrid } from './elevation-grid.ts';
import { cellOfLonLat, groundCellSizeM, lonLatOfPixel, pixelOfLonLat, type FootprintGrid } from './footprint-grid.ts';
import { footprintSlopeDegrees } from './footprint-slope-degrees.ts';
import { LAND_COVER_NODATA } from './landing-zones-result.ts';
import { terrainEvaluationDirections } from './terrain-evaluation-directions.ts';

/** The road network of the footprint as a terrain evaluation reads it. */
export interface EvaluationRoads {
  roads: PixelRoad[];
  /** Lines of roads tagged bridge, ford or tunnel (or above layer 0), pixel coordinates. */
  crossings: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** What each of `crossings` is (same order); without it every crossing is a "crossing site". */
  crossingSites?: ReadonlyArray<(typeof CROSSING_KINDS)[number]>;
  /** Road junctions (three or more road ends meet), pixel coordinates. */
  junctions: ReadonlyArray<readonly [number, number]>;
}

function placeMask(grid: FootprintGrid, place: PlaceGeometry): Uint8Array {
  const { width, height } = grid;
  if (place.type === 'Polygon') {
    return polygonCellMask(
      width,
      height,
      [place.coordinates.map((ring) => ring.map((p) => pixelOfLonLat(grid, p)))],
      'touch',
    );
  }
  const mask = new Uint8Array(width * height);
  if (place.type === 'Point') {
    const cell = cellOfLonLat(grid, place.coordinates);
    if (!cell) throw new RangeError(`[${place.coordinates.join(', ')}] lies outside the evaluated area`);
    mask[cell.row * width + cell.col] = 1;
    return mask;
  }
  const line = place.coordinates.map((p) => pixelOfLonLat(grid, p));
  for (let k = 1; k < line.length; k++) {
    forEachSegmentCell(line[k - 1]![0], line[k - 1]![1], line[k]![0], line[k]![1], width, height, (i) => {
      mask[i] = 1;
    });
  }
  if (!mask.includes(1)) throw new RangeError('the start or objective line lies outside the evaluated area');
  return mask;
}

export function terrainEvaluationResult(
  elevation: ElevationGrid,
  landCover: Uint8Array,
  network: EvaluationRoads,
  parameters: TerrainEvaluationParameters,
  newId: () => string,
  waterways: readonly WaterwayLine[] = [],
) {
  const { grid } = elevation;
  const { width, height } = grid;
  const ring = parameters.area.coordinates[0]!;
  const centreLat = (Math.min(...ring.map((p) => p[1])) + Math.max(...ring.map((p) => p[1]))) / 2;
  const cellSizeM = groundCellSizeM(grid, centreLat);
  const slopeDegrees = footprintSlopeDegrees(elevation);
  const roadSpeedKmh = burnRoadSpeeds(width, height, network.roads);
  const crossingRoads = new Uint8Array(width * height);
  network.crossings.forEach((line, k) => {
    const site = network.crossingSites?.[k];
    const code = site ? CROSSING_KINDS.indexOf(site) + 1 : CROSSING_KINDS.length + 1;
    const cells = lineCellMask(width, height, [line]);
    for (let i = 0; i < cells.length; i++) if (cells[i] !== 0 && crossingRoads[i] === 0) crossingRoads[i] = code;
  });
  const junctions = network.junctions
    .map(([x, y]) => [Math.floor(x), Math.floor(y)] as const)
    .filter(([col, row]) => col >= 0 && row >= 0 && col < width && row < height)
    .map(([col, row]) => row * width + col);
  const area = polygonCellMask(
    width,
    height,
    [parameters.area.coordinates.map((r) => r.map((p: LonLat) => pixelOfLonLat(grid, p)))],
    'centre',
  );
  const directions = terrainEvaluationDirections(
    area,
    width,
    height,
    parameters.start ? placeMask(grid, parameters.start) : null,
    parameters.objective ? placeMask(grid, parameters.objective) : null,
    parameters.enemy_side,
  );
  const { layers, result } = evaluateTerrain({
    width,
    height,
    cellSizeM,
    elevation: elevation.data,
    slopeDegrees,
    landCover,
    landCoverNodata: LAND_COVER_NODATA,
    roadSpeedKmh,
    crossingRoads,
    junctions,
    waterways,
    force: parameters.force,
    echelon: parameters.echelon,
    directions,
    corridorWidthM: parameters.corridor_width_m ?? undefined,
    avenueWidthM: parameters.avenue_width_m ?? undefined,
    toLonLat: (x, y) => lonLatOfPixel(grid, x, y),
    newId,
  });
  return { layers, result };
}
