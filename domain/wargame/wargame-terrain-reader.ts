// The port through which a war game's terrain is read: the elevation and mobility rasters of a terrain
// job's work tiles inside the game's area (workers/generation/read-wargame-terrain.ts reads them from
// the tile store). The API is handed one by its entry point, so it replays games without reaching into
// workers/.
import type { RasterTerrain } from './raster-terrain-samplers.ts';

/** The source fingerprints of the terrain job whose artifacts are read. */
export interface WargameTerrainSources {
  elevation: string;
  land_cover: string;
  roads: string;
}

/** The area's terrain, or null when the job prepared no work tile inside `bbox` ([west, south, east, north]). */
export type WargameTerrainReader = (
  sources: WargameTerrainSources,
  workTiles: ReadonlyArray<readonly [number, number]>,
  bbox: [number, number, number, number],
) => Promise<RasterTerrain | null>;
