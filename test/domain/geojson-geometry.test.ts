// Geometry helpers: self-intersection search (checked against turf's kinks), segment tests,
// normalisation (winding, ids), bounds and the exact bbox intersection.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { booleanClockwise, kinks, polygon } from '@turf/turf';
import type { Position } from 'geojson';
import { findRingSelfIntersection } from '../../domain/map/geojson/find-ring-self-intersection.ts';
import { segmentsIntersect } from '../../domain/map/geojson/segments-intersect.ts';
import { normalizeLayerFeatureCollection } from '../../domain/map/geojson/normalize-layer-feature-collection.ts';
import { geometryBounds } from '../../domain/map/geojson/geometry-bounds.ts';
import { geometryIntersectsBbox } from '../../domain/map/geojson/geometry-intersects-bbox.ts';
import { featureTime } from '../../domain/map/geojson/feature-time.ts';

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A star-shaped (simple) ring of n vertices around (cx, cy). */
function simpleRing(n: number, rnd: () => number, cx = 0, cy = 0): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    const r = 1 + rnd();
    ring.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}

test('segments: crossing, touching, collinear overlap, disjoint, parallel', () => {
  assert.ok(segmentsIntersect([0, 0], [2, 2], [0, 2], [2, 0]));
  assert.ok(segmentsIntersect([0, 0], [2, 0], [1, 0], [1, 5]), 'T touch');
  assert.ok(segmentsIntersect([0, 0], [2, 0], [1, 0], [3, 0]), 'collinear overlap');
  assert.not.ok(segmentsIntersect([0, 0], [1, 0], [2, 0], [3, 0]), 'collinear apart');
  assert.not.ok(segmentsIntersect([0, 0], [1, 1], [0, 1], [1, 2]), 'parallel');
  assert.not.ok(segmentsIntersect([0, 0], [1, 0], [2, -1], [2, 1]));
});

test('simple rings of every size have no self-intersection (pairwise and R-tree paths)', () => {
  const rnd = random(1);
  for (const n of [3, 10, 63, 64, 65, 500, 20_000])
    assert.is(findRingSelfIntersection(simpleRing(n, rnd)), null, `n=${n}`);
});

test('agrees with turf kinks on random rings', () => {
  const rnd = random(42);
  let crossing = 0;
  for (let round = 0; round < 300; round++) {
    const n = 4 + Math.floor(rnd() * 12);
    const ring: Position[] = Array.from({ length: n }, () => [rnd() * 10, rnd() * 10]);
    ring.push(ring[0]!);
    const turfSays = kinks(polygon([ring])).features.length > 0;
    const found = findRingSelfIntersection(ring);
    assert.is(found !== null, turfSays, JSON.stringify(ring));
    if (found) crossing++;
  }
  assert.ok(crossing > 100 && crossing < 300, `both outcomes are exercised (${crossing} crossing)`);
});

test('a crossing hidden in a large ring is found, with its segment indices', () => {
  const ring = simpleRing(5000, random(7));
  // Swap two neighbouring vertices: segments 2499 and 2501 now cross.
  [ring[2500], ring[2501]] = [ring[2501]!, ring[2500]!];
  const found = findRingSelfIntersection(ring);
  assert.equal(found, { first: 2499, second: 2501, collapsed: false });
});

