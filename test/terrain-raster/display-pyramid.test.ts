import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { displayPyramidTiles } from '../../domain/terrain/display-pyramid-tiles.ts';
import { downsampleMean2x2 } from '../../domain/terrain/downsample-mean-2x2.ts';
import { downsampleMode2x2 } from '../../domain/terrain/downsample-mode-2x2.ts';
import type { TileAddress, TileRaster } from '../../domain/terrain/types.ts';
import { buildDisplayPyramid } from '../../workers/terrain/products/raster/build-display-pyramid.ts';

test('mean of valid values per 2x2 block, children in NW NE SW SE quadrants', () => {
  // size 4: each child contributes a 2x2 quadrant of the parent.
  const child = (base: number) => Float32Array.from({ length: 16 }, (_, i) => base + i);
  const nw = child(0);
  nw[0] = NaN; // block (0,0) of NW: values NaN, 1, 4, 5 -> mean of 1, 4, 5 = 10/3
  const parent = downsampleMean2x2([nw, child(100), null, child(300)], 4);
  assert.ok(Math.abs(parent[0] - 10 / 3) < 1e-6);
  assert.is(parent[1], (2 + 3 + 6 + 7) / 4);
  assert.is(parent[2], (100 + 101 + 104 + 105) / 4); // NE quadrant starts at column 2
  assert.ok(Number.isNaN(parent[8]) && Number.isNaN(parent[13]), 'missing SW child leaves nodata');
  assert.is(parent[15], (310 + 311 + 314 + 315) / 4);
  const allNaN = downsampleMean2x2([new Float32Array(16).fill(NaN), null, null, null], 4);
  assert.ok(Number.isNaN(allNaN[0]));
});

test('most frequent category per 2x2 block, ties to the first in NW NE SW SE order', () => {
  const size = 4;
  const c = new Uint8Array(16).fill(255);
  c.set([10, 20], 0);
  c.set([20, 30], 4); // block 0: 10 20 / 20 30 -> 20 (twice)
  c.set([40, 50], 2);
  c.set([50, 40], 6); // block 1: 40 50 / 50 40 -> tie 40 vs 50 -> 40 (NW first)
  c.set([255, 255], 8);
  c.set([255, 60], 12); // block 2: only 60 valid
  const parent = downsampleMode2x2([c, null, null, null], size, 255);
  assert.equal(Array.from(parent.subarray(0, 2)), [20, 40]);
  assert.is(parent[4], 60);
  assert.is(parent[5], 255);
  assert.is(parent[2], 255, 'missing child');
});

test('pyramid levels list each parent once, from the work zoom down to the minimum', () => {
  const work: TileAddress[] = [];
  for (let x = 2130; x < 2134; x++) for (let y = 1440; y < 1443; y++) work.push({ z: 12, x, y });
  const levels = displayPyramidTiles(work, 8);
  assert.equal(
    levels.map((l) => l.zoom),
    [11, 10, 9, 8],
  );
  assert.equal(levels[0].tiles, [
    { z: 11, x: 1065, y: 720 },
    { z: 11, x: 1066, y: 720 },
    { z: 11, x: 1065, y: 721 },
    { z: 11, x: 1066, y: 721 },
  ]);
  assert.equal(levels[3].tiles, [{ z: 8, x: 133, y: 90 }]);
  assert.throws(
    () =>
      displayPyramidTiles([
        { z: 12, x: 0, y: 0 },
        { z: 11, x: 0, y: 0 },
      ]),
    /mix zooms/,
  );
  assert.throws(() => displayPyramidTiles([{ z: 7, x: 0, y: 0 }], 8), /minimum display zoom/);
  assert.equal(displayPyramidTiles([]), []);
});

test('the pyramid is built from the level below, never from the source', async () => {
  const size = 8;
  const store = new Map<string, TileRaster>();
  const key = (t: TileAddress) => `${t.z}/${t.x}/${t.y}`;
  const work: TileAddress[] = [];
  // A 4x4 block of zoom-12 tiles, each filled with its own x + 10·y.
  for (let x = 0; x < 4; x++) {
    for (let y = 0; y < 4; y++) {
      const tile = { z: 12, x: 2128 + x, y: 1440 + y };
      work.push(tile);
      store.set(key(tile), { tile, size, data: new Float32Array(size * size).fill(x + 10 * y), nodata: NaN });
    }
  }
  let reads = 0;
  const written = await buildDisplayPyramid(
    work,
    'continuous',
    {
      async read(tile) {
        reads++;
        return store.get(key(tile)) ?? null;
      },
      async write(raster) {
        store.set(key(raster.tile), raster);
      },
    },
    { minZoom: 10 },
  );
  assert.is(written, 4 + 1);
  assert.is(reads, 4 * 5, 'four children per built tile');
  const z11 = store.get('11/1064/720')!.data;
  assert.is(z11[0], 0);
  assert.is(z11[size - 1], 1);
  assert.is(z11[size * size - 1], 11);
  const z10 = store.get('10/532/360')!.data;
  // NW quadrant of the zoom-10 tile is the zoom-11 tile 1064/720, whose pixels average 2x2 blocks.
  assert.is(z10[0], 0);
  assert.is(z10[size * size - 1], 33);
  assert.is(z10[size / 2], 2);
  const cats = new Map<string, TileRaster>();
  const catWork = [
    { z: 12, x: 0, y: 0 },
    { z: 12, x: 1, y: 1 },
  ];
  cats.set('12/0/0', { tile: catWork[0], size: 2, data: Uint8Array.from([10, 10, 20, 0]), nodata: 0 });
  cats.set('12/1/1', { tile: catWork[1], size: 2, data: Uint8Array.from([0, 0, 0, 0]), nodata: 0 });
  await buildDisplayPyramid(
    catWork,
    'categorical',
    {
      async read(tile) {
        return cats.get(key(tile)) ?? null;
      },
      async write(raster) {
        cats.set(key(raster.tile), raster);
      },
    },
    { minZoom: 11 },
  );
  assert.equal(Array.from(cats.get('11/0/0')!.data), [10, 0, 0, 0]);
});

test.run();
