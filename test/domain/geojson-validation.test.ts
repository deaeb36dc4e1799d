// The layer GeoJSON validator: exact locs and messages for each kind of problem.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateLayerFeatureCollection } from '../../domain/map/geojson/validate-layer-feature-collection.ts';
import { checkPosition } from '../../domain/map/geojson/check-position.ts';
import { checkLinearRing } from '../../domain/map/geojson/check-linear-ring.ts';
import { validateGeometry } from '../../domain/map/geojson/validate-geometry.ts';
import { countPositions } from '../../domain/map/geojson/count-positions.ts';
import { isRfc3339DateTime } from '../../domain/map/geojson/is-rfc3339-date-time.ts';

const LIMIT = { maxPositions: 1000 };
const square = (x = 10, y = 50, d = 1) => [
  [x, y],
  [x + d, y],
  [x + d, y + d],
  [x, y + d],
  [x, y],
];
const polygonFeature = (rings: unknown, properties: unknown = {}) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates: rings },
});
const fc = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const locs = (issues: Array<{ loc: unknown[] }>) => issues.map((i) => i.loc);

test('a valid boundary, named area and annotation pass', () => {
  assert.equal(validateLayerFeatureCollection(fc(polygonFeature([square()])), 'boundary', LIMIT), []);
  const multi = {
    type: 'Feature',
    properties: null,
    geometry: { type: 'MultiPolygon', coordinates: [[square()], [square(20, 20)]] },
  };
  assert.equal(validateLayerFeatureCollection(fc(multi), 'named_area', LIMIT), []);
  const annotations = fc(
    { type: 'Feature', properties: { label: 'CP1' }, geometry: { type: 'Point', coordinates: [10.5, 50.5, 120] } },
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [10, 50],
          [11, 51],
          [10, 51],
          [11, 50],
        ],
      },
    },
    { type: 'Feature', properties: {}, geometry: { type: 'MultiPoint', coordinates: [[1, 2]] } },
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
        ],
      },
    },
  );
  assert.equal(validateLayerFeatureCollection(annotations, 'annotation', LIMIT), [], 'a line may cross itself');
});

test('an out-of-range latitude that looks swapped names [latitude, longitude]', () => {
  const ring = [
    [10, 50],
    [11, 50],
    [11, 51],
    [50.1, 120.5],
    [10, 50],
  ];
  const issues = validateLayerFeatureCollection(fc(polygonFeature([ring])), 'boundary', LIMIT);
  assert.equal(locs(issues), [['features', 0, 'geometry', 'coordinates', 0, 3]]);
  assert.match(issues[0]!.msg, /looks like \[latitude, longitude\]/);
  assert.match(issues[0]!.msg, /GeoJSON positions are \[longitude, latitude\]/);
  assert.is(issues[0]!.type, 'value_error');
});

test('out-of-range longitude and latitude without a swap', () => {
  assert.equal(checkPosition([190, 10], ['p']), [
    {
      loc: ['p'],
      msg: 'Longitude 190 is outside [-180, 180] (positions are [longitude, latitude] in WGS 84 degrees)',
      type: 'value_error',
    },
  ]);
  const both = checkPosition([-200, 95], ['p']);
  assert.is(both.length, 1);
  assert.match(both[0]!.msg, /^Longitude -200 is outside \[-180, 180\] and latitude 95 is outside \[-90, 90\]/);
  const noSwap = checkPosition([120, 95], ['p']);
  assert.not.match(noSwap[0]!.msg, /looks like/, '120 is no latitude either');
  assert.equal(checkPosition([180, -90], ['p']), [], 'the limits themselves are valid');
});

test('positions: not a list, too short, too long, not numbers', () => {
  assert.equal(checkPosition('10,50', ['p'])[0]!.type, 'list_type');
  assert.equal(checkPosition([10], ['p'])[0]!.type, 'too_short');
  assert.equal(checkPosition([1, 2, 3, 4], ['p'])[0]!.type, 'too_long');
  assert.equal(checkPosition(['10', 50], ['p']), [
    { loc: ['p', 0], msg: 'Input should be a valid number', type: 'float_type' },
  ]);
  assert.equal(locs(checkPosition([null, 'x'], ['p'])), [
    ['p', 0],
    ['p', 1],
  ]);
});