test('normalise: exterior counter-clockwise, holes clockwise, ids, {} for null properties, foreign members dropped', () => {
  const clockwiseExterior = [
    [0, 0],
    [0, 10],
    [10, 10],
    [10, 0],
    [0, 0],
  ];
  const counterClockwiseHole = [
    [2, 2],
    [4, 2],
    [4, 4],
    [2, 4],
    [2, 2],
  ];
  let n = 0;
  const out = normalizeLayerFeatureCollection(
    {
      type: 'FeatureCollection',
      bbox: [0, 0, 10, 10],
      features: [
        {
          type: 'Feature',
          id: 'client-id',
          properties: null,
          bbox: [0, 0, 1, 1],
          extra: 1,
          geometry: { type: 'Polygon', coordinates: [clockwiseExterior, counterClockwiseHole], bbox: [1] },
        },
        {
          type: 'Feature',
          properties: { a: 1 },
          geometry: { type: 'MultiPolygon', coordinates: [[clockwiseExterior]] },
        },
        {
          type: 'Feature',
          properties: { b: 2 },
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
    },
    () => `id-${n++}`,
  );
  assert.equal(Object.keys(out), ['type', 'features']);
  const [poly, multi, line] = out.features;
  assert.equal(poly, {
    type: 'Feature',
    id: 'id-0',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
        [
          [2, 2],
          [2, 4],
          [4, 4],
          [4, 2],
          [2, 2],
        ],
      ],
    },
  });
  assert.not.ok(booleanClockwise(poly!.geometry.coordinates[0]));
  assert.ok(booleanClockwise(poly!.geometry.coordinates[1]));
  assert.not.ok(booleanClockwise(multi!.geometry.coordinates[0][0]));
  assert.equal(
    line!.geometry,
    {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    },
    'lines keep their direction',
  );
  assert.is(multi!.id, 'id-1');
});

test('bounds of every geometry type', () => {
  assert.equal(geometryBounds({ type: 'Point', coordinates: [3, 4, 100] }), [3, 4, 3, 4]);
  assert.equal(
    geometryBounds({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [5, -5],
            [6, -5],
            [6, 2],
            [5, -5],
          ],
        ],
      ],
    }),
    [0, -5, 6, 2],
  );
  assert.equal(
    geometryBounds({
      type: 'LineString',
      coordinates: [
        [-170, 10],
        [170, -10],
      ],
    }),
    [-170, -10, 170, 10],
  );
});

test('exact bbox intersection: box overlap is not enough', () => {
  // An L-shaped polygon: its bounding box covers (5..10, 5..10) but the shape does not.
  const l = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 4],
        [4, 4],
        [4, 10],
        [0, 10],
        [0, 0],
      ],
    ],
  };
  assert.not.ok(geometryIntersectsBbox(l, [5, 5, 9, 9]));
  assert.ok(geometryIntersectsBbox(l, [3, 5, 9, 9]), 'overlaps the vertical arm');
  assert.ok(geometryIntersectsBbox(l, [4, 4, 9, 9]), 'touching the inner corner counts');
  assert.ok(geometryIntersectsBbox(l, [-5, -5, 20, 20]), 'bbox containing the shape');
  assert.ok(geometryIntersectsBbox(l, [1, 1, 2, 2]), 'bbox inside the shape');
  const diagonal = {
    type: 'LineString' as const,
    coordinates: [
      [0, 0],
      [10, 10],
    ],
  };
  assert.not.ok(geometryIntersectsBbox(diagonal, [6, 0, 10, 4]));
  assert.ok(geometryIntersectsBbox(diagonal, [4, 4, 10, 4.5]));
  assert.ok(geometryIntersectsBbox(diagonal, [5, 5, 5, 5]), 'a point bbox on the line');
  assert.not.ok(geometryIntersectsBbox(diagonal, [5, 6, 5, 6]), 'a point bbox off the line');
  assert.not.ok(geometryIntersectsBbox({ type: 'Point', coordinates: [11, 11] }, [0, 0, 10, 10]));
  const withHole = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [2, 2],
        [2, 8],
        [8, 8],
        [8, 2],
        [2, 2],
      ],
    ],
  };
  assert.not.ok(geometryIntersectsBbox(withHole, [3, 3, 7, 7]), 'inside the hole');
});

test('feature time: the datetime property, else the version time', () => {
  assert.is(
    featureTime({ datetime: '2024-05-01T12:00:00+02:00' }, '2026-01-01T00:00:00.000Z'),
    '2024-05-01T12:00:00+02:00',
  );
  assert.is(featureTime({ name: 'x' }, '2026-01-01T00:00:00.000Z'), '2026-01-01T00:00:00.000Z');
  assert.is(featureTime({ datetime: 42 }, '2026-01-01T00:00:00.000Z'), '2026-01-01T00:00:00.000Z');
});

test.run();
