// Geometry limits on every route that takes a geometry (README "Geometry limits"): a 422 in the
// FastAPI shape at the exact loc of the list that is too long, on layers, terrain-job boundaries and
// landing-zone areas; and health keeps answering while a maximal layer's rings are searched.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { http, startTestService, type TestService } from '../support/test-service.ts';
import { mapWithBoundary, squareBoundary } from '../support/terrain-flow.ts';
import { ellipseRing } from '../support/large-geometries.ts';
import {
  MAX_GEOMETRY_POSITIONS,
  MAX_LINE_POSITIONS,
  MAX_MULTI_PARTS,
  MAX_POLYGON_RINGS,
  MAX_RING_POSITIONS,
} from '../../domain/map/geojson/geometry-limits.ts';
import { MAX_POSITIONS_PER_LAYER_REQUEST } from '../../domain/map/map-layer-vocabulary.ts';

let svc: TestService;
let mapId: string;
let boundary: unknown;

test.before(async () => {
  svc = await startTestService('pglite');
  ({ mapId, boundary } = await mapWithBoundary(svc, squareBoundary(10, 50, 10.05, 50.03)));
});
test.after(async () => {
  await svc.close();
});

const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });
const collection = (...geometries: unknown[]) => ({ type: 'FeatureCollection', features: geometries.map(feature) });
const line = (n: number) => Array.from({ length: n }, (_, i) => [10 + i * 1e-6, 50]);
const square = (x: number) => [
  [x, 50],
  [x + 0.001, 50],
  [x + 0.001, 50.001],
  [x, 50.001],
  [x, 50],
];

async function refused(path: string, body: unknown) {
  const r = await http(svc.url, 'POST', path, { key: svc.key, body });
  assert.is(r.status, 422, r.text.slice(0, 500));
  assert.equal(Object.keys(r.body), ['detail']);
  for (const issue of r.body.detail) assert.equal(Object.keys(issue).sort(), ['loc', 'msg', 'type']);
  return r.body.detail as Array<{ loc: Array<string | number>; msg: string; type: string }>;
}

test('POST /api/maps/{id}/features: ring, rings, line, parts and geometry totals, each at its loc', async () => {
  const path = `/api/maps/${mapId}/features`;
  const layer = (type: string, ...geometries: unknown[]) => ({
    type,
    title: 'Big',
    feature_collection: collection(...geometries),
  });
  const geometryLoc = (i: number) => ['body', 'feature_collection', 'features', i, 'geometry', 'coordinates'];
  const cases: Array<[unknown, Array<string | number>, RegExp]> = [
    [
      layer(
        'named_area',
        { type: 'Polygon', coordinates: [square(10)] },
        { type: 'Polygon', coordinates: [ellipseRing(MAX_RING_POSITIONS + 1)] },
      ),
      [...geometryLoc(1), 0],
      new RegExp(`at most ${MAX_RING_POSITIONS} positions, got ${MAX_RING_POSITIONS + 1}`),
    ],
    [
      layer('named_area', {
        type: 'Polygon',
        coordinates: Array.from({ length: MAX_POLYGON_RINGS + 1 }, (_, i) => square(10 + i * 0.002)),
      }),
      geometryLoc(0),
      new RegExp(`at most ${MAX_POLYGON_RINGS} rings`),
    ],
    [
      layer('annotation', { type: 'LineString', coordinates: line(MAX_LINE_POSITIONS + 1) }),
      geometryLoc(0),
      new RegExp(`LineString should have at most ${MAX_LINE_POSITIONS}`),
    ],
    [
      layer('annotation', { type: 'MultiLineString', coordinates: [line(2), line(MAX_LINE_POSITIONS + 1)] }),
      [...geometryLoc(0), 1],
      /LineString should have at most/,
    ],
    [
      layer('annotation', { type: 'MultiPoint', coordinates: line(MAX_MULTI_PARTS + 1) }),
      geometryLoc(0),
      new RegExp(`at most ${MAX_MULTI_PARTS} parts`),
    ],
    [
      layer('named_area', {
        type: 'MultiPolygon',
        coordinates: Array.from({ length: 6 }, (_, i) => [ellipseRing(MAX_RING_POSITIONS, 10 + i * 0.03)]),
      }),
      geometryLoc(0),
      new RegExp(`at most ${MAX_GEOMETRY_POSITIONS} positions, got ${6 * MAX_RING_POSITIONS}`),
    ],
  ];
  for (const [body, loc, msg] of cases) {
    const [issue, ...rest] = await refused(path, body);
    assert.equal([issue!.loc, issue!.type, rest.length], [loc, 'too_long', 0], issue!.msg);
    assert.match(issue!.msg, msg);
  }
  const perRequest = Array.from({ length: 13 }, (_, i) => ({
    type: 'Polygon',
    coordinates: [ellipseRing(MAX_RING_POSITIONS, 10 + i * 0.03)],
  }));
  const [total] = await refused(path, layer('named_area', ...perRequest));
  assert.equal(total!.loc, ['body', 'feature_collection']);
  assert.match(total!.msg, new RegExp(`at most ${MAX_POSITIONS_PER_LAYER_REQUEST}`));
});