test('unclosed ring: loc is the last position', () => {
  const ring = [
    [10, 50],
    [11, 50],
    [11, 51],
    [10, 51],
  ];
  const issues = validateLayerFeatureCollection(
    fc(polygonFeature([square(), ring], { name: 'a' })),
    'named_area',
    LIMIT,
  );
  assert.equal(locs(issues), [['features', 0, 'geometry', 'coordinates', 1, 3]]);
  assert.is(issues[0]!.msg, 'Ring is not closed: the last position [10, 51] should equal the first [10, 50]');
});

test('ring with fewer than 4 positions: loc is the ring', () => {
  const issues = checkLinearRing(
    [
      [0, 0],
      [1, 1],
      [0, 0],
    ],
    ['r'],
  );
  assert.equal(issues, [
    {
      loc: ['r'],
      msg: 'A linear ring should have at least 4 positions (3 distinct, then the first repeated), got 3',
      type: 'too_short',
    },
  ]);
});

test('self-intersecting ring (bow tie): loc is the ring, message names the segments', () => {
  const bowTie = [
    [0, 0],
    [1, 1],
    [1, 0],
    [0, 1],
    [0, 0],
  ];
  const issues = validateLayerFeatureCollection(
    fc(polygonFeature([square(), bowTie.map(([x, y]) => [x! + 10.2, y! * 0.5 + 50.2])])),
    'boundary',
    LIMIT,
  );
  assert.equal(locs(issues), [['features', 0, 'geometry', 'coordinates', 1]]);
  assert.match(issues[0]!.msg, /^Ring self-intersects: segment 0 .* meets segment 2 /);
});

test('a ring touching itself at a vertex, a spike and a collapsed ring are refused', () => {
  const figureEight = [
    [0, 0],
    [2, 0],
    [1, 1],
    [2, 2],
    [0, 2],
    [1, 1],
    [0, 0],
  ];
  assert.match(checkLinearRing(figureEight, ['r'])[0]!.msg, /self-intersects/);
  const spike = [
    [0, 0],
    [2, 0],
    [2, 2],
    [2, 3],
    [2, 1],
    [0, 2],
    [0, 0],
  ];
  assert.match(checkLinearRing(spike, ['r'])[0]!.msg, /self-intersects/);
  assert.equal(
    checkLinearRing(
      [
        [0, 0],
        [1, 1],
        [0, 0],
        [0, 0],
      ],
      ['r'],
    ),
    [{ loc: ['r'], msg: 'Ring should have at least 3 distinct positions: it encloses no area', type: 'value_error' }],
  );
  assert.equal(
    checkLinearRing(
      [
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
      ['r'],
    ),
    [],
    'a repeated consecutive position is harmless',
  );
});

test('geometry types per layer type', () => {
  const point = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } };
  const issues = validateLayerFeatureCollection(fc(point), 'boundary', LIMIT);
  assert.equal(issues, [
    {
      loc: ['features', 0, 'geometry', 'type'],
      msg: "Input should be 'Polygon', 'MultiPolygon': Point is not allowed in this layer",
      type: 'enum',
    },
  ]);
  const circle = { type: 'Feature', properties: {}, geometry: { type: 'Circle', coordinates: [1, 2] } };
  assert.equal(validateLayerFeatureCollection(fc(circle), 'annotation', LIMIT)[0]!.type, 'enum');
  const collection = { type: 'Feature', properties: {}, geometry: { type: 'GeometryCollection', geometries: [] } };
  assert.equal(locs(validateLayerFeatureCollection(fc(collection), 'annotation', LIMIT)), [
    ['features', 0, 'geometry', 'type'],
  ]);
  assert.equal(validateGeometry({ type: 'LineString', coordinates: [[1, 2]] }, ['LineString'], ['g']), [
    {
      loc: ['g', 'coordinates'],
      msg: 'A LineString is a list of positions should have at least 2 items, got 1',
      type: 'too_short',
    },
  ]);
  assert.equal(locs(validateGeometry({ type: 'Polygon', coordinates: [] }, ['Polygon'], ['g'])), [
    ['g', 'coordinates'],
  ]);
  assert.equal(locs(validateGeometry({ type: 'Polygon' }, ['Polygon'], ['g'])), [['g', 'coordinates']]);
  assert.equal(
    locs(
      validateGeometry(
        {
          type: 'MultiPolygon',
          coordinates: [
            [square()],
            [
              [
                [0, 0],
                [1, 1],
                [200, 0],
                [0, 0],
              ],
            ],
          ],
        },
        ['MultiPolygon'],
        ['g'],
      ),
    ),
    [['g', 'coordinates', 1, 0, 2]],
  );
});

