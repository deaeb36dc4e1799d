import { forEachSegmentCell } from '../terrain-analysis/for-each-segment-cell.ts';
import type { VehicleClass } from '../terrain/mobility-config.ts';
import { RESTRICTED, SEVERELY_RESTRICTED } from './terrain-evaluation-types.ts';

/** An OSM `waterway=*` line in pixel coordinates of the grid (x = col, y = row from the north-west). */
export interface WaterwayLine {
  line: ReadonlyArray<readonly [number, number]>;
  /** The OSM `waterway` value: river, canal, stream, ditch, drain, … */
  kind: string;
  /** The OSM `width` tag in metres when present and numeric. */
  widthM?: number | null;
}

/**
 * Width assumed for a waterway without a `width` tag, metres, by its OSM class. ASSUMPTION (OSM
 * wiki class definitions: a river is wide enough to be mapped as an area at large scale, a stream
 * can be jumped across; numbers ours): river 20, canal 15, stream 3, ditch and drain 2, others 3.
 */
export const WATERWAY_DEFAULT_WIDTH_M: Readonly<Record<string, number>> = {
  river: 20,
  canal: 15,
  stream: 3,
  ditch: 2,
  drain: 2,
};
const OTHER_WATERWAY_WIDTH_M = 3;

/**
 * Gap from which a waterway is severely restricted for each mover, metres; narrower ones are
 * restricted (banks and bed slow movement). ASSUMPTION: gap-crossing limits by vehicle were NOT
 * FOUND in the doctrine sheet (ipb-and-coa-facts.md §1.3); a tracked fighting vehicle spans a trench
 * of about 2.5 m, a wheeled one far less, a soldier wades a shallow stream: wheeled 1.5, tracked 2.5,
 * foot 5.
 */
export const SEVERE_GAP_M: Readonly<Record<VehicleClass, number>> = { wheeled: 1.5, tracked: 2.5, foot: 5 };

/** Width a waterway is taken to have, metres: its `width` tag, else the class default. */
export const waterwayWidthM = (w: WaterwayLine): number =>
  w.widthM != null && w.widthM > 0 && Number.isFinite(w.widthM)
    ? w.widthM
    : (WATERWAY_DEFAULT_WIDTH_M[w.kind] ?? OTHER_WATERWAY_WIDTH_M);

/**
 * The linear-obstacle raster of waterways for a mover: SEVERELY_RESTRICTED (2) or RESTRICTED (1) on
 * every cell a waterway passes through, 0 elsewhere. Every cell the line touches is marked (a
 * supercover walk, so a diagonal river leaves no corner to slip through), and a waterway wider than
 * a cell also marks the cells whose centre lies within half its width of the line. Crossing sites
 * are not removed here: classifyObstacleTerrain and applyLinearObstacles take them separately.
 */
export function burnLinearObstacles(
  width: number,
  height: number,
  cellSizeM: number,
  waterways: readonly WaterwayLine[],
  mover: VehicleClass,
): Uint8Array {
  if (!(cellSizeM > 0)) throw new RangeError(`cell size must be positive metres, got ${cellSizeM}`);
  const severeGap = SEVERE_GAP_M[mover];
  if (severeGap === undefined) throw new RangeError(`unknown mover ${JSON.stringify(mover)}`);
  const out = new Uint8Array(width * height);
  for (const waterway of waterways) {
    const widthM = waterwayWidthM(waterway);
    const code = widthM >= severeGap ? SEVERELY_RESTRICTED : RESTRICTED;
    const mark = (i: number) => {
      if (out[i] < code) out[i] = code;
    };
    const half = widthM / 2 / cellSizeM;
    const { line } = waterway;
    for (let k = 1; k < line.length; k++) {
      const [x0, y0] = line[k - 1]!;
      const [x1, y1] = line[k]!;
      if (![x0, y0, x1, y1].every(Number.isFinite)) throw new RangeError('waterway coordinates must be finite');
      forEachSegmentCell(x0, y0, x1, y1, width, height, mark);
      if (half > 0.5) markWithin(x0, y0, x1, y1, half, width, height, mark);
    }
  }
  return out;
}

// Cells whose centre lies within `half` pixels of the segment.
function markWithin(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  half: number,
  width: number,
  height: number,
  mark: (i: number) => void,
): void {
  const c0 = Math.max(0, Math.floor(Math.min(x0, x1) - half)),
    c1 = Math.min(width - 1, Math.ceil(Math.max(x0, x1) + half));
  const r0 = Math.max(0, Math.floor(Math.min(y0, y1) - half)),
    r1 = Math.min(height - 1, Math.ceil(Math.max(y0, y1) + half));
  const dx = x1 - x0,
    dy = y1 - y0,
    len2 = dx * dx + dy * dy;
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const px = col + 0.5,
        py = row + 0.5;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
      const ex = x0 + t * dx - px,
        ey = y0 + t * dy - py;
      if (ex * ex + ey * ey <= half * half) mark(row * width + col);
    }
  }
}
