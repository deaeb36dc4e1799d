// The road graph on a hand-made network near the equator (lengths exact along the equator), cut
// into two "tiles" at lon 0.002 with the border point off by one ulp on one side.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Position } from 'geojson';
import { createRoadGraphBuilder } from '../../../../../workers/terrain/products/road-graph/create-road-graph-builder.ts';
import { geodesicDistanceMeters } from '../../../../../workers/terrain/products/road-graph/geodesic-distance-meters.ts';
import { serialiseRoadGraph } from '../../../../../workers/terrain/products/road-graph/serialise-road-graph.ts';
import { deserialiseRoadGraph } from '../../../../../workers/terrain/products/road-graph/deserialise-road-graph.ts';
import { roadGraphComponents } from '../../../../../workers/terrain/products/road-graph/road-graph-components.ts';
import { roadSpeedKmh } from '../../../../../workers/terrain/products/road-graph/road-speed-kmh.ts';
import type { RoadGraph } from '../../../../../workers/terrain/products/road-graph/road-graph.ts';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';

const U = 0.001; // degrees
const p = (x: number, y: number): Position => [x * U, y * U];
const EQUATOR_U = 6378137 * U * (Math.PI / 180); // metres per unit along the equator
const line = (cls: string, coords: Position[], extra: Record<string, unknown> = {}): TileFeature => ({
  type: 'Feature',
  geometry: { type: 'LineString', coordinates: coords },
  properties: { class: cls, oneway: false, ...extra },
});

const tileA: TileFeature[] = [
  line('primary', [p(0, 0), p(1, 0), p(2, 0)]),
  line('residential', [p(1, 0), p(1, 1), p(1, 2)]),
  line('secondary', [p(20, 0), p(21, 0)], { oneway: true }),
  line('secondary', [p(30, 0), p(31, 0)], { oneway: true }),
  line('path', [p(0.5, 1), p(1.5, 1)]), // crosses the residential road between its vertices: no junction
  { type: 'Feature', geometry: { type: 'Point', coordinates: p(7, 7) }, properties: { class: 'primary' } },
];
const tileB: TileFeature[] = [
  line('primary', [[0.002000000000000001, 0], p(3, 0), p(4, 0)]),
  line('residential', [p(3, 1), p(3, 0)], { oneway: true }),
  line('track', [p(4, 0), p(5, 0)], { surface: 'ground' }),
  line('service', [p(10, 10), p(11, 10)]),
  line('secondary', [p(21, 0), p(22, 0)], { oneway: true }),
  line('secondary', [p(32, 0), p(31, 0)], { oneway: true }), // meets the other one-way head on
  {
    type: 'Feature',
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [p(40, 0), p(41, 0)],
        [p(41, 0), p(42, 0), p(42, 0)],
      ],
    },
    properties: { highway: 'motorway_link' },
  },
];

function build(): RoadGraph {
  const builder = createRoadGraphBuilder();
  builder.add(tileA);
  builder.add(tileB);
  return builder.build();
}

const unit = (v: number) => String(Math.round((v / U) * 10) / 10);
const edgeKey = (g: RoadGraph, e: RoadGraph['edges'][number]) =>
  `${g.nodes[e.from].map(unit).join(',')}>${g.nodes[e.to].map(unit).join(',')} ${e.class}`;
const find = (g: RoadGraph, key: string) => g.edges.find((e) => edgeKey(g, e) === key)!;

test('nodes at junctions and ends only; the tile-border cut and equal one-way halves are dissolved', () => {
  const g = build();
  assert.equal(g.edges.map((e) => edgeKey(g, e)).sort(), [
    '0,0>1,0 primary',
    '0.5,1>1.5,1 path',
    '1,0>1,2 residential',
    '1,0>3,0 primary',
    '10,10>11,10 service',
    '20,0>22,0 secondary',
    '3,0>4,0 primary',
    '3,1>3,0 residential',
    '30,0>31,0 secondary',
    '32,0>31,0 secondary',
    '4,0>5,0 track',
    '40,0>42,0 motorway',
  ]);
  assert.is(g.nodes.length, 18);
  // the dissolved border vertex stays in the geometry, snapped
  assert.equal(find(g, '1,0>3,0 primary').geometry, [p(1, 0), p(2, 0), p(3, 0)]);
});

