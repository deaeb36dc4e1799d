import { rasterDatasetProfile } from '../../../../domain/terrain/raster-dataset-profile.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import type { DatasetName, TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { TILE_SIZE } from '../../../../domain/terrain/work-grid.ts';
import { SourceError } from '../source-provider.ts';
import type { GeoTiffRaster } from './geotiff-raster.ts';
import { resampleRastersToTile } from './resample-rasters-to-tile.ts';
import { toTileRaster } from './to-tile-raster.ts';

/**
 * One work tile of `dataset` from opened rasters (one file, or the mosaic cells around the tile):
 * resampled with the dataset's rule (bilinear elevation, nearest categories) and stored in its
 * value type. Throws NO_COVERAGE when the tile lies outside every raster; `where` names the source.
 */
export async function readTileFromRasters(
  rasters: readonly GeoTiffRaster[],
  dataset: DatasetName,
  tile: TileAddress,
  where: string,
  signal?: AbortSignal,
): Promise<TileRaster> {
  const profile = rasterDatasetProfile(dataset);
  const values = await resampleRastersToTile(rasters, tile, TILE_SIZE, profile.sampling, signal);
  if (!values) {
    const bounds = tileBounds(tile)
      .map((v) => v.toFixed(5))
      .join(', ');
    throw new SourceError(
      'NO_COVERAGE',
      `${where} does not cover tile ${tile.z}/${tile.x}/${tile.y} (lon/lat ${bounds})`,
      dataset,
    );
  }
  return toTileRaster(values, tile, TILE_SIZE, profile, rasters[0].nodata, where);
}