test('POST /api/terrain-analysis/: the boundary_shape ring that is too long', async () => {
  const big = collection({ type: 'Polygon', coordinates: [ellipseRing(MAX_RING_POSITIONS + 1)] });
  const [issue] = await refused('/api/terrain-analysis/', { map_id: mapId, boundary_shape: big });
  assert.equal(
    [issue!.loc, issue!.type],
    [['body', 'boundary_shape', 'features', 0, 'geometry', 'coordinates', 0], 'too_long'],
  );
  assert.ok(boundary, 'the map has its boundary, so the shape is what is checked');
});

test('POST /api/maps/{id}/analyses/ landing_zones: the 100,000-vertex area of the issue, rings, total', async () => {
  const path = `/api/maps/${mapId}/analyses/`;
  const survey = (coordinates: unknown) => ({
    type: 'landing_zones',
    aircraft_size: 2,
    area: { type: 'Polygon', coordinates },
  });
  const [ring] = await refused(path, survey([ellipseRing(100_000, 10.02, 50.015)]));
  assert.equal([ring!.loc, ring!.type], [['body', 'area', 'coordinates', 0], 'too_long']);
  const [rings] = await refused(
    path,
    survey(Array.from({ length: MAX_POLYGON_RINGS + 1 }, (_, i) => square(10 + i * 0.00001))),
  );
  assert.equal([rings!.loc, rings!.type], [['body', 'area', 'coordinates'], 'too_long']);
  const holes = Array.from({ length: 5 }, (_, i) => ellipseRing(MAX_RING_POSITIONS, 10.01 + i * 0.002, 50.015, 0.0005));
  const [total] = await refused(path, survey([ellipseRing(MAX_RING_POSITIONS, 10.02, 50.015, 0.015), ...holes]));
  assert.equal([total!.loc, total!.type], [['body', 'area', 'coordinates'], 'too_long']);
  assert.match(total!.msg, new RegExp(`at most ${MAX_GEOMETRY_POSITIONS} positions`));
  const [crossing] = await refused(
    path,
    survey([
      [
        [10.01, 50.01],
        [10.03, 50.02],
        [10.03, 50.01],
        [10.01, 50.02],
        [10.01, 50.01],
      ],
    ]),
  );
  assert.equal([crossing!.loc, crossing!.type], [['body', 'area', 'coordinates', 0], 'value_error']);
});

test('health answers while the rings of a maximal layer are searched, before the layer is answered', async () => {
  const rings = Math.floor(MAX_POSITIONS_PER_LAYER_REQUEST / MAX_RING_POSITIONS);
  const geometries = Array.from({ length: rings }, (_, i) => ({
    type: 'Polygon',
    coordinates: [ellipseRing(MAX_RING_POSITIONS, 10 + i * 0.03)],
  }));
  // The last ring crosses itself, so nothing is stored: the request is all checking.
  const last = geometries.at(-1)!.coordinates[0]!;
  last[MAX_RING_POSITIONS / 4] = [10 + (rings - 1) * 0.03, 50 - 0.01];
  const events: string[] = [];
  let layerAnswered = false;
  const layer = http(svc.url, 'POST', `/api/maps/${mapId}/features`, {
    key: svc.key,
    body: { type: 'named_area', title: 'Big', feature_collection: collection(...geometries) },
  }).then((r) => {
    layerAnswered = true;
    events.push(`layer ${r.status}`);
    return r;
  });
  // Health, again and again, until the layer is answered.
  while (!layerAnswered) {
    const health = await http(svc.url, 'GET', '/api/health/');
    events.push(`health ${health.status}`);
  }
  const r = await layer;
  assert.equal(
    r.body.detail.map((i: any) => i.loc),
    [['body', 'feature_collection', 'features', rings - 1, 'geometry', 'coordinates', 0]],
  );
  const answeredFirst = events.slice(0, events.indexOf('layer 422')).filter((e) => e === 'health 200').length;
  assert.ok(answeredFirst >= 2, `health answers before the layer's 422: ${events.join(', ')}`);
});

test.run();
