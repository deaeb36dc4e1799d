import type { PixelToLonLat } from './terrain-evaluation-types.ts';
import { ringCrossingIssue } from '../map/geojson/ring-crossing-issue.ts';

/** One 4-connected region of a mask as a GeoJSON polygon (outer ring counter-clockwise, holes clockwise). */
export interface MaskPolygon {
  /** Cells of the region. */
  cells: number;
  /** Index (row · width + col) of the region's first cell in row-major order. */
  firstCell: number;
  /** The value its cells hold. */
  value: number;
  coordinates: [number, number][][];
}

const LEFT_TURN = [3, 0, 1, 2]; // E → N, S → E, W → S, N → W: the counter-clockwise turn on screen (rows grow southward)
const DX = [1, 0, -1, 0];
const DY = [0, 1, 0, -1];

/**
 * The regions of a raster (4-connected cells of one non-zero value; for a mask, its non-zero cells) as polygons whose rings follow the cells'
 * edges exactly: a cell is inside a polygon if and only if it is in the region, so a polygon never
 * holds a cell the mask leaves out. Rings are traced along the boundary edges with the region on the
 * right (clockwise on screen). Where two cells of one region touch only at a corner (a pinch), the
 * trace turns left, crossing to the other cell: the region is 4-connected, so the two cells are joined
 * elsewhere too and enclose one of the two empty cells at the corner. Turning left makes that cell a
 * hole touching its neighbour ring at one point (each ring simple, as the API's validation wants);
 * turning right would leave one ring passing the corner twice. Cells of different regions that touch
 * at a corner never share a ring. Collinear vertices are dropped. Regions of fewer than `minCells`
 * cells are left out. `toLonLat` maps pixel corners (x = col, y = row) to positions.
 */
export function maskPolygons(
  mask: Uint8Array | Uint16Array,
  width: number,
  height: number,
  toLonLat: PixelToLonLat,
  minCells = 1,
): MaskPolygon[] {
  if (mask.length !== width * height) throw new RangeError(`mask must hold ${width} × ${height} cells`);
  const labels = new Int32Array(width * height);
  const sizes: number[] = [0];
  const firsts: number[] = [-1];
  const stack = new Int32Array(width * height);
  let next = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 0 || labels[i] !== 0) continue;
    const label = ++next;
    const v = mask[i];
    let top = 0,
      size = 0;
    stack[top++] = i;
    labels[i] = label;
    while (top > 0) {
      const c = stack[--top];
      size++;
      const col = c % width,
        row = (c - col) / width;
      if (col > 0 && mask[c - 1] === v && labels[c - 1] === 0) {
        labels[c - 1] = label;
        stack[top++] = c - 1;
      }
      if (col < width - 1 && mask[c + 1] === v && labels[c + 1] === 0) {
        labels[c + 1] = label;
        stack[top++] = c + 1;
      }
      if (row > 0 && mask[c - width] === v && labels[c - width] === 0) {
        labels[c - width] = label;
        stack[top++] = c - width;
      }
      if (row < height - 1 && mask[c + width] === v && labels[c + width] === 0) {
        labels[c + width] = label;
        stack[top++] = c + width;
      }
    }
    sizes.push(size);
    firsts.push(i);
  }
  // Boundary edges of kept regions, each cell's sides clockwise on screen.
  const W1 = width + 1;
  let starts = new Int32Array(0),
    dirs = new Uint8Array(0),
    owner = new Int32Array(0);
  // Two passes, counting then filling: typed arrays, not millions of pushes.
  const at = (c: number, r: number) => (c < 0 || r < 0 || c >= width || r >= height ? 0 : labels[r * width + c]!);
  let edgeCount = 0;
  for (let pass = 0; pass < 2; pass++) {
    let e = 0;
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        const label = labels[row * width + col]!;
        if (label === 0 || sizes[label]! < minCells) continue;
        if (at(col, row - 1) !== label) {
          if (pass) {
            starts[e] = row * W1 + col;
            dirs[e] = 0;
            owner[e] = label;
          }
          e++;
        }
        if (at(col + 1, row) !== label) {
          if (pass) {
            starts[e] = row * W1 + col + 1;
            dirs[e] = 1;
            owner[e] = label;
          }
          e++;
        }
        if (at(col, row + 1) !== label) {
          if (pass) {
            starts[e] = (row + 1) * W1 + col + 1;
            dirs[e] = 2;
            owner[e] = label;
          }
          e++;
        }
        if (at(col - 1, row) !== label) {
          if (pass) {
            starts[e] = (row + 1) * W1 + col;
            dirs[e] = 3;
            owner[e] = label;
          }
          e++;
        }
      }
    }
    if (!pass) {
      edgeCount = e;
      starts = new Int32Array(e);
      dirs = new Uint8Array(e);
      owner = new Int32Array(e);
    }
  }
  const head = new Int32Array(W1 * (height + 1)).fill(-1);
  const chain = new Int32Array(edgeCount).fill(-1);
  for (let e = 0; e < edgeCount; e++) {
    chain[e] = head[starts[e]!];
    head[starts[e]!] = e;
  }
  const used = new Uint8Array(edgeCount);
  const endOf = (e: number) => starts[e]! + DX[dirs[e]!]! + DY[dirs[e]!]! * W1;
  const successor = (e: number): number => {
    let found = -1;
    for (let o = head[endOf(e)]; o !== -1; o = chain[o]) {
      if (owner[o] !== owner[e]) continue;
      if (found === -1 || dirs[o] === LEFT_TURN[dirs[e]!]) found = o;
    }
    return found;
  };
  const rings = new Map<number, { area: number; ring: [number, number][] }[]>();
  for (let first = 0; first < edgeCount; first++) {
    if (used[first]) continue;
    const vertices: number[] = [];
    let e = first;
    do {
      used[e] = 1;
      const after = successor(e);
      if (after === -1) throw new Error('mask boundary did not close (internal error)');
      if (dirs[after] !== dirs[e]) vertices.push(endOf(e));
      e = after;
    } while (e !== first);
    let area = 0;
    const ring: [number, number][] = [];
    for (let k = 0; k < vertices.length; k++) {
      const a = vertices[k]!,
        b = vertices[(k + 1) % vertices.length]!;
      const ax = a % W1,
        ay = (a - ax) / W1,
        bx = b % W1,
        by = (b - bx) / W1;
      area += ax * by - bx * ay;
      ring.push(toLonLat(ax, ay));
    }
    ring.reverse(); // clockwise on screen is clockwise on the map: reversed, exteriors turn counter-clockwise
    ring.push(ring[0]!);
    // Every ring must pass the same crossing check the API applies to layer geometries.
    const issue = ringCrossingIssue(ring, []);
    if (issue) throw new Error(`mask polygon ring is not simple (internal error): ${issue.msg}`);
    const label = owner[first]!;
    if (!rings.has(label)) rings.set(label, []);
    rings.get(label)!.push({ area, ring });
  }
  const out: MaskPolygon[] = [];
  for (const [label, list] of rings) {
    list.sort((a, b) => b.area - a.area); // the outer ring (positive on screen) first, holes after
    out.push({
      cells: sizes[label]!,
      firstCell: firsts[label]!,
      value: mask[firsts[label]!]!,
      coordinates: list.map((r) => r.ring),
    });
  }
  out.sort((a, b) => a.firstCell - b.firstCell);
  return out;
}
