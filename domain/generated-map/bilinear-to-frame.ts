import type { MapFrame } from '../cartography/map-composition.ts';
import { TILE_SIZE } from '../terrain/work-grid.ts';
import { framePixelsInMosaic } from './frame-pixels-in-mosaic.ts';
import type { TileMosaic } from './tile-mosaic.ts';

/**
 * Bilinear resampling of mosaic values (cell centres at c + ½, r + ½) onto the face; NaN where the
 * pixel is off the mosaic or any of its four cells has no value.
 */
export function bilinearToFrame(frame: MapFrame, mosaic: TileMosaic, values: Float32Array): Float32Array {
  const { u, v } = framePixelsInMosaic(frame, mosaic);
  const width = mosaic.tilesWide * TILE_SIZE,
    height = mosaic.tilesHigh * TILE_SIZE;
  if (values.length !== width * height) throw new RangeError(`mosaic values: ${values.length}, not ${width * height}`);
  const out = new Float32Array(frame.width * frame.height).fill(Number.NaN);
  for (let row = 0; row < frame.height; row++) {
    const y = Math.max(0, Math.min(height - 1, v[row]! - 0.5));
    if (v[row]! < 0 || v[row]! >= height) continue;
    const r0 = Math.floor(y),
      r1 = Math.min(height - 1, r0 + 1),
      fy = y - r0;
    for (let col = 0; col < frame.width; col++) {
      if (u[col]! < 0 || u[col]! >= width) continue;
      const x = Math.max(0, Math.min(width - 1, u[col]! - 0.5));
      const c0 = Math.floor(x),
        c1 = Math.min(width - 1, c0 + 1),
        fx = x - c0;
      const a = values[r0 * width + c0]!,
        b = values[r0 * width + c1]!;
      const c = values[r1 * width + c0]!,
        d = values[r1 * width + c1]!;
      out[row * frame.width + col] = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
    }
  }
  return out;
}
