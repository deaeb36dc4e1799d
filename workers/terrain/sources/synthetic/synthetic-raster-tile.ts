// Raster datasets of the synthetic world on a work tile, sampled at pixel centres:
// elevation (Float32 metres), land_cover (Uint8 WorldCover classes, 0 = nodata, never produced) and
// population (Float32 persons per pixel = density × true pixel area).
// Settlements are gathered once per tile with the widest margin any field needs.
import type { TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { pixelCenterLonLat } from '../../../../domain/terrain/pixel-center-lon-lat.ts';
import { pixelGroundSizeMeters } from '../../../../domain/terrain/pixel-ground-size-meters.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import { TILE_SIZE } from '../../../../domain/terrain/work-grid.ts';
import { settlementNodesInBounds } from './settlement-nodes-in-bounds.ts';
import { FARMLAND_REACH_METERS, syntheticLandCover } from './synthetic-land-cover.ts';
import { syntheticPopulationDensity } from './synthetic-population-density.ts';
import { syntheticRelief } from './synthetic-relief.ts';
import { realWaterRow } from './real-water.ts';
import { spherePoint } from './sphere-point.ts';

export type SyntheticRasterDataset = 'elevation' | 'land_cover' | 'population';

export function syntheticRasterTile(
  dataset: SyntheticRasterDataset,
  tile: TileAddress,
  size: number = TILE_SIZE,
): TileRaster {
  // Pixel centres of a mercator tile share their longitude per column and latitude per row.
  const lons = Float64Array.from({ length: size }, (_, col) => pixelCenterLonLat(tile, col, 0, size)[0]);
  const lats = Float64Array.from({ length: size }, (_, row) => pixelCenterLonLat(tile, 0, row, size)[1]);
  const settlements = dataset === 'elevation' ? [] : settlementNodesInBounds(tileBounds(tile), FARMLAND_REACH_METERS);
  const data = dataset === 'land_cover' ? new Uint8Array(size * size) : new Float32Array(size * size);
  const water = new Uint8Array(size);
  for (let row = 0; row < size; row++) {
    const lat = lats[row];
    realWaterRow(lat, lons, water); // one crossing search per row instead of one per pixel
    const pixelKm2 = dataset === 'population' ? pixelGroundSizeMeters(tile, row, size) ** 2 / 1e6 : 0;
    for (let col = 0; col < size; col++) {
      const lon = lons[col];
      const point = spherePoint(lon, lat);
      const relief = syntheticRelief(lon, lat, point, water[col] === 1);
      data[row * size + col] =
        dataset === 'elevation'
          ? relief.elevation
          : dataset === 'land_cover'
            ? syntheticLandCover(lon, lat, point, relief, settlements)
            : syntheticPopulationDensity(lon, lat, relief, settlements) * pixelKm2;
    }
  }
  return { tile, size, data, nodata: dataset === 'land_cover' ? 0 : NaN };
}