test('lengths are geodesic; speeds follow class and surface; one-way flags are kept', () => {
  const g = build();
  const close = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual - expected) < 1e-6, `${actual} vs ${expected}`);
  close(find(g, '1,0>3,0 primary').lengthMeters, 2 * EQUATOR_U);
  close(find(g, '0,0>1,0 primary').lengthMeters, EQUATOR_U);
  close(find(g, '20,0>22,0 secondary').lengthMeters, 2 * EQUATOR_U);
  close(
    find(g, '1,0>1,2 residential').lengthMeters,
    geodesicDistanceMeters(U, 0, U, U) + geodesicDistanceMeters(U, U, U, 2 * U),
  );
  assert.is(find(g, '1,0>3,0 primary').speedKmh, 80);
  assert.is(find(g, '4,0>5,0 track').speedKmh, 20, 'track 30 km/h, capped to 20 on ground');
  assert.is(find(g, '0.5,1>1.5,1 path').speedKmh, 5);
  assert.is(find(g, '40,0>42,0 motorway').speedKmh, 110, 'class read from highway when class is missing');
  assert.is(find(g, '3,1>3,0 residential').oneway, true);
  assert.is(find(g, '20,0>22,0 secondary').oneway, true);
  assert.is(find(g, '1,0>3,0 primary').oneway, false);
});

test('connected components: count, largest, share of length', () => {
  const g = build();
  const stats = roadGraphComponents(g);
  // {primary, residential, track} | service | path | 20-22 | 30-31-32 | 40-42
  assert.is(stats.count, 6);
  assert.is(stats.largestNodeCount, 7);
  const main = g.edges
    .filter((e) => ['primary', 'residential', 'track'].includes(e.class))
    .reduce((n, e) => n + e.lengthMeters, 0);
  const total = g.edges.reduce((n, e) => n + e.lengthMeters, 0);
  assert.ok(Math.abs(stats.totalLengthMeters - total) < 1e-6);
  assert.ok(Math.abs(stats.largestLengthShare - main / total) < 1e-12);
  assert.equal(roadGraphComponents({ nodes: [], edges: [] }), {
    count: 0,
    largestNodeCount: 0,
    largestLengthShare: 0,
    totalLengthMeters: 0,
  });
});

test('binary round trip is exact; bad blobs are refused', () => {
  const g = build();
  const bytes = serialiseRoadGraph(g);
  const vertices = g.edges.reduce((n, e) => n + e.geometry.length, 0);
  assert.is(bytes.length, 16 + g.nodes.length * 8 + g.edges.length * 32 + vertices * 8);
  assert.equal(deserialiseRoadGraph(bytes), g);
  assert.throws(() => deserialiseRoadGraph(bytes.subarray(0, bytes.length - 1)), RangeError);
  assert.throws(() => deserialiseRoadGraph(new Uint8Array(8)), RangeError);
  const foreign = Uint8Array.from(bytes);
  foreign[0] ^= 0xff;
  assert.throws(() => deserialiseRoadGraph(foreign), /not an RDG1/);
  const badClass = Uint8Array.from(bytes);
  badClass[16 + g.nodes.length * 8 + 20] = 200;
  assert.throws(() => deserialiseRoadGraph(badClass), /edge 0 is malformed/);
});

test('speed table', () => {
  assert.is(roadSpeedKmh('motorway'), 110);
  assert.is(roadSpeedKmh('primary', 'asphalt'), 80);
  assert.is(roadSpeedKmh('primary', 'Gravel'), 50);
  assert.is(roadSpeedKmh('secondary', 'cobblestone'), 40);
  assert.is(roadSpeedKmh('residential', 'cobblestone'), 30);
  assert.is(roadSpeedKmh('tertiary', 'mud'), 20);
  assert.is(roadSpeedKmh('tertiary', 'unknown-surface'), 60);
  assert.is(roadSpeedKmh('other', 7), 20);
});

test('an empty builder gives an empty graph; degenerate lines are ignored', () => {
  const builder = createRoadGraphBuilder();
  builder.add([line('primary', [p(0, 0), p(0, 0)]), line('primary', [p(1, 1)])]);
  assert.equal(builder.build(), { nodes: [], edges: [] });
});

test.run();
