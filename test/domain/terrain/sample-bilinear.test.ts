import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleBilinear } from '../../../domain/terrain/sample-bilinear.ts';
import { sampleNearest } from '../../../domain/terrain/sample-nearest.ts';

// 3x2 window:   10 20 30
//               40 50 60      pixel centres at (0.5, 0.5), (1.5, 0.5) ... (2.5, 1.5)
const window = { width: 3, height: 2, data: Float32Array.from([10, 20, 30, 40, 50, 60]) };
const at = (points: [number, number][], w = window) =>
  Array.from(sampleBilinear(w, Float64Array.from(points.map((p) => p[0])), Float64Array.from(points.map((p) => p[1]))));

test('bilinear weights between pixel centres', () => {
  assert.equal(
    at([
      [0.5, 0.5],
      [1.5, 1.5],
    ]),
    [10, 50],
    'pixel centres return the pixel',
  );
  assert.equal(at([[1, 0.5]]), [15], 'half-way between 10 and 20');
  assert.equal(at([[1, 1]]), [30], 'centre of 10 20 40 50');
  // (1.25, 0.75): fx = 0.75, fy = 0.25 -> 0.1875·10 + 0.5625·20 + 0.0625·40 + 0.1875·50 = 25
  const [v] = at([[1.25, 0.75]]);
  assert.ok(Math.abs(v - 25) < 1e-5, `${v}`);
});

test('edges and nodata: outside is nodata, invalid neighbours drop out with their weight', () => {
  assert.equal(at([[0.2, 0.5]]), [10], 'between the raster edge and the first centre: only valid neighbour');
  const [outside, negative, nan] = at([
    [3, 1],
    [-0.01, 1],
    [NaN, 1],
  ]);
  assert.ok(Number.isNaN(outside) && Number.isNaN(negative) && Number.isNaN(nan));
  const holed = { width: 3, height: 2, data: Float32Array.from([10, NaN, 30, 40, 50, 60]) };
  assert.ok(Number.isNaN(at([[1.5, 0.5]], holed)[0]), 'a point inside a nodata pixel is nodata');
  // (1, 1) is inside pixel 50; neighbours 10, NaN, 40, 50 -> mean of 10, 40, 50
  assert.ok(
    Math.abs(at([[1.1, 1.1]], holed)[0] - (0.4 * 0.4 * 10 + 0.4 * 0.6 * 40 + 0.6 * 0.6 * 50) / (1 - 0.6 * 0.4)) < 1e-4,
  );
});

test('nearest takes the containing pixel', () => {
  const v = sampleNearest(
    window,
    Float64Array.from([0.01, 0.99, 1.0, 2.99, 3.0]),
    Float64Array.from([0.5, 1.5, 0.5, 1.99, 0.5]),
  );
  assert.equal(Array.from(v).slice(0, 4), [10, 40, 20, 60]);
  assert.ok(Number.isNaN(v[4]));
  assert.throws(() => sampleNearest(window, new Float64Array(2), new Float64Array(1)), /columns/);
  assert.throws(() => sampleBilinear(window, new Float64Array(2), new Float64Array(1)), /columns/);
});

test.run();
