// Size limits of the geometries the API takes (geometry-limits.ts): each level refused at the loc of
// the list that is too long, before any position is looked at; the limit itself accepted. And the
// crossing search of a large geometry, deferred and run on a thread, finds what the inline one finds
// while the event loop keeps turning.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { validateGeometry } from '../../../../domain/map/geojson/validate-geometry.ts';
import { checkGeometrySize } from '../../../../domain/map/geojson/check-geometry-size.ts';
import { validateLayerFeatureCollection } from '../../../../domain/map/geojson/validate-layer-feature-collection.ts';
import {
  MAX_GEOMETRY_POSITIONS,
  MAX_LINE_POSITIONS,
  MAX_MULTI_PARTS,
  MAX_POLYGON_RINGS,
  MAX_RING_POSITIONS,
} from '../../../../domain/map/geojson/geometry-limits.ts';
import type { DeferredRingChecks } from '../../../../domain/map/geojson/deferred-ring-checks.ts';
import { ringCrossingIssues, SYNC_CROSSING_POSITIONS } from '../../../../commands/ring-crossing-issues.ts';
import { validateFeatureCollectionOffLoop } from '../../../../commands/validate-feature-collection-off-loop.ts';
import { MAX_POSITIONS_PER_LAYER_REQUEST } from '../../../../domain/map/map-layer-vocabulary.ts';
import { ellipseRing } from '../../../support/large-geometries.ts';

