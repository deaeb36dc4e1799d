import { childTiles } from '../../../../domain/terrain/child-tiles.ts';
import { displayPyramidTiles } from '../../../../domain/terrain/display-pyramid-tiles.ts';
import { downsampleMean2x2 } from '../../../../domain/terrain/downsample-mean-2x2.ts';
import { downsampleMode2x2 } from '../../../../domain/terrain/downsample-mode-2x2.ts';
import type { TileAddress, TileRaster } from '../../../../domain/terrain/types.ts';
import { DISPLAY_MIN_ZOOM } from '../../../../domain/terrain/work-grid.ts';

/** Where the pyramid reads its children and writes its tiles (the tile store of the caller). */
export interface PyramidTileStore {
  /** A display raster written before (a work tile, or a parent built earlier); null if absent. */
  read(tile: TileAddress): Promise<TileRaster | null>;
  write(raster: TileRaster): Promise<void>;
}

export interface PyramidOptions {
  /** Lowest zoom to build, DISPLAY_MIN_ZOOM (8) by default. */
  minZoom?: number;
  signal?: AbortSignal;
}

/**
 * Builds the display pyramid above `workTiles` (already in the store at the work zoom): for each
 * zoom from work zoom - 1 down to minZoom, every parent tile is made from its four children of the
 * level below by 2x2 downsampling — mean of valid values for continuous rasters (elevation),
 * most frequent category for categorical ones (land cover) — never from the source again, so a
 * zoom-8 tile costs four zoom-9 tiles, not a 16x16-tile read. Returns the number of tiles written.
 */
export async function buildDisplayPyramid(
  workTiles: readonly TileAddress[],
  values: 'continuous' | 'categorical',
  store: PyramidTileStore,
  options: PyramidOptions = {},
): Promise<number> {
  let written = 0;
  for (const level of displayPyramidTiles(workTiles, options.minZoom ?? DISPLAY_MIN_ZOOM)) {
    for (const tile of level.tiles) {
      options.signal?.throwIfAborted();
      const children = await Promise.all(childTiles(tile).map((child) => store.read(child)));
      const present = children.filter((c): c is TileRaster => c !== null);
      if (present.length === 0) continue;
      const size = present[0].size;
      if (present.some((c) => c.size !== size))
        throw new RangeError(`children of ${tile.z}/${tile.x}/${tile.y} differ in size`);
      let raster: TileRaster;
      if (values === 'continuous') {
        const quad = children.map((c) => (c ? asFloat32(c) : null)) as [
          Float32Array | null,
          Float32Array | null,
          Float32Array | null,
          Float32Array | null,
        ];
        raster = { tile, size, data: downsampleMean2x2(quad, size), nodata: NaN };
      } else {
        const nodata = present[0].nodata;
        const quad = children.map((c) => (c ? asUint8(c, nodata) : null)) as [
          Uint8Array | null,
          Uint8Array | null,
          Uint8Array | null,
          Uint8Array | null,
        ];
        raster = { tile, size, data: downsampleMode2x2(quad, size, nodata), nodata };
      }
      await store.write(raster);
      written++;
    }
  }
  return written;
}

function asFloat32(raster: TileRaster): Float32Array {
  if (!(raster.data instanceof Float32Array))
    throw new TypeError(`tile ${raster.tile.z}/${raster.tile.x}/${raster.tile.y} is not Float32`);
  return raster.data;
}

function asUint8(raster: TileRaster, nodata: number): Uint8Array {
  if (!(raster.data instanceof Uint8Array))
    throw new TypeError(`tile ${raster.tile.z}/${raster.tile.x}/${raster.tile.y} is not Uint8`);
  if (raster.nodata !== nodata) throw new RangeError(`children mix nodata ${nodata} and ${raster.nodata}`);
  return raster.data;
}
