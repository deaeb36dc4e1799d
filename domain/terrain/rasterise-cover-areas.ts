// Land-cover areas (lon/lat polygons with a WorldCover class) onto a tile's pixel grid.
// Coverage rule: a pixel takes the class of the area that covers its centre, the same point a
// category raster is sampled at (nearest neighbour), so an OSM-derived and a WorldCover-derived work
// raster mean the same thing. Where areas overlap, the smallest wins (areas are painted from the
// largest down; equal areas: the later one in the input): a park inside a residential area, an
// island's wood inside a lake, a building inside either, as map renderers order them by area.
// Pixels no area covers keep `nodata`.
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { paintPolygonCentres, type PixelPolygon } from '../terrain-analysis/polygon-cell-mask.ts';
import { lonLatToMercator } from './lon-lat-to-mercator.ts';
import { tileBoundsMercator } from './tile-bounds-mercator.ts';
import type { TileAddress } from './types.ts';
import { TILE_SIZE } from './work-grid.ts';

export interface CoverArea {
  geometry: Polygon | MultiPolygon;
  /** WorldCover class code (1..255). */
  cover: number;
  /** Area of the whole feature, m² (before clipping to a tile): decides which overlapping area wins. */
  areaM2: number;
}

export function rasteriseCoverAreas(
  tile: TileAddress,
  areas: readonly CoverArea[],
  nodata = 0,
  size = TILE_SIZE,
): Uint8Array {
  const [minX, , maxX, maxY] = tileBoundsMercator(tile);
  const pixel = (maxX - minX) / size;
  const toPixel = ([lon, lat]: Position): [number, number] => {
    const [mx, my] = lonLatToMercator(lon, lat);
    return [(mx - minX) / pixel, (maxY - my) / pixel];
  };
  const order = areas
    .map((area, index) => ({ area, index }))
    .sort((a, b) => b.area.areaM2 - a.area.areaM2 || a.index - b.index);
  const raster = new Uint8Array(size * size).fill(nodata);
  for (const { area } of order) {
    if (!Number.isInteger(area.cover) || area.cover < 1 || area.cover > 255) {
      throw new RangeError(`land-cover class ${area.cover} is not a code 1..255`);
    }
    const polygons = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
    for (const polygon of polygons) {
      const rings: PixelPolygon = polygon.filter((ring) => ring.length >= 3).map((ring) => ring.map(toPixel));
      if (rings.length > 0) paintPolygonCentres(raster, size, size, rings, area.cover);
    }
  }
  return raster;
}
