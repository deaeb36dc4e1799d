import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clipFeatureToBounds } from '../../../../../workers/terrain/sources/vector/clip-feature-to-bounds.ts';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';
import type { Geometry } from 'geojson';

const BOX: [number, number, number, number] = [0, 0, 10, 10];
const feature = (geometry: Geometry): TileFeature => ({ type: 'Feature', id: 'a', geometry, properties: { k: 1 } });

test('a line leaving and re-entering the box keeps both parts; properties and id stay', () => {
  const clipped = clipFeatureToBounds(
    feature({
      type: 'LineString',
      coordinates: [
        [5, 5],
        [15, 5],
        [15, 8],
        [5, 8],
      ],
    }),
    BOX,
  )!;
  assert.equal(clipped, {
    type: 'Feature',
    id: 'a',
    properties: { k: 1 },
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [
          [5, 5],
          [10, 5],
        ],
        [
          [10, 8],
          [5, 8],
        ],
      ],
    },
  });
});

test('a line crossing the box diagonally is cut at the exact edge crossings', () => {
  const clipped = clipFeatureToBounds(
    feature({
      type: 'LineString',
      coordinates: [
        [-5, 0],
        [15, 10],
      ],
    }),
    BOX,
  )!;
  assert.equal(clipped.geometry, {
    type: 'LineString',
    coordinates: [
      [0, 2.5],
      [10, 7.5],
    ],
  });
});

test('a polygon is cut to the box; a hole outside the box disappears; a hole inside stays', () => {
  const clipped = clipFeatureToBounds(
    feature({
      type: 'Polygon',
      coordinates: [
        [
          [5, 5],
          [20, 5],
          [20, 20],
          [5, 20],
          [5, 5],
        ],
        [
          [12, 12],
          [14, 12],
          [14, 14],
          [12, 12],
        ],
        [
          [6, 6],
          [7, 6],
          [7, 7],
          [6, 6],
        ],
      ],
    }),
    BOX,
  )!;
  assert.equal(clipped.geometry, {
    type: 'Polygon',
    coordinates: [
      [
        [5, 5],
        [10, 5],
        [10, 10],
        [5, 10],
        [5, 5],
      ],
      [
        [6, 6],
        [7, 6],
        [7, 7],
        [6, 6],
      ],
    ],
  });
});

test('a polygon only touching the box along an edge is not in it', () => {
  assert.is(
    clipFeatureToBounds(
      feature({
        type: 'Polygon',
        coordinates: [
          [
            [10, 0],
            [12, 0],
            [12, 5],
            [10, 5],
            [10, 0],
          ],
        ],
      }),
      BOX,
    ),
    null,
  );
});

test('multipolygon parts outside are dropped, one part left becomes a Polygon', () => {
  const clipped = clipFeatureToBounds(
    feature({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [1, 1],
            [2, 1],
            [2, 2],
            [1, 1],
          ],
        ],
        [
          [
            [30, 30],
            [31, 30],
            [31, 31],
            [30, 30],
          ],
        ],
      ],
    }),
    BOX,
  )!;
  assert.equal(clipped.geometry, {
    type: 'Polygon',
    coordinates: [
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ],
    ],
  });
});

test('points: west and south edges are inside, east and north edges are not (one tile per point)', () => {
  assert.ok(clipFeatureToBounds(feature({ type: 'Point', coordinates: [0, 0] }), BOX));
  assert.is(clipFeatureToBounds(feature({ type: 'Point', coordinates: [10, 5] }), BOX), null);
  assert.is(clipFeatureToBounds(feature({ type: 'Point', coordinates: [5, 10] }), BOX), null);
  const multi = clipFeatureToBounds(
    feature({
      type: 'MultiPoint',
      coordinates: [
        [1, 1],
        [11, 1],
        [9, 9],
      ],
    }),
    BOX,
  )!;
  assert.equal(multi.geometry, {
    type: 'MultiPoint',
    coordinates: [
      [1, 1],
      [9, 9],
    ],
  });
});

test('a feature wholly inside is returned unchanged (same object); one wholly outside gives null', () => {
  const inside = feature({
    type: 'LineString',
    coordinates: [
      [1, 1],
      [2, 2],
    ],
  });
  assert.is(clipFeatureToBounds(inside, BOX), inside);
  assert.is(
    clipFeatureToBounds(
      feature({
        type: 'LineString',
        coordinates: [
          [11, 11],
          [12, 12],
        ],
      }),
      BOX,
    ),
    null,
  );
  assert.is(clipFeatureToBounds({ type: 'Feature', geometry: null as unknown as Geometry, properties: {} }, BOX), null);
});

test('geometry collections keep the members that are inside', () => {
  const clipped = clipFeatureToBounds(
    feature({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [20, 20] },
        {
          type: 'LineString',
          coordinates: [
            [5, 5],
            [15, 5],
          ],
        },
      ],
    }),
    BOX,
  )!;
  assert.equal(clipped.geometry, {
    type: 'GeometryCollection',
    geometries: [
      {
        type: 'LineString',
        coordinates: [
          [5, 5],
          [10, 5],
        ],
      },
    ],
  });
});

test.run();
