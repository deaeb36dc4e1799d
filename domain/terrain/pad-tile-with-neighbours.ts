import type { TileNeighbours } from './neighbour-tiles.ts';
import type { HaloGrid } from './types.ts';

/**
 * Builds the (size+2)² halo grid of a tile from its own values and the edge pixels of its eight
 * neighbours (each `size`², row-major from the north-west, NaN = nodata; null = not available,
 * e.g. outside the area or past a pole, which leaves that part of the halo NaN).
 *
 * With real neighbours, slope and ruggedness at the tile's border pixels equal what a computation
 * over the whole mosaic gives, so tile seams are invisible; with a missing neighbour the border
 * pixels facing it become nodata, exactly like the border of a whole raster.
 */
export function padTileWithNeighbours(
  center: Float32Array,
  size: number,
  neighbours: Partial<TileNeighbours<Float32Array | null>>,
): HaloGrid {
  checkLength(center, size, 'center');
  const w = size + 2;
  const data = new Float32Array(w * w).fill(NaN);
  for (let row = 0; row < size; row++) data.set(center.subarray(row * size, (row + 1) * size), (row + 1) * w + 1);
  const edge = (tile: Float32Array | null | undefined, name: string): Float32Array | null => {
    if (!tile) return null;
    checkLength(tile, size, name);
    return tile;
  };
  const n = edge(neighbours.n, 'n');
  const s = edge(neighbours.s, 's');
  const west = edge(neighbours.w, 'w');
  const east = edge(neighbours.e, 'e');
  const last = size - 1;
  if (n) data.set(n.subarray(last * size, size * size), 1);
  if (s) data.set(s.subarray(0, size), (size + 1) * w + 1);
  for (let row = 0; row < size; row++) {
    if (west) data[(row + 1) * w] = west[row * size + last];
    if (east) data[(row + 1) * w + size + 1] = east[row * size];
  }
  const nw = edge(neighbours.nw, 'nw');
  const ne = edge(neighbours.ne, 'ne');
  const sw = edge(neighbours.sw, 'sw');
  const se = edge(neighbours.se, 'se');
  if (nw) data[0] = nw[size * size - 1];
  if (ne) data[size + 1] = ne[last * size];
  if (sw) data[(size + 1) * w] = sw[last];
  if (se) data[(size + 1) * w + size + 1] = se[0];
  return { width: size, height: size, data };
}

function checkLength(values: Float32Array, size: number, name: string): void {
  if (!(values instanceof Float32Array) || values.length !== size * size) {
    throw new RangeError(`${name} tile must be a Float32Array of ${size}x${size} values, got ${values?.length}`);
  }
}
