import type { HaloGrid } from './types.ts';

/** Throws a RangeError unless `grid.data` holds exactly (width+2) x (height+2) values. */
export function assertHaloGrid(grid: HaloGrid): void {
  const { width, height, data } = grid;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`halo grid size must be positive integers, got ${width}x${height}`);
  }
  if (!(data instanceof Float32Array) || data.length !== (width + 2) * (height + 2)) {
    throw new RangeError(
      `halo grid of ${width}x${height} needs ${(width + 2) * (height + 2)} values, got ${data?.length}`,
    );
  }
}