test('collection and feature structure', () => {
  assert.equal(validateLayerFeatureCollection([], 'boundary', LIMIT)[0]!.type, 'dict_type');
  assert.equal(
    validateLayerFeatureCollection({ type: 'Feature', features: [] }, 'boundary', LIMIT).map((i) => [i.loc, i.type]),
    [
      [['type'], 'literal_error'],
      [['features'], 'too_short'],
    ],
  );
  assert.equal(validateLayerFeatureCollection({ type: 'FeatureCollection' }, 'boundary', LIMIT), [
    { loc: ['features'], msg: 'Field required', type: 'missing' },
  ]);
  const issues = validateLayerFeatureCollection(
    fc(
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square()] } },
      { type: 'Feat', properties: [], geometry: null },
      'nope',
      {
        type: 'Feature',
        properties: { datetime: 'yesterday' },
        geometry: { type: 'Polygon', coordinates: [square()] },
      },
    ),
    'boundary',
    LIMIT,
  );
  assert.equal(
    issues.map((i) => [i.loc, i.type]),
    [
      [['features', 0, 'properties'], 'missing'],
      [['features', 1, 'type'], 'literal_error'],
      [['features', 1, 'properties'], 'dict_type'],
      [['features', 1, 'geometry'], 'dict_type'],
      [['features', 2], 'dict_type'],
      [['features', 3, 'properties', 'datetime'], 'datetime_parsing'],
    ],
  );
});

test('position limit: counted before anything else, one issue', () => {
  const big = fc(...Array.from({ length: 300 }, (_, i) => polygonFeature([square(i % 170, 0, 0.5)])));
  assert.is(countPositions(big), 1500);
  const issues = validateLayerFeatureCollection(big, 'named_area', { maxPositions: 1499 });
  assert.equal(issues, [
    {
      loc: [],
      msg:
        'The feature collection has 1500 positions; at most 1499 are accepted per request (split it into several layers ' +
        'or simplify the geometry)',
      type: 'too_long',
    },
  ]);
  assert.equal(validateLayerFeatureCollection(big, 'named_area', { maxPositions: 1500 }), []);
});

test('at most maxIssues problems are reported', () => {
  const bad = fc(
    ...Array.from({ length: 50 }, () =>
      polygonFeature([
        [
          [500, 0],
          [0, 500],
          [1, 1],
          [500, 0],
        ],
      ]),
    ),
  );
  const issues = validateLayerFeatureCollection(bad, 'boundary', { maxPositions: 10_000, maxIssues: 7 });
  assert.is(issues.length, 7);
});

test('RFC 3339 date-times', () => {
  for (const ok of ['2024-05-01T12:00:00Z', '2024-05-01t12:00:00.123456+02:00', '2024-02-29T00:00:00-05:30'])
    assert.ok(isRfc3339DateTime(ok), ok);
  for (const bad of [
    '2024-05-01',
    '2024-05-01T12:00:00',
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    'yesterday',
    20240501,
    '2024-05-01T24:00:00Z',
  ]) {
    assert.not.ok(isRfc3339DateTime(bad), String(bad));
  }
});

test.run();
