// A footprint clipped to the work tiles a terrain job prepares: a route whose search margin spills
// beyond the prepared area searches within it (the rest of the footprint's rectangle is nodata,
// impassable). Pure.
import type { TileAddress } from '../terrain/types.ts';

/** The footprint's tiles that `prepared` ([x, y] at the footprint's zoom) holds, in footprint order. */
export function clipFootprintToTiles(
  footprint: readonly TileAddress[],
  prepared: ReadonlyArray<readonly [number, number]>,
): TileAddress[] {
  const held = new Set(prepared.map(([x, y]) => `${x}/${y}`));
  return footprint.filter((tile) => held.has(`${tile.x}/${tile.y}`));
}
