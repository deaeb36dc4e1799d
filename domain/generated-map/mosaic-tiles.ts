import type { TileAddress } from '../terrain/types.ts';
import type { TileMosaic } from './tile-mosaic.ts';

/** The mosaic's tiles, north to south, west to east. */
export function mosaicTiles(mosaic: TileMosaic): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (let dy = 0; dy < mosaic.tilesHigh; dy++) {
    for (let dx = 0; dx < mosaic.tilesWide; dx++) {
      tiles.push({ z: mosaic.zoom, x: mosaic.tileX + dx, y: mosaic.tileY + dy });
    }
  }
  return tiles;
}
