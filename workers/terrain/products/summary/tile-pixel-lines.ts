// Lines of tile features in pixel coordinates of the tile (x = columns from the west edge, y = rows
// from the north, Web Mercator like the tile's pixels), one per LineString part, with its feature.
import { lonLatToMercator } from '../../../../domain/terrain/lon-lat-to-mercator.ts';
import { tileBoundsMercator } from '../../../../domain/terrain/tile-bounds-mercator.ts';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';

export interface TilePixelLine {
  line: Array<[number, number]>;
  feature: TileFeature;
}

export function tilePixelLines(features: readonly TileFeature[], tile: TileAddress, size: number): TilePixelLine[] {
  const [minX, , maxX, maxY] = tileBoundsMercator(tile);
  const pixel = (maxX - minX) / size;
  const out: TilePixelLine[] = [];
  for (const feature of features) {
    const g = feature.geometry;
    if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) continue;
    for (const part of g.type === 'LineString' ? [g.coordinates] : g.coordinates) {
      if (part.length < 2) continue;
      const line = part.map((p): [number, number] => {
        const [x, y] = lonLatToMercator(p[0]!, p[1]!);
        return [(x - minX) / pixel, (maxY - y) / pixel];
      });
      out.push({ line, feature });
    }
  }
  return out;
}
