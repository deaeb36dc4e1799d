import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCategoryRgba } from '../../domain/terrain/decode-category-rgba.ts';
import { decodeElevationRgba } from '../../domain/terrain/decode-elevation-rgba.ts';
import { encodeCategoryRgba } from '../../domain/terrain/encode-category-rgba.ts';
import { encodeElevationRgba } from '../../domain/terrain/encode-elevation-rgba.ts';
import { decodeElevationPng } from '../../workers/terrain/products/raster/decode-elevation-png.ts';
import { decodeLandCoverPng } from '../../workers/terrain/products/raster/decode-land-cover-png.ts';
import { encodeElevationPng } from '../../workers/terrain/products/raster/encode-elevation-png.ts';
import { encodeLandCoverPng } from '../../workers/terrain/products/raster/encode-land-cover-png.ts';
import { gdal, readRasterAsFloat32, tempDir } from './support/gdal.ts';

const tile = { z: 12, x: 1, y: 2 };

test('elevation pixels pack as meters = -10000 + (R·65536 + G·256 + B)·0.1', () => {
  const rgba = encodeElevationRgba(
    Float32Array.from([0, 8848.86, -10000, -10994, 1667721.5, 2e6, NaN, 123.44, 123.46]),
  );
  // 0 m -> 100000 = 0x0186A0
  assert.equal(Array.from(rgba.subarray(0, 4)), [1, 134, 160, 255]);
  // 8848.86 m -> round(188488.6) = 188489 = 0x02E049
  assert.equal(Array.from(rgba.subarray(4, 8)), [2, 224, 73, 255]);
  assert.equal(Array.from(rgba.subarray(8, 12)), [0, 0, 0, 255]);
  assert.equal(Array.from(rgba.subarray(12, 16)), [0, 0, 0, 255], 'below -10000 m clamps to 0');
  assert.equal(Array.from(rgba.subarray(16, 20)), [255, 255, 255, 255]);
  assert.equal(Array.from(rgba.subarray(20, 24)), [255, 255, 255, 255], 'above the range clamps to the top');
  assert.equal(Array.from(rgba.subarray(24, 28)), [0, 0, 0, 0], 'nodata is alpha 0');
  const back = decodeElevationRgba(rgba);
  assert.ok(Math.abs(back[1] - 8848.9) < 1e-3);
  assert.ok(Math.abs(back[7] - 123.4) < 1e-3 && Math.abs(back[8] - 123.5) < 1e-3, 'rounds to the nearest 0.1 m');
  assert.ok(Number.isNaN(back[6]));
});

test('elevation PNG round-trips within 0.05 m and GDAL reads the same bytes', () => {
  const size = 256;
  const values = Float32Array.from(
    { length: size * size },
    (_, i) => -50 + (i % 977) * 3.3371 + Math.floor(i / 977) * 0.01,
  );
  values[5] = NaN;
  const png = encodeElevationPng({ tile, size, data: values, nodata: NaN });
  assert.equal(Array.from(png.subarray(1, 4)), [80, 78, 71]); // "PNG"
  const decoded = decodeElevationPng(png);
  assert.is(decoded.size, 256);
  for (let i = 0; i < values.length; i++) {
    if (i === 5) {
      assert.ok(Number.isNaN(decoded.values[i]));
      continue;
    }
    assert.ok(
      Math.abs(decoded.values[i] - values[i]) <= 0.05 + 1e-4,
      `pixel ${i}: ${decoded.values[i]} vs ${values[i]}`,
    );
  }
  // An independent decoder: GDAL's PNG driver, band by band.
  const t = tempDir('png');
  try {
    const path = join(t.dir, 'e.png');
    writeFileSync(path, png);
    const [r, g, b, a] = [1, 2, 3, 4].map((band) => {
      const out = join(t.dir, `b${band}.tif`);
      gdal('gdal_translate', ['-q', '-b', String(band), path, out]);
      return readRasterAsFloat32(out).data;
    });
    for (const i of [0, 5, 1000, 65535]) {
      const meters = a[i] === 0 ? NaN : -10000 + (r[i] * 65536 + g[i] * 256 + b[i]) * 0.1;
      if (i === 5) assert.is(a[i], 0);
      else assert.ok(Math.abs(meters - values[i]) <= 0.05 + 1e-4);
    }
  } finally {
    t.remove();
  }
});

test('land-cover pixels: red = category, alpha 0 = nodata; PNG round-trips exactly', () => {
  const values = Uint8Array.from([10, 20, 80, 0, 95, 100, 255, 50]);
  const rgba = encodeCategoryRgba(values, 0);
  assert.equal(Array.from(rgba.subarray(0, 8)), [10, 0, 0, 255, 20, 0, 0, 255]);
  assert.equal(Array.from(rgba.subarray(12, 16)), [0, 0, 0, 0]);
  assert.equal(Array.from(decodeCategoryRgba(rgba, 0)), Array.from(values));
  const size = 256;
  const big = Uint8Array.from(
    { length: size * size },
    (_, i) => [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 100, 255][i % 12],
  );
  const png = encodeLandCoverPng({ tile, size, data: big, nodata: 255 });
  const decoded = decodeLandCoverPng(png, 255);
  assert.equal(Array.from(decoded.values), Array.from(big));
  assert.is(decodeLandCoverPng(png, 0).values[11], 0, 'alpha-0 pixels decode to the nodata asked for');
});

test('wrong raster types and sizes are rejected', () => {
  assert.throws(() => encodeElevationPng({ tile, size: 2, data: new Uint8Array(4), nodata: 0 }), /Float32/);
  assert.throws(() => encodeLandCoverPng({ tile, size: 2, data: new Float32Array(4), nodata: 0 }), /Uint8/);
  assert.throws(() => encodeElevationPng({ tile, size: 3, data: new Float32Array(4), nodata: NaN }), /RGBA/);
  assert.throws(() => decodeElevationRgba(new Uint8Array(5)), /multiple of 4/);
  assert.throws(() => decodeElevationPng(new Uint8Array([1, 2, 3])));
});

test.run();
