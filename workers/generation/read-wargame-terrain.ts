// The terrain an adjudicated war game reads (domain/wargame/raster-terrain-samplers.ts), from a
// terrain job's own raw artifacts in the blob store: the job's work tiles inside the game's area
// (the units' axes, the enemy positions and routes, with a margin of the longest weapon range) laid
// into one footprint grid — elevation from the elevation artifacts (nodata → NaN), and per movement
// class the mobility codes the MCOO sheets use (readWorkTileMobility: slope with neighbour tiles, land
// cover, roads GO). Tiles the job did not prepare are nodata (mobility unknown, no line of sight).
import { footprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { MOBILITY_NODATA, VEHICLE_CLASSES } from '../../domain/terrain/mobility-config.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import type { RasterTerrain } from '../../domain/wargame/raster-terrain-samplers.ts';
import type { SpeedClass } from '../../domain/wargame/wargame-tables.ts';
import type { WargameTerrainSources } from '../../domain/wargame/wargame-terrain-reader.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { readWorkTileMobility } from '../generated-maps/read-frame-mobility.ts';
import { workTilesInFrame } from '../generated-maps/read-frame-roads.ts';
import { artifactKey } from '../terrain/build-area-products/artifact-key.ts';
import { decodeRasterArtifact } from '../terrain/build-area-products/decode-raster-artifact.ts';

/** At most this many work tiles (about 38 km square at mid-latitudes) in one game's area. */
export const MAX_WARGAME_TILES = 100;

/** The area's terrain, or null when the job prepared no work tile inside `bbox` ([west, south, east, north]). */
export async function readWargameTerrain(
  blobStore: BlobStore,
  sources: WargameTerrainSources,
  workTiles: ReadonlyArray<readonly [number, number]>,
  bbox: [number, number, number, number],
): Promise<RasterTerrain | null> {
  // The frame only selects the work tiles inside the box; its pixel size is not used.
  const frame = { bbox, width: 1, height: 1 };
  const tiles = workTilesInFrame(frame, workTiles);
  if (tiles.length === 0) return null;
  if (tiles.length > MAX_WARGAME_TILES) {
    throw new RangeError(`the war game's area spans ${tiles.length} work tiles; at most ${MAX_WARGAME_TILES}`);
  }
  const grid = footprintGrid(tiles);
  const elevation = new Float32Array(grid.width * grid.height).fill(Number.NaN);
  const place = (tx: number, ty: number, write: (cell: number, pixel: number) => void) => {
    const ox = (tx - grid.tileX) * TILE_SIZE,
      oy = (ty - grid.tileY) * TILE_SIZE;
    for (let row = 0; row < TILE_SIZE; row++) {
      for (let col = 0; col < TILE_SIZE; col++) write((oy + row) * grid.width + ox + col, row * TILE_SIZE + col);
    }
  };
  for (const tile of tiles) {
    const blob = await blobStore.get(
      artifactKey({ dataset: 'elevation', fingerprint: sources.elevation, kind: 'raster' }, tile),
    );
    if (!blob) continue;
    const raster = decodeRasterArtifact(blob);
    if (raster.size !== TILE_SIZE)
      throw new Error(`elevation artifact of ${raster.size} pixels; expected ${TILE_SIZE}`);
    place(tile.x, tile.y, (cell, pixel) => {
      const value = raster.data[pixel]!;
      elevation[cell] = value === raster.nodata ? Number.NaN : value;
    });
  }
  const mobility: Partial<Record<SpeedClass, Uint8Array>> = {};
  for (const vehicle of VEHICLE_CLASSES) {
    const codes = new Uint8Array(grid.width * grid.height).fill(MOBILITY_NODATA);
    const byTile = await readWorkTileMobility(blobStore, frame, sources, workTiles, vehicle);
    for (const tile of tiles) {
      const values = byTile.get(`${tile.x}/${tile.y}`);
      if (values) place(tile.x, tile.y, (cell, pixel) => (codes[cell] = values[pixel]!));
    }
    mobility[vehicle] = codes;
  }
  return { elevation: { grid, data: elevation }, mobility };
}