const square = (x = 10, y = 50, d = 0.001) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const line = (n: number) => Array.from({ length: n }, (_, i) => [10 + i * 1e-5, 50]);
const at = ['g'];
const one = (
  geometry: unknown,
  allowed = ['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'MultiPoint'] as const,
) => validateGeometry(geometry, allowed, at).map(({ loc, type }) => ({ loc, type }));

test('a ring of MAX_RING_POSITIONS passes; one more is refused at the ring, before its positions are read', () => {
  assert.equal(one({ type: 'Polygon', coordinates: [ellipseRing(MAX_RING_POSITIONS)] }), []);
  const tooLong = [...ellipseRing(MAX_RING_POSITIONS + 1)];
  tooLong[5] = ['not', 'a position'] as unknown as number[];
  const issues = validateGeometry({ type: 'Polygon', coordinates: [square(), tooLong] }, ['Polygon'], at);
  assert.equal(issues, [
    {
      loc: ['g', 'coordinates', 1],
      msg: `A linear ring should have at most ${MAX_RING_POSITIONS} positions, got ${MAX_RING_POSITIONS + 1} (simplify or split the geometry)`,
      type: 'too_long',
    },
  ]);
});

test('rings per polygon, positions per line, parts per multi-geometry: each at its own loc', () => {
  const rings = Array.from({ length: MAX_POLYGON_RINGS + 1 }, (_, i) => square(10 + i * 0.01));
  assert.equal(one({ type: 'Polygon', coordinates: rings }), [{ loc: ['g', 'coordinates'], type: 'too_long' }]);
  assert.equal(
    one({ type: 'Polygon', coordinates: rings.slice(0, MAX_POLYGON_RINGS) }).length,
    0,
    'holes outside the outline are not checked here',
  );
  assert.equal(one({ type: 'LineString', coordinates: line(MAX_LINE_POSITIONS + 1) }), [
    { loc: ['g', 'coordinates'], type: 'too_long' },
  ]);
  assert.equal(one({ type: 'LineString', coordinates: line(MAX_LINE_POSITIONS) }), []);
  assert.equal(one({ type: 'MultiLineString', coordinates: [line(2), line(MAX_LINE_POSITIONS + 1)] }), [
    { loc: ['g', 'coordinates', 1], type: 'too_long' },
  ]);
  const points = Array.from({ length: MAX_MULTI_PARTS + 1 }, (_, i) => [10 + i * 1e-5, 50]);
  assert.equal(one({ type: 'MultiPoint', coordinates: points }), [{ loc: ['g', 'coordinates'], type: 'too_long' }]);
  assert.equal(one({ type: 'MultiPoint', coordinates: points.slice(1) }), []);
  assert.equal(
    one({ type: 'MultiPolygon', coordinates: [[square()], [square(11), ellipseRing(MAX_RING_POSITIONS + 1, 11)]] }),
    [{ loc: ['g', 'coordinates', 1, 1], type: 'too_long' }],
  );
});

test('positions of one geometry: MAX_GEOMETRY_POSITIONS in all, refused at its coordinates', () => {
  const perRing = MAX_RING_POSITIONS;
  const rings = Math.ceil(MAX_GEOMETRY_POSITIONS / perRing);
  const polygons = Array.from({ length: rings + 1 }, (_, i) => [ellipseRing(perRing, 10 + i * 0.1)]);
  const size = checkGeometrySize('MultiPolygon', polygons, ['c']);
  assert.is(size.positions, (rings + 1) * perRing);
  assert.equal(size.issues, [
    {
      loc: ['c'],
      msg: `A geometry should have at most ${MAX_GEOMETRY_POSITIONS} positions, got ${(rings + 1) * perRing} (simplify or split it)`,
      type: 'too_long',
    },
  ]);
  assert.equal(checkGeometrySize('MultiPolygon', polygons.slice(0, rings), ['c']).issues, []);
  assert.equal(checkGeometrySize('Point', [1, 2], ['c']), { issues: [], positions: 1 });
  assert.equal(
    checkGeometrySize('Polygon', 'not a list', ['c']),
    { issues: [], positions: 0 },
    'left to the validator',
  );
});

test('deferred crossings: collected instead of searched, then found on the thread exactly as inline', async () => {
  const big = ellipseRing(SYNC_CROSSING_POSITIONS + 500);
  // Position 100 (upper right) pulled across the ellipse beyond its left edge: its segments cross the ring.
  big[100] = [10 - 0.02, 50, 7];
  const geometry = { type: 'Polygon', coordinates: [square(), big] };
  const inline = validateGeometry(geometry, ['Polygon'], at);
  assert.is(inline.length, 1);
  assert.match(inline[0]!.msg, /^Ring self-intersects: .*\[9.98, 50, 7\]/);
  const deferred: DeferredRingChecks = [];
  assert.equal(validateGeometry(geometry, ['Polygon'], at, deferred), []);
  assert.equal(
    deferred.map((d) => d.loc),
    [
      ['g', 'coordinates', 0],
      ['g', 'coordinates', 1],
    ],
  );
  assert.equal(await ringCrossingIssues(deferred), inline, 'the thread finds the same segments, elevation kept');
  const small: DeferredRingChecks = [
    {
      ring: [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
      loc: ['s'],
    },
  ];
  assert.equal(
    (await ringCrossingIssues(small)).map((i) => i.loc),
    [['s']],
    'small ones are searched inline',
  );
});

test('a maximal collection is checked while the event loop keeps turning, with the same issues as inline', async () => {
  // As many maximal rings as one request may carry, the last one self-intersecting.
  const rings = Math.floor(MAX_POSITIONS_PER_LAYER_REQUEST / MAX_RING_POSITIONS);
  const features = Array.from({ length: rings }, (_, i) => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [ellipseRing(MAX_RING_POSITIONS, 10 + i * 0.05)] },
  }));
  const lastRing = features.at(-1)!.geometry.coordinates[0]!;
  // A position of the top pulled across the ring beyond its bottom edge.
  const lon = 10 + (rings - 1) * 0.05;
  lastRing[MAX_RING_POSITIONS / 4] = [lon, 50 - 0.01];
  const collection = { type: 'FeatureCollection', features };
  const options = { maxPositions: MAX_POSITIONS_PER_LAYER_REQUEST };
  let turns = 0;
  let checking = true;
  const counting = (async () => {
    while (checking) {
      await nextTurn();
      turns++;
    }
  })();
  const started = validateFeatureCollectionOffLoop(collection, 'boundary', options);
  const issues = await started;
  checking = false;
  await counting;
  // Checked inline, the search would run to its end before the loop turned once.
  assert.ok(turns >= 3, `the loop turned ${turns} times while the rings were searched`);
  assert.equal(issues, validateLayerFeatureCollection(collection, 'boundary', options));
  assert.equal(
    issues.map((i) => i.loc),
    [['features', rings - 1, 'geometry', 'coordinates', 0]],
  );
});

test.run();
