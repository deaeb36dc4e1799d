// Elevation (and land cover) of an analysis footprint: every work tile of the footprint read from the
// configured source (the same provider and resampling terrain jobs use, so the values equal the
// prepared ones) and laid into one grid; elevation nodata becomes NaN, land-cover nodata 0, and so do the
// tiles of the grid's rectangle outside a clipped footprint (footprint-grid.ts).
import type { ElevationGrid } from '../../domain/analysis-job/elevation-grid.ts';
import { LAND_COVER_NODATA } from '../../domain/analysis-job/landing-zones-result.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { SourceError } from '../terrain/sources/source-provider.ts';
import type { SourceProvider } from '../terrain/sources/source-provider.ts';
import { holdsFootprintTile, pixelOfLonLat, type FootprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import type { PixelRoad } from '../../domain/terrain-analysis/burn-road-speeds.ts';
import { normaliseRoadClass } from '../terrain/sources/vector/road-class.ts';
import { roadSpeedKmh } from '../terrain/products/road-graph/road-speed-kmh.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import type { RasterSourceProvider } from '../terrain/sources/source-provider.ts';
import type { BuildingFootprint } from '../../domain/analysis-job/building-height-raster.ts';
import { buildingHeightM } from '../../domain/analysis-job/building-height-m.ts';
import type { LonLat } from '../../domain/analysis-job/analysis-parameters.ts';

export async function readFootprintElevation(
  provider: RasterSourceProvider,
  grid: FootprintGrid,
  /** After each work tile (progress, heartbeat, a cancellation check that may throw). */
  onTile: () => void | Promise<void>,
  signal?: AbortSignal,
): Promise<ElevationGrid> {
  const data = new Float32Array(grid.width * grid.height).fill(Number.NaN);
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue; // outside a clipped footprint: nodata
      const raster = await provider.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, signal);
      if (raster.size !== TILE_SIZE) throw new Error(`elevation tile of ${raster.size} pixels; expected ${TILE_SIZE}`);
      for (let row = 0; row < TILE_SIZE; row++) {
        const base = (ty * TILE_SIZE + row) * grid.width + tx * TILE_SIZE;
        for (let col = 0; col < TILE_SIZE; col++) {
          const value = raster.data[row * TILE_SIZE + col]!;
          data[base + col] = value === raster.nodata || Number.isNaN(value) ? Number.NaN : value;
        }
      }
      await onTile();
    }
  }
  return { grid, data };
}

/** Land-cover categories of the footprint (WorldCover codes), LAND_COVER_NODATA where the source has none. */
export async function readFootprintLandCover(
  provider: SourceProvider,
  grid: FootprintGrid,
  control: TaskControl,
): Promise<Uint8Array> {
  if (provider.kind !== 'raster')
    throw new SourceError('INVALID_SOURCE_CONFIG', 'the land-cover source is not a raster', 'land_cover');
  const data = new Uint8Array(grid.width * grid.height).fill(LAND_COVER_NODATA);
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue; // outside a clipped footprint: nodata
      const raster = await provider.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, control.signal);
      if (raster.size !== TILE_SIZE) throw new Error(`land-cover tile of ${raster.size} pixels; expected ${TILE_SIZE}`);
      for (let row = 0; row < TILE_SIZE; row++) {
        const base = (ty * TILE_SIZE + row) * grid.width + tx * TILE_SIZE;
        for (let col = 0; col < TILE_SIZE; col++) {
          const value = raster.data[row * TILE_SIZE + col]!;
          data[base + col] = value === raster.nodata || !(value >= 0 && value <= 255) ? LAND_COVER_NODATA : value;
        }
      }
      control.heartbeat();
    }
  }
  return data;
}

/**
 * Roads of the footprint as lines in the grid's pixel coordinates with their travel speeds (the road
 * graph's class speeds capped by surface, road-speed-kmh.ts), for burnRoadSpeeds.
 */
export async function readFootprintRoads(
  provider: SourceProvider,
  grid: FootprintGrid,
  control: TaskControl,
): Promise<PixelRoad[]> {
  if (provider.kind !== 'vector')
    throw new SourceError('INVALID_SOURCE_CONFIG', 'the roads source is not a vector source', 'roads');
  const roads: PixelRoad[] = [];
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue; // outside a clipped footprint: nodata
      const tile = await provider.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, control.signal);
      for (const feature of tile.features) {
        const g = feature.geometry;
        const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
        const props = feature.properties ?? {};
        const speedKmh = roadSpeedKmh(normaliseRoadClass(props.class ?? props.highway), props.surface);
        for (const line of lines) {
          if (line.length > 0) roads.push({ line: line.map((p) => pixelOfLonLat(grid, [p[0]!, p[1]!])), speedKmh });
        }
      }
      control.heartbeat();
    }
  }
  return roads;
}

/** Building footprints of the footprint's work tiles with their heights (building-height-m.ts). */
export async function readFootprintBuildings(
  provider: SourceProvider,
  grid: FootprintGrid,
  control: TaskControl,
): Promise<BuildingFootprint[]> {
  if (provider.kind !== 'vector')
    throw new SourceError('INVALID_SOURCE_CONFIG', 'the buildings source is not a vector source', 'buildings');
  const buildings: BuildingFootprint[] = [];
  const ring = (r: number[][]) => r.map((p) => [p[0]!, p[1]!] as LonLat);
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue; // outside a clipped footprint: nodata
      const tile = await provider.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, control.signal);
      for (const feature of tile.features) {
        const g = feature.geometry;
        const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
        if (polygons.length === 0) continue;
        buildings.push({
          polygons: polygons.map((polygon) => polygon.map(ring)),
          heightM: buildingHeightM(feature.properties),
        });
      }
      control.heartbeat();
    }
  }
  return buildings;
}
