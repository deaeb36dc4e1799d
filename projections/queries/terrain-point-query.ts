// The point query (README "Point query"): the terrain a map's own terrain jobs prepared at one
// position, read from the elevation and land-cover work tiles (zoom 12 display tiles, the interface's
// encodings) in the tile store, sampled by domain/terrain/terrain-at-pixel.ts. Served by
// GET /api/maps/{map_id}/terrain/point and run by the terrain agent's point_query tool, each with its
// own tile reader. No covering job → unavailable 404; a covering job still preparing, or whose tiles
// are not there → unavailable 409 (a not-ready one says when to retry).
import type { Knex } from 'knex';
import { PNG } from 'pngjs';
import { decodeElevationRgba } from '../../domain/terrain/decode-elevation-rgba.ts';
import { decodeCategoryRgba } from '../../domain/terrain/decode-category-rgba.ts';
import type { DisplayCollection } from '../../domain/terrain/display-tile-key.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { pixelGroundSizeMeters } from '../../domain/terrain/pixel-ground-size-meters.ts';
import { terrainAtPixel, type TerrainAtPixel } from '../../domain/terrain/terrain-at-pixel.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { workPixelOfLonLat } from '../../domain/terrain/work-pixel-of-lon-lat.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import { mgrsReference } from '../../domain/analysis-job/mgrs-reference.ts';
import { tileReadiness } from './tile-readiness.ts';
import { findMapTerrainCoverage } from './map-terrain-coverage-queries.ts';

/** Land-cover tiles mark nodata with alpha 0 (build-terrain-display-tiles.ts); 0 is no WorldCover class. */
const LAND_COVER_NODATA = 0;

export interface TerrainPoint extends TerrainAtPixel {
  lon: number;
  lat: number;
  mgrs: string | null;
  /** The work pixel sampled: tile address, column and row from the north-west, and its centre. */
  work_pixel: { z: number; x: number; y: number; col: number; row: number; center: [number, number] };
  terrain_job_id: string;
}

/** A display tile's stored bytes (PNG), or null when there is none or it is empty. */
export type DisplayTileReader = (
  collection: DisplayCollection,
  fingerprint: string,
  tile: TileAddress,
) => Promise<Uint8Array | null>;

export interface TerrainPointSources {
  readModels: Knex;
  readDisplayTile: DisplayTileReader;
}

/** Why the map has no terrain at the position: 404 (nothing covers it) or 409 (not prepared there). */
export class TerrainPointUnavailableError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
    /** Set when the terrain is still being prepared: retrying later will find it. */
    readonly notReadyYet = false,
  ) {
    super(message);
    this.name = 'TerrainPointUnavailableError';
  }
}

function decodePng(bytes: Uint8Array): Uint8Array {
  const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (image.width !== TILE_SIZE || image.height !== TILE_SIZE) {
    throw new Error(`terrain tile is ${image.width}x${image.height}`);
  }
  return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
}

async function readTile(
  deps: TerrainPointSources,
  collection: DisplayCollection,
  fingerprint: string,
  tile: TileAddress,
) {
  const bytes = await deps.readDisplayTile(collection, fingerprint, tile);
  return bytes && bytes.length > 0 ? decodePng(bytes) : null;
}

const where = (lon: number, lat: number, tile: TileAddress) =>
  `(${lon}, ${lat}) (work tile ${tile.z}/${tile.x}/${tile.y})`;

/** The terrain of the map at a position; throws TerrainPointUnavailableError saying what is missing. */
export async function readTerrainPoint(
  deps: TerrainPointSources,
  mapId: string,
  lon: number,
  lat: number,
): Promise<TerrainPoint> {
  const { tile, col, row } = workPixelOfLonLat(lon, lat);
  const coverage = await findMapTerrainCoverage(deps.readModels, mapId, tile);
  if (coverage.length === 0) {
    throw new TerrainPointUnavailableError(
      404,
      `No terrain job of map ${mapId} covers ${where(lon, lat, tile)}: ` +
        'request a terrain job whose boundary includes it',
    );
  }
  const readiness = tileReadiness(coverage.map((c) => ({ ...c, fingerprint: c.elevation_fingerprint })));
  if (readiness.status === 'not-ready') {
    throw new TerrainPointUnavailableError(
      409,
      `Terrain at ${where(lon, lat, tile)} is not ready: terrain job ${coverage[0]!.job_id} ` +
        'is still preparing its elevation and land-cover tiles (phase terrain_display_tiles); retry later',
      true,
    );
  }
  if (readiness.status === 'empty') {
    throw new TerrainPointUnavailableError(
      409,
      `No terrain job of map ${mapId} prepared elevation and land-cover tiles at ` +
        `${where(lon, lat, tile)} (phase terrain_display_tiles failed, blocked or was canceled): ` +
        'request a new terrain job',
    );
  }
  const job = coverage.find((c) => c.job_id === readiness.job_id)!;
  const elevation = await readTile(deps, 'svc-native--terrain-elevation', readiness.fingerprint, tile);
  const landCover = job.land_cover_fingerprint
    ? await readTile(deps, 'svc-native--terrain-landcover', job.land_cover_fingerprint, tile)
    : null;
  if (!elevation || !landCover) {
    throw new TerrainPointUnavailableError(
      409,
      `Terrain job ${job.job_id} has no ${!elevation ? 'elevation' : 'land-cover'} tile at ` +
        `${where(lon, lat, tile)} (its source had no data there): request a new terrain job`,
    );
  }

  // The 3x3 elevation window; pixels on the tile's border read the neighbour tile (absent → NaN).
  const tiles = new Map<string, Promise<Float32Array | null>>();
  tiles.set('0/0', Promise.resolve(decodeElevationRgba(elevation)));
  const window = new Float32Array(9);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const c = col + dx,
        r = row + dy;
      const ox = Math.floor(c / TILE_SIZE),
        oy = Math.floor(r / TILE_SIZE);
      const key = `${ox}/${oy}`;
      if (!tiles.has(key)) {
        const neighbour = { z: tile.z, x: tile.x + ox, y: tile.y + oy };
        tiles.set(
          key,
          readTile(deps, 'svc-native--terrain-elevation', readiness.fingerprint, neighbour).then((rgba) =>
            rgba ? decodeElevationRgba(rgba) : null,
          ),
        );
      }
      const values = await tiles.get(key)!;
      const inner = (r - oy * TILE_SIZE) * TILE_SIZE + (c - ox * TILE_SIZE);
      window[(dy + 1) * 3 + dx + 1] = values ? values[inner]! : Number.NaN;
    }
  }
  const sample = terrainAtPixel({
    elevationWindow: window,
    groundSpacingM: pixelGroundSizeMeters(tile, row),
    landCover: decodeCategoryRgba(landCover, LAND_COVER_NODATA)[row * TILE_SIZE + col]!,
    landCoverNodata: LAND_COVER_NODATA,
  });
  return {
    lon,
    lat,
    mgrs: mgrsReference([lon, lat]),
    ...sample,
    work_pixel: { ...tile, col, row, center: pixelCenterLonLat(tile, col, row) },
    terrain_job_id: job.job_id,
  };
}
