// Which display tiles an offline terrain package holds, and how MBTiles 1.3 addresses and describes
// them: every tile of zooms minZoom..maxZoom that the operation's areas of operations touch
// (the pipeline's own polygon/tile test), rows flipped to TMS, bounds and centre from the tiles kept.
import { tileBounds } from '../terrain/tile-bounds.ts';
import type { AreaPolygon, TileAddress } from '../terrain/types.ts';
import { workTilesForArea } from '../terrain/work-tiles-for-area.ts';
import { DomainError } from '../shared/domain-error.ts';

/** The tiles of every zoom from minZoom to maxZoom touched by any of the areas, lowest zoom first, no repeats. */
export function terrainExportTiles(areas: AreaPolygon[], minZoom: number, maxZoom: number): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const seen = new Set<string>();
    for (const area of areas) {
      for (const tile of workTilesForArea(area, z)) {
        const key = `${tile.x}/${tile.y}`;
        if (!seen.has(key)) {
          seen.add(key);
          tiles.push(tile);
        }
      }
    }
  }
  return tiles;
}

/** MBTiles rows count from the south (TMS): row = 2^z − 1 − y. */
export const mbtilesRow = (tile: TileAddress) => 2 ** tile.z - 1 - tile.y;

export interface MbtilesMetadata {
  name: string;
  format: 'png' | 'pbf';
  /** "west,south,east,north" in degrees: the union of the tiles at the deepest zoom. */
  bounds: string;
  /** "lon,lat,zoom": the bounds' centre at the lowest zoom. */
  center: string;
  minzoom: string;
  maxzoom: string;
  type: 'overlay';
  version: string;
  description: string;
  attribution: string;
  /** Vector tilesets only: the layers a style can address (MBTiles 1.3 requires it for pbf). */
  json?: string;
}

/** The metadata rows of a tileset of these tiles (at least one), as MBTiles 1.3 spells them. */
export function mbtilesMetadata(
  tiles: TileAddress[],
  tileset: { name: string; format: 'png' | 'pbf'; description: string; attribution: string; vectorLayer?: string },
): MbtilesMetadata {
  const minZoom = Math.min(...tiles.map((t) => t.z));
  const maxZoom = Math.max(...tiles.map((t) => t.z));
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const tile of tiles.filter((t) => t.z === maxZoom)) {
    const [w, s, e, n] = tileBounds(tile);
    west = Math.min(west, w);
    south = Math.min(south, s);
    east = Math.max(east, e);
    north = Math.max(north, n);
  }
  const metadata: MbtilesMetadata = {
    name: tileset.name,
    format: tileset.format,
    bounds: [west, south, east, north].join(','),
    center: [(west + east) / 2, (south + north) / 2, minZoom].join(','),
    minzoom: String(minZoom),
    maxzoom: String(maxZoom),
    type: 'overlay',
    version: '1',
    description: tileset.description,
    attribution: tileset.attribution,
  };
  if (tileset.format === 'pbf') {
    metadata.json = JSON.stringify({
      vector_layers: [{ id: tileset.vectorLayer ?? tileset.name, fields: {}, minzoom: minZoom, maxzoom: maxZoom }],
    });
  }
  return metadata;
}

/**
 * Tiles one terrain package may hold. The package is built in memory (sql.js) before it is sent:
 * 4,096 tiles of about 20–60 kB each stay well under 256 MB, and cover an area of about
 * 250 km × 250 km at 60° N (a zoom-12 tile is 4.9 km across there) with all five zooms.
 */
export const MAX_TERRAIN_EXPORT_TILES = 4096;

/** The tiles to pack, or a conflict saying why there is nothing, or too much, to pack. */
export function decideTerrainExportTiles(areas: AreaPolygon[], minZoom: number, maxZoom: number): TileAddress[] {
  if (areas.length === 0) {
    throw new DomainError(
      'conflict',
      'The operation has no area of operations: draw one on a map (POST /api/maps/{map_id}/features, type boundary)',
    );
  }
  const tiles = terrainExportTiles(areas, minZoom, maxZoom);
  if (tiles.length > MAX_TERRAIN_EXPORT_TILES) {
    throw new DomainError(
      'conflict',
      `The operation's areas of operations cover ${tiles.length} tiles at zooms ${minZoom}–${maxZoom}; ` +
        `a terrain package holds at most ${MAX_TERRAIN_EXPORT_TILES}`,
    );
  }
  return tiles;
}
