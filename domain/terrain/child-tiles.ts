import { assertTileAddress, MAX_TILE_ZOOM } from './assert-tile-address.ts';
import type { TileAddress } from './types.ts';

/** The four zoom z+1 tiles of `tile`, in the order north-west, north-east, south-west, south-east. */
export function childTiles(tile: TileAddress): [TileAddress, TileAddress, TileAddress, TileAddress] {
  assertTileAddress(tile);
  if (tile.z === MAX_TILE_ZOOM) throw new RangeError(`zoom ${MAX_TILE_ZOOM} tiles have no children`);
  const z = tile.z + 1;
  const x = tile.x * 2;
  const y = tile.y * 2;
  return [
    { z, x, y },
    { z, x: x + 1, y },
    { z, x, y: y + 1 },
    { z, x: x + 1, y: y + 1 },
  ];
}
