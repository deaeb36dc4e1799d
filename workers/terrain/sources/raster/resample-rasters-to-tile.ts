import type { RasterWindow } from '../../../../domain/terrain/raster-window.ts';
import { sampleBilinear } from '../../../../domain/terrain/sample-bilinear.ts';
import { sampleNearest } from '../../../../domain/terrain/sample-nearest.ts';
import type { TileAddress } from '../../../../domain/terrain/types.ts';
import { SourceError } from '../source-provider.ts';
import { chooseOverviewLevel } from './choose-overview-level.ts';
import type { GeoTiffLevel, GeoTiffRaster } from './geotiff-raster.ts';
import { readRasterWindow } from './read-raster-window.ts';
import { tileSourceCoordinates } from './tile-source-coordinates.ts';

/**
 * Largest block of source pixels read for one tile (about 200 MB as Float32). A work tile needs a
 * few hundred thousand; only a low-zoom tile over a fine raster without overviews gets near this.
 */
const MAX_WINDOW_PIXELS = 50_000_000;

/**
 * Resamples one or more GeoTIFFs in one CRS (a single file, or the 1°x1° cells around a tile)
 * onto a `size`-pixel Web Mercator tile: Float32 per pixel, NaN = nodata; null when no pixel
 * centre of the tile falls inside any of the rasters (no coverage).
 *
 * Several rasters are first mosaicked onto the grid of the first one (its overview level chosen
 * for the tile), each mosaic pixel taking the first valid value among the rasters at its centre;
 * cells on a common grid (SRTM, Copernicus DEM, ALOS tiles) are thereby copied exactly, and
 * bilinear sampling across a cell border sees pixels of both cells, so there is no seam.
 */
