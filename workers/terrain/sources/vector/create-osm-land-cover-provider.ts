// Land cover from an OpenStreetMap PBF extract, served as a raster like a WorldCover file: the
// extract's land-cover areas (osmLandCoverClass) are read once and indexed, and each work tile is
// rasterised from the areas that reach it (rasteriseCoverAreas: the area under a pixel's centre,
// the smallest where several overlap). Pixels no mapped area covers are nodata (0): OSM has no
// "unmapped" class, and sea is only a coastline line in OSM, never an area.
import type { MultiPolygon, Polygon } from 'geojson';
import { rasteriseCoverAreas, type CoverArea } from '../../../../domain/terrain/rasterise-cover-areas.ts';
import type { TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { TILE_SIZE } from '../../../../domain/terrain/work-grid.ts';
import { SourceError, type RasterSourceProvider } from '../source-provider.ts';
import { createIndexedVectorProvider } from './create-indexed-vector-provider.ts';
import { osmPbfFeatureSource } from './create-osm-pbf-provider.ts';

/** Bumped when the tag mapping or the coverage rule changes, so earlier products are not reused. */
const OSM_LAND_COVER_VERSION = 1;

export const LAND_COVER_NODATA = 0;

export function createOsmLandCoverProvider(path: string): RasterSourceProvider {
  if (/^https?:\/\//i.test(path)) {
    throw new SourceError('INVALID_SOURCE_CONFIG', `an OSM PBF source must be a local file, got ${path}`, 'land_cover');
  }
  const source = osmPbfFeatureSource('land_cover', path);
  const areas = createIndexedVectorProvider(source);
  return {
    kind: 'raster',
    dataset: 'land_cover',
    sampling: 'nearest',
    fingerprint: `${source.fingerprint}:land-cover-v${OSM_LAND_COVER_VERSION}`,
    description: `OpenStreetMap land cover (WorldCover classes from landuse, natural, leisure, water, wetland and building areas) from ${path}`,
    async readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster> {
      const clipped = await areas.readTile(tile, signal);
      const cover: CoverArea[] = [];
      for (const feature of clipped.features) {
        const { geometry, properties } = feature;
        if (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') continue;
        cover.push({
          geometry: geometry as Polygon | MultiPolygon,
          cover: properties.cover as number,
          areaM2: properties.area_m2 as number,
        });
      }
      return {
        tile,
        size: TILE_SIZE,
        data: rasteriseCoverAreas(tile, cover, LAND_COVER_NODATA),
        nodata: LAND_COVER_NODATA,
      };
    },
  };
}
