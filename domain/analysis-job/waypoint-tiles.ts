// The work tiles holding a route's waypoints: the tiles a route cannot run without (its search
// margin may be clipped to a terrain job's tiles, these never). Pure.
import { workPixelOfLonLat } from '../terrain/work-pixel-of-lon-lat.ts';
import { WORK_ZOOM } from '../terrain/work-grid.ts';
import type { TileAddress } from '../terrain/types.ts';
import type { LonLat } from './analysis-parameters.ts';

/** Each waypoint's work tile, once, in waypoint order. */
export function waypointTiles(waypoints: readonly LonLat[], zoom = WORK_ZOOM): TileAddress[] {
  const seen = new Set<string>();
  const tiles: TileAddress[] = [];
  for (const [lon, lat] of waypoints) {
    const { tile } = workPixelOfLonLat(lon, lat, zoom);
    const key = `${tile.x}/${tile.y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tiles.push(tile);
  }
  return tiles;
}