export async function resampleRastersToTile(
  rasters: readonly GeoTiffRaster[],
  tile: TileAddress,
  size: number,
  sampling: 'bilinear' | 'nearest',
  signal?: AbortSignal,
): Promise<Float32Array | null> {
  if (rasters.length === 0) return null;
  const crs = rasters[0].crs;
  for (const r of rasters) {
    if (r.crs.epsg !== crs.epsg) {
      throw new SourceError(
        'INVALID_SOURCE_DATA',
        `${r.where}: CRS EPSG:${r.crs.epsg} differs from EPSG:${crs.epsg} of ${rasters[0].where}; mosaicked cells must share one CRS`,
      );
    }
  }
  const points = tileSourceCoordinates(tile, size, crs);
  const footprint = finiteBounds(points.x, points.y);
  if (!footprint || !rasters.some((r) => pointsInside(points.x, points.y, r.levels[0]))) return null;
  // Pixel pitch of the tile in CRS units, per axis, from the spread of its pixel centres.
  const pitchX = (footprint.maxX - footprint.minX) / Math.max(1, size - 1);
  const pitchY = (footprint.maxY - footprint.minY) / Math.max(1, size - 1);
  const levelFor = (r: GeoTiffRaster): GeoTiffLevel => {
    const base = r.levels[0];
    const factor = Math.min(pitchX / Math.abs(base.resX), pitchY / Math.abs(base.resY));
    return r.levels[
      chooseOverviewLevel(
        r.levels.map((l) => l.width),
        factor,
      )
    ];
  };

  const grid = levelFor(rasters[0]);
  const cols = new Float64Array(points.x.length);
  const rows = new Float64Array(points.y.length);
  for (let k = 0; k < cols.length; k++) {
    cols[k] = (points.x[k] - grid.originX) / grid.resX;
    rows[k] = (points.y[k] - grid.originY) / grid.resY;
  }
  // One pixel of margin around the footprint for the bilinear neighbours, then clamped to the
  // rasters' extent so that "outside the window" means "outside every raster".
  const extent = unionExtentInGrid(rasters, grid);
  const colBounds = finiteRange(cols);
  const rowBounds = finiteRange(rows);
  const x0 = Math.max(extent.x0, Math.floor(colBounds[0]) - 1);
  const x1 = Math.min(extent.x1, Math.floor(colBounds[1]) + 2);
  const y0 = Math.max(extent.y0, Math.floor(rowBounds[0]) - 1);
  const y1 = Math.min(extent.y1, Math.floor(rowBounds[1]) + 2);
  if (x1 <= x0 || y1 <= y0) return null;
  if ((x1 - x0) * (y1 - y0) > MAX_WINDOW_PIXELS) {
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${rasters[0].where}: tile ${tile.z}/${tile.x}/${tile.y} would need ${x1 - x0} x ${y1 - y0} source pixels; ` +
        'the file has no overview coarse enough (add them with gdaladdo, or read tiles of a higher zoom)',
    );
  }

  const window =
    rasters.length === 1
      ? await readRasterWindow(rasters[0], grid, { x0, y0, x1, y1 }, signal)
      : await mosaicWindow(rasters, grid, { x0, y0, x1, y1 }, levelFor, signal);
  for (let k = 0; k < cols.length; k++) {
    cols[k] -= x0;
    rows[k] -= y0;
  }
  return sampling === 'bilinear' ? sampleBilinear(window, cols, rows) : sampleNearest(window, cols, rows);
}

async function mosaicWindow(
  rasters: readonly GeoTiffRaster[],
  grid: GeoTiffLevel,
  win: { x0: number; y0: number; x1: number; y1: number },
  levelFor: (r: GeoTiffRaster) => GeoTiffLevel,
  signal?: AbortSignal,
): Promise<RasterWindow> {
  const width = win.x1 - win.x0;
  const height = win.y1 - win.y0;
  const data = new Float32Array(width * height).fill(NaN);
  // CRS coordinates of the mosaic pixel centres, per column and per row (north-up grids).
  const centreX = Float64Array.from({ length: width }, (_, i) => grid.originX + (win.x0 + i + 0.5) * grid.resX);
  const centreY = Float64Array.from({ length: height }, (_, j) => grid.originY + (win.y0 + j + 0.5) * grid.resY);
  const parts = await Promise.all(
    rasters.map(async (r) => {
      const level = levelFor(r);
      const colOf = Int32Array.from(centreX, (x) => Math.floor((x - level.originX) / level.resX));
      const rowOf = Int32Array.from(centreY, (y) => Math.floor((y - level.originY) / level.resY));
      const inside = (v: number, n: number) => v >= 0 && v < n;
      const usedCols = colOf.filter((c) => inside(c, level.width));
      const usedRows = rowOf.filter((r) => inside(r, level.height));
      if (usedCols.length === 0 || usedRows.length === 0) return null;
      const read = {
        x0: Math.min(...usedCols),
        x1: Math.max(...usedCols) + 1,
        y0: Math.min(...usedRows),
        y1: Math.max(...usedRows) + 1,
      };
      return { colOf, rowOf, read, window: await readRasterWindow(r, level, read, signal) };
    }),
  );
  for (const part of parts) {
    if (!part) continue;
    const { colOf, rowOf, read, window } = part;
    for (let j = 0; j < height; j++) {
      const rr = rowOf[j] - read.y0;
      if (rr < 0 || rr >= window.height) continue;
      for (let i = 0; i < width; i++) {
        const o = j * width + i;
        if (data[o] === data[o]) continue; // an earlier raster already gave a valid value
        const cc = colOf[i] - read.x0;
        if (cc < 0 || cc >= window.width) continue;
        data[o] = window.data[rr * window.width + cc];
      }
    }
  }
  return { width, height, data };
}

function finiteBounds(xs: Float64Array, ys: Float64Array) {
  const [minX, maxX] = finiteRange(xs);
  const [minY, maxY] = finiteRange(ys);
  return minX <= maxX && minY <= maxY ? { minX, maxX, minY, maxY } : null;
}

function finiteRange(values: Float64Array): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

function pointsInside(xs: Float64Array, ys: Float64Array, level: GeoTiffLevel): boolean {
  for (let k = 0; k < xs.length; k++) {
    const c = (xs[k] - level.originX) / level.resX;
    const r = (ys[k] - level.originY) / level.resY;
    if (c >= 0 && c < level.width && r >= 0 && r < level.height) return true;
  }
  return false;
}

/** The union of the rasters' extents in pixel indices of `grid`, rounded outwards. */
function unionExtentInGrid(rasters: readonly GeoTiffRaster[], grid: GeoTiffLevel) {
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (const r of rasters) {
    const b = r.levels[0];
    const cA = (b.originX - grid.originX) / grid.resX;
    const cB = (b.originX + b.width * b.resX - grid.originX) / grid.resX;
    const rA = (b.originY - grid.originY) / grid.resY;
    const rB = (b.originY + b.height * b.resY - grid.originY) / grid.resY;
    // Round to the nearest index first: cells on a common grid land on whole numbers up to float error.
    x0 = Math.min(x0, Math.floor(Math.min(cA, cB) + 1e-6));
    x1 = Math.max(x1, Math.ceil(Math.max(cA, cB) - 1e-6));
    y0 = Math.min(y0, Math.floor(Math.min(rA, rB) + 1e-6));
    y1 = Math.max(y1, Math.ceil(Math.max(rA, rB) - 1e-6));
  }
  return { x0, x1, y0, y1 };
}
