import { forEachSegmentCell } from './for-each-segment-cell.ts';

/** A road of the road graph in pixel coordinates of the work grid (x = col, y = row from the north-west). */
export interface PixelRoad {
  line: ReadonlyArray<readonly [number, number]>;
  /** The edge's travel speed (road graph `speedKmh`), > 0. */
  speedKmh: number;
}

/**
 * The `roadSpeedKmh` raster of a route's RouteRasters: every cell a road's line passes through
 * (forEachSegmentCell) gets the speed of the fastest road through it; 0 elsewhere. Burning in every
 * cell a road touches keeps a diagonal road connected for a king's-move search, so a route can follow
 * it, leave it and join it anywhere. Throws a RangeError for a non-positive speed or a bad coordinate.
 */
export function burnRoadSpeeds(width: number, height: number, roads: readonly PixelRoad[]): Float32Array {
  const speeds = new Float32Array(width * height);
  for (const road of roads) {
    const { line, speedKmh } = road;
    if (!(speedKmh > 0) || !Number.isFinite(speedKmh)) {
      throw new RangeError(`road speed must be positive km/h, got ${speedKmh}`);
    }
    for (const [x, y] of line) {
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        throw new RangeError(`road coordinate ${x}, ${y} is not finite`);
      }
    }
    const burn = (index: number) => {
      if (speeds[index] < speedKmh) speeds[index] = speedKmh;
    };
    if (line.length === 1) forEachSegmentCell(line[0][0], line[0][1], line[0][0], line[0][1], width, height, burn);
    for (let k = 1; k < line.length; k++) {
      forEachSegmentCell(line[k - 1][0], line[k - 1][1], line[k][0], line[k][1], width, height, burn);
    }
  }
  return speeds;
}
