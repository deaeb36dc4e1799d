// Worker-thread entry of the raster pool (loaded by piscina; TypeScript through tsx, see
// create-raster-pool.ts). Pure computations from domain/ plus PNG encoding; results are moved back.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { slopeDegrees } from '../../../domain/terrain/slope-degrees.ts';
import { terrainRuggednessIndex } from '../../../domain/terrain/terrain-ruggedness-index.ts';
import { encodeElevationPng } from '../products/raster/encode-elevation-png.ts';
import { encodeLandCoverPng } from '../products/raster/encode-land-cover-png.ts';
import type { PngResult, RasterTask, SlopeRuggednessResult } from './raster-task.ts';

/**
 * A result whose buffers piscina transfers instead of structured-cloning (its transferable
 * protocol); `move()` marks it as movable, without which piscina clones it like any object.
 */
class Moved<T> {
  constructor(
    private readonly value: T,
    private readonly buffers: ArrayBufferLike[],
  ) {}
  get [transferableSymbol]() {
    return this.buffers;
  }
  get [valueSymbol]() {
    return this.value;
  }
}

export default function runRasterTask(task: RasterTask): unknown {
  return move(compute(task) as never);
}

function compute(task: RasterTask): Moved<SlopeRuggednessResult | PngResult> {
  switch (task.kind) {
    case 'slope-ruggedness': {
      const grid = { width: task.width, height: task.height, data: task.data };
      const slope = slopeDegrees(grid, { x: task.spacingX, y: task.spacingY });
      const ruggedness = terrainRuggednessIndex(grid);
      return new Moved({ slope, ruggedness }, [slope.buffer, ruggedness.buffer]);
    }
    case 'elevation-png': {
      const png = new Uint8Array(encodeElevationPng(task.raster));
      return new Moved({ png }, [png.buffer]);
    }
    case 'land-cover-png': {
      const png = new Uint8Array(encodeLandCoverPng(task.raster));
      return new Moved({ png }, [png.buffer]);
    }
    default:
      throw new TypeError(`unknown raster task ${JSON.stringify((task as { kind?: unknown }).kind)}`);
  }
}
