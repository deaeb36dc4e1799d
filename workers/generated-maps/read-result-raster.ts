// A raster analysis result (viewshed, RF coverage) on a map's face: its display tiles — the ones the
// map's own OGC tile collection serves — at the zoom matching the face (never above the result's own
// zoom), each face pixel taking the tile pixel under its centre.
import type { MapFrame } from '../../domain/cartography/map-composition.ts';
import { rasterResultTileKey, RESULT_TILE_MIN_ZOOM } from '../../domain/analysis-job/raster-result-tiles.ts';
import { mosaicForFrame } from '../../domain/generated-map/mosaic-for-frame.ts';
import { mosaicTiles } from '../../domain/generated-map/mosaic-tiles.ts';
import { mosaicZoomForFrame } from '../../domain/generated-map/mosaic-zoom-for-frame.ts';
import { nearestMosaicCells } from '../../domain/generated-map/nearest-mosaic-cells.ts';
import { TILE_SIZE } from '../../domain/terrain/work-grid.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { readRgbaPng } from '../terrain/products/raster/read-rgba-png.ts';

export async function readResultRaster(
  blobStore: BlobStore,
  frame: MapFrame,
  layerId: string,
  resultZoom: number,
): Promise<Uint8Array> {
  const zoom = Math.max(RESULT_TILE_MIN_ZOOM, mosaicZoomForFrame(frame, resultZoom));
  const mosaic = mosaicForFrame(frame, zoom);
  const width = mosaic.tilesWide * TILE_SIZE;
  const grid = new Uint8Array(width * mosaic.tilesHigh * TILE_SIZE * 4);
  for (const tile of mosaicTiles(mosaic)) {
    const bytes = await blobStore.get(rasterResultTileKey(layerId, 'display', tile));
    if (!bytes) continue;
    const { rgba } = readRgbaPng(bytes);
    const ox = (tile.x - mosaic.tileX) * TILE_SIZE,
      oy = (tile.y - mosaic.tileY) * TILE_SIZE;
    for (let row = 0; row < TILE_SIZE; row++) {
      grid.set(rgba.subarray(row * TILE_SIZE * 4, (row + 1) * TILE_SIZE * 4), ((oy + row) * width + ox) * 4);
    }
  }
  const nearest = nearestMosaicCells(frame, mosaic);
  const out = new Uint8Array(frame.width * frame.height * 4);
  for (let i = 0; i < nearest.length; i++) {
    const cell = nearest[i]!;
    if (cell >= 0) out.set(grid.subarray(cell * 4, cell * 4 + 4), i * 4);
  }
  return out;
}
