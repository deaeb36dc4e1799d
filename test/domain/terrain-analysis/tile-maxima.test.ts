import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { coarserTileMaxima } from '../../../domain/terrain-analysis/coarser-tile-maxima.ts';
import { tileMaxima } from '../../../domain/terrain-analysis/tile-maxima.ts';

// 5 x 3 raster, 2 x 2 tiles: [0 1 | 2 3 | 4], ...; NaN is ignored, an all-NaN tile is −Infinity.
const data = Float64Array.from([1, 9, 2, 3, NaN, 4, 5, 8, 7, NaN, 6, 0, NaN, NaN, NaN]);

test('tileMaxima: the maximum of each 2 x 2 tile, NaN ignored, −Infinity for an all-nodata tile', () => {
  const tiles = tileMaxima(data, 5, 3, 1);
  assert.is(tiles.tilesWide, 3);
  assert.is(tiles.tilesHigh, 2);
  assert.equal([...tiles.max], [9, 8, -Infinity, 6, -Infinity, -Infinity]);
});

test('coarserTileMaxima equals tileMaxima computed directly at the coarser size', () => {
  const direct = tileMaxima(data, 5, 3, 2);
  const derived = coarserTileMaxima(tileMaxima(data, 5, 3, 1), 1);
  assert.equal(derived, direct);
  assert.equal([...derived.max], [9, -Infinity]);
  assert.throws(() => coarserTileMaxima(direct, 0), /positive integer/);
});

test.run();
