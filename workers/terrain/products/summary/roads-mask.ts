// Pixels of a tile crossed by a road (1), for the mobility rule "a road pixel is GO": every line
// is walked in steps of a quarter pixel of Web Mercator. Paths and unknown ways are not roads for
// vehicles, so they are left out.
import { lonLatToMercator } from '../../../../domain/terrain/lon-lat-to-mercator.ts';
import { tileBoundsMercator } from '../../../../domain/terrain/tile-bounds-mercator.ts';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';
import { normaliseRoadClass } from '../../sources/vector/road-class.ts';

export function roadsMask(features: readonly TileFeature[], tile: TileAddress, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  const [minX, , maxX, maxY] = tileBoundsMercator(tile);
  const pixel = (maxX - minX) / size;
  const mark = (x: number, y: number) => {
    const col = Math.floor((x - minX) / pixel);
    const row = Math.floor((maxY - y) / pixel);
    if (col >= 0 && row >= 0 && col < size && row < size) mask[row * size + col] = 1;
  };
  for (const feature of features) {
    const g = feature.geometry;
    if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) continue;
    const cls = normaliseRoadClass(feature.properties.class ?? feature.properties.highway);
    if (cls === 'path' || cls === 'other') continue;
    for (const line of g.type === 'LineString' ? [g.coordinates] : g.coordinates) {
      for (let i = 1; i < line.length; i++) {
        const [x0, y0] = lonLatToMercator(line[i - 1][0], line[i - 1][1]);
        const [x1, y1] = lonLatToMercator(line[i][0], line[i][1]);
        const steps = Math.max(1, Math.ceil((Math.hypot(x1 - x0, y1 - y0) / pixel) * 4));
        for (let s = 0; s <= steps; s++) mark(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps);
      }
    }
  }
  return mask;
}
