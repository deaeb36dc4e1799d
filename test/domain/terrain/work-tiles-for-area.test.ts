import * as turf from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tileBounds } from '../../../domain/terrain/tile-bounds.ts';
import type { TileAddress } from '../../../domain/terrain/types.ts';
import { workTilesForArea } from '../../../domain/terrain/work-tiles-for-area.ts';
import { seededRandom } from '../../terrain-raster/support/synthetic-dem.ts';

const key = (t: TileAddress) => `${t.z}/${t.x}/${t.y}`;
const ring = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

test('a polygon equal to one tile yields exactly that tile, not its 8 neighbours', () => {
  const [w, s, e, n] = tileBounds({ z: 12, x: 2132, y: 1441 });
  assert.equal(workTilesForArea({ type: 'Polygon', coordinates: [ring(w, s, e, n)] }), [{ z: 12, x: 2132, y: 1441 }]);
});

test('a thin diagonal polygon gets the tiles it crosses, not its bounding box', () => {
  // From the south-west corner of tile 12/2132/1441 three tiles east and three north, 1e-4° wide.
  const [w0, s0] = tileBounds({ z: 12, x: 2132, y: 1441 });
  const [, , e3, n3] = tileBounds({ z: 12, x: 2134, y: 1439 });
  const area: Polygon = {
    type: 'Polygon',
    coordinates: [
      [
        [w0 + 0.001, s0 + 0.001],
        [e3 - 0.001, n3 - 0.0011],
        [e3 - 0.001, n3 - 0.001],
        [w0 + 0.001, s0 + 0.0011],
        [w0 + 0.001, s0 + 0.001],
      ],
    ],
  };
  const tiles = workTilesForArea(area);
  const bboxTiles = 9;
  assert.ok(tiles.length < bboxTiles, `${tiles.length} tiles`);
  // The diagonal goes through the three tiles of the diagonal at least.
  for (const t of [
    { z: 12, x: 2132, y: 1441 },
    { z: 12, x: 2133, y: 1440 },
    { z: 12, x: 2134, y: 1439 },
  ]) {
    assert.ok(
      tiles.some((u) => key(u) === key(t)),
      `missing ${key(t)}`,
    );
  }
  // Far corners of the bbox are not touched.
  assert.not.ok(tiles.some((u) => key(u) === '12/2132/1439'));
  assert.not.ok(tiles.some((u) => key(u) === '12/2134/1441'));
});

test('holes remove the tiles wholly inside them; multipolygons add their parts; sorted north to south, west to east', () => {
  const t = (x: number, y: number) => tileBounds({ z: 12, x, y });
  const [w] = t(2130, 1440);
  const [, , e] = t(2134, 1440);
  const [, , , n] = t(2130, 1440);
  const [, s] = t(2130, 1444);
  const [hw] = t(2131, 1441);
  const [, , he] = t(2133, 1441);
  const [, , , hn] = t(2131, 1441);
  const [, hs] = t(2131, 1443);
  const eps = 1e-7;
  // 5x5 tiles with a hole covering exactly the 3x3 middle: 25 - 9 = 16 tiles remain.
  const withHole: Polygon = {
    type: 'Polygon',
    coordinates: [ring(w + eps, s + eps, e - eps, n - eps), ring(hw, hs, he, hn)],
  };
  const tiles = workTilesForArea(withHole);
  assert.is(tiles.length, 16);
  assert.not.ok(tiles.some((u) => key(u) === '12/2132/1442'));
  const far: Polygon = {
    type: 'Polygon',
    coordinates: [ring(...(t(100, 200).map((v, i) => v + (i < 2 ? 1e-6 : -1e-6)) as [number, number, number, number]))],
  };
  const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [withHole.coordinates, far.coordinates] };
  const both = workTilesForArea(multi);
  assert.is(both.length, 17);
  assert.equal(both[0], { z: 12, x: 100, y: 200 }); // far further north (smaller y) comes first
  const sorted = [...both].sort((a, b) => a.y - b.y || a.x - b.x);
  assert.equal(both, sorted);
});

test('agrees with turf.booleanIntersects on random star polygons', () => {
  const random = seededRandom(42);
  for (let trial = 0; trial < 25; trial++) {
    const cx = -30 + random() * 60;
    const cy = -50 + random() * 100;
    const points: number[][] = [];
    const count = 5 + Math.floor(random() * 10);
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * 2 * Math.PI;
      const r = 0.02 + random() * 0.15;
      points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
    }
    points.push(points[0]);
    const area: Polygon = { type: 'Polygon', coordinates: [points] };
    const zoom = 10;
    const got = new Set(workTilesForArea(area, zoom).map(key));
    const [minX, minY, maxX, maxY] = turf.bbox(area);
    const n = 2 ** zoom;
    const x0 = Math.floor(((minX + 180) / 360) * n);
    const x1 = Math.floor(((maxX + 180) / 360) * n);
    const yOf = (lat: number) => Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
    let expectedCount = 0;
    for (let y = yOf(maxY); y <= yOf(minY); y++) {
      for (let x = x0; x <= x1; x++) {
        const tile = { z: zoom, x, y };
        const intersects = turf.booleanIntersects(turf.bboxPolygon(tileBounds(tile)), area);
        if (intersects) expectedCount++;
        assert.is(got.has(key(tile)), intersects, `trial ${trial} tile ${key(tile)}`);
      }
    }
    assert.is(got.size, expectedCount);
  }
});

test('bad areas are rejected with a reason', () => {
  assert.throws(() => workTilesForArea({ type: 'Point', coordinates: [0, 0] } as never), /Polygon or MultiPolygon/);
  assert.throws(
    () =>
      workTilesForArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      }),
    /at least 4 positions/,
  );
  assert.throws(
    () =>
      workTilesForArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      }),
    /not closed/,
  );
  assert.throws(
    () =>
      workTilesForArea({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [200, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    /longitude, latitude/,
  );
  assert.throws(
    () =>
      workTilesForArea(
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
        12.5,
      ),
    /zoom/,
  );
  assert.equal(workTilesForArea({ type: 'MultiPolygon', coordinates: [] }), []);
});

test.run();
