// A generated soil map for provider tests: a 20 x 19 grid of square polygons spread over a block
// of 2 x 2 work tiles, each with a `soil_class`. Squares leave gaps at the block's lon border but
// cross its lat border (tiles are mercator, the grid is lon/lat), so clipping is exercised.
import type { FeatureCollection, Polygon } from 'geojson';
import { tileBounds } from '../../../domain/terrain/tile-bounds.ts';
import type { LonLatBounds, TileAddress } from '../../../domain/terrain/types.ts';

export const SOIL_BLOCK: TileAddress[] = [
  { z: 12, x: 2200, y: 1300 },
  { z: 12, x: 2201, y: 1300 },
  { z: 12, x: 2200, y: 1301 },
  { z: 12, x: 2201, y: 1301 },
];
const CLASSES = ['loam', 'clay', 'sand', 'silt_loam'];

export function soilGrid(): FeatureCollection<Polygon, { soil_class: string; cell: number }> {
  const [west, , , north] = tileBounds(SOIL_BLOCK[0]);
  const [, south, east] = tileBounds(SOIL_BLOCK[3]);
  const dx = (east - west) / 20;
  const dy = (north - south) / 19; // 19 rows: the middle row straddles the tiles' lat border
  const features = [];
  for (let j = 0; j < 19; j++) {
    for (let i = 0; i < 20; i++) {
      const w = west + (i + 0.1) * dx,
        e = west + (i + 0.9) * dx;
      const s = south + (j + 0.1) * dy,
        n = south + (j + 0.9) * dy;
      features.push({
        type: 'Feature' as const,
        properties: { soil_class: CLASSES[(i + j) % 4], cell: j * 20 + i },
        geometry: {
          type: 'Polygon' as const,
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

/** Cells whose square overlaps the open interior of `bounds` (what a clip must keep). */
export function cellsInBounds(grid: ReturnType<typeof soilGrid>, [w, s, e, n]: LonLatBounds): number[] {
  return grid.features
    .filter((f) => {
      const ring = f.geometry.coordinates[0];
      return ring[0][0] < e && ring[1][0] > w && ring[0][1] < n && ring[2][1] > s;
    })
    .map((f) => f.properties.cell);
}
