// The terrain summary on hand-made rasters and features over one work tile, with the area being
// exactly the tile's western half (128 of 256 pixel columns): every expected figure is computed
// here from the inputs, independently of the accumulator.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Position, Polygon } from 'geojson';
import { createTerrainSummaryAccumulator } from '../../workers/terrain/products/summary/create-terrain-summary-accumulator.ts';
import { pixelMaskInArea } from '../../workers/terrain/products/summary/pixel-mask-in-area.ts';
import { pointInRings } from '../../workers/terrain/products/summary/point-in-rings.ts';
import { lineLengthInArea } from '../../workers/terrain/products/summary/line-length-in-area.ts';
import { roadsMask } from '../../workers/terrain/products/summary/roads-mask.ts';
import { geodesicDistanceMeters } from '../../workers/terrain/products/road-graph/geodesic-distance-meters.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { pixelCenterLonLat } from '../../domain/terrain/pixel-center-lon-lat.ts';
import { pixelGroundSizeMeters } from '../../domain/terrain/pixel-ground-size-meters.ts';
import type { TileAddress, TileFeature } from '../../domain/terrain/types.ts';

const TILE: TileAddress = { z: 12, x: 2331, y: 1185 };
const SIZE = 256;
const [W, S, E, N] = tileBounds(TILE);
const MID = (W + E) / 2; // mercator x is linear in longitude: the border between columns 127 and 128
const WEST_HALF: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [W - 0.01, S - 0.01],
      [MID, S - 0.01],
      [MID, N + 0.01],
      [W - 0.01, N + 0.01],
      [W - 0.01, S - 0.01],
    ],
  ],
};
const close = (a: number, b: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b)), `${a} vs ${b}`);
/** Same keys, values equal to 1e-12 (sums of float areas). */
const closeShares = (actual: object, expected: Record<string, number>) => {
  const values = actual as Record<string, number>;
  assert.equal(Object.keys(values).sort(), Object.keys(expected).sort());
  for (const k of Object.keys(expected)) close(values[k], expected[k], 1e-12);
};

function inputs() {
  const elevation = new Float32Array(SIZE * SIZE);
  const slope = new Float32Array(SIZE * SIZE);
  const landCover = new Uint8Array(SIZE * SIZE);
  const foot = new Uint8Array(SIZE * SIZE);
  const wheeled = new Uint8Array(SIZE * SIZE);
  const tracked = new Uint8Array(SIZE * SIZE);
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const i = row * SIZE + col;
      elevation[i] = col === 5 && row === 5 ? Number.NaN : col;
      slope[i] = col < 64 ? 3 : col < 128 ? 50 : 20;
      landCover[i] = col % 2 === 0 ? 10 : col === 255 ? 0 : 30;
      wheeled[i] = col < 32 ? 1 : col < 48 ? 2 : 0;
      tracked[i] = col < 16 ? 255 : 0;
    }
  }
  return {
    tile: TILE,
    size: SIZE,
    elevation,
    slope,
    landCover,
    landCoverNodata: 0,
    mobility: { foot, wheeled, tracked },
  };
}

test('pixels: area, elevation, slope bins, land cover and mobility shares, area-weighted, inside only', () => {
  const acc = createTerrainSummaryAccumulator(WEST_HALF);
  acc.addTerrain(inputs());
  const summary = acc.summary();
  let areaM2 = 0;
  for (let row = 0; row < SIZE; row++) areaM2 += 128 * pixelGroundSizeMeters(TILE, row, SIZE) ** 2;
  close(summary.area_km2, areaM2 / 1e6);
  assert.equal({ min: summary.elevation_m!.min, max: summary.elevation_m!.max }, { min: 0, max: 127 });
  // the NaN pixel at (5, 5) leaves its row one pixel short: compute the weighted mean exactly
  let sum = 0,
    weight = 0;
  for (let row = 0; row < SIZE; row++) {
    const a = pixelGroundSizeMeters(TILE, row, SIZE) ** 2;
    for (let col = 0; col < 128; col++)
      if (!(row === 5 && col === 5)) {
        sum += col * a;
        weight += a;
      }
  }
  close(summary.elevation_m!.mean, sum / weight);
  closeShares(summary.slope_degrees_shares, {
    '0-5': 0.5,
    '5-10': 0,
    '10-15': 0,
    '15-20': 0,
    '20-30': 0,
    '30-45': 0,
    '>45': 0.5,
  });
  closeShares(summary.land_cover_shares, { 10: 0.5, 30: 0.5 });
  closeShares(summary.mobility_shares.foot, { go: 1, slow_go: 0, no_go: 0, nodata: 0 });
  closeShares(summary.mobility_shares.wheeled, { go: 0.625, slow_go: 0.25, no_go: 0.125, nodata: 0 });
  closeShares(summary.mobility_shares.tracked, { go: 0.875, slow_go: 0, no_go: 0, nodata: 0.125 });
  assert.is(summary.population_total, null, 'population not added');
  assert.is(summary.building_count, null, 'buildings not added');
  assert.equal(summary.road_length_m, { total: 0, by_class: {} });
});

test('roads are measured inside the polygon only; population and buildings counted inside', () => {
  const acc = createTerrainSummaryAccumulator(WEST_HALF);
  const lat = (S + N) / 2;
  const road = (cls: string, coordinates: Position[]): TileFeature => ({
    type: 'Feature',
    geometry: { type: 'LineString', coordinates },
    properties: { class: cls },
  });
  acc.addRoads([
    road('primary', [
      [W, lat],
      [E, lat],
    ]),
    road('track', [
      [E - 0.001, S + 0.001],
      [E - 0.001, N - 0.001],
    ]),
  ]);
  acc.addRoads([
    {
      type: 'Feature',
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [W, S + 0.001],
            [W + 0.001, S + 0.001],
          ],
          [
            [E, S],
            [E, N],
          ],
        ],
      },
      properties: { highway: 'footway' },
    },
  ]);
  const data = new Float32Array(SIZE * SIZE).fill(1);
  data[0] = Number.NaN;
  acc.addPopulation({ tile: TILE, size: SIZE, data, nodata: Number.NaN });
  acc.addPopulation([
    { type: 'Feature', geometry: { type: 'Point', coordinates: [W + 0.001, lat] }, properties: { population: 12.5 } },
  ]);
  const square = (lon: number, id?: string): TileFeature => ({
    type: 'Feature',
    ...(id ? { id } : {}),
    properties: { building: 'yes' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + 0.0002, lat],
          [lon + 0.0002, lat + 0.0002],
          [lon, lat + 0.0002],
          [lon, lat],
        ],
      ],
    },
  });
  acc.addBuildings([square(W + 0.001, 'b1'), square(W + 0.002), square(E - 0.002, 'b9')]);
  acc.addBuildings([square(W + 0.003, 'b1')]); // the other part of b1, from the next tile
  const summary = acc.summary();
  const primary = geodesicDistanceMeters(W, lat, MID, lat);
  const footway = geodesicDistanceMeters(W, S + 0.001, W + 0.001, S + 0.001);
  close(summary.road_length_m.by_class.primary!, primary);
  close(summary.road_length_m.by_class.path!, footway);
  assert.is(summary.road_length_m.by_class.track, undefined);
  close(summary.road_length_m.total, primary + footway);
  assert.is(summary.population_total, 128 * 256 - 1 + 12.5);
  assert.is(summary.building_count, 2);
});

test('pixel mask: multipolygon with a hole equals a brute-force point-in-polygon over all centres', () => {
  const lon = (f: number) => W + (E - W) * f;
  const lat = (f: number) => S + (N - S) * f;
  const rings: Position[][] = [
    [
      [lon(0.1), lat(0.1)],
      [lon(0.6), lat(0.15)],
      [lon(0.5), lat(0.7)],
      [lon(0.1), lat(0.1)],
    ],
    [
      [lon(0.3), lat(0.3)],
      [lon(0.4), lat(0.3)],
      [lon(0.35), lat(0.4)],
      [lon(0.3), lat(0.3)],
    ],
    [
      [lon(0.7), lat(0.7)],
      [lon(1.2), lat(0.7)],
      [lon(1.2), lat(1.2)],
      [lon(0.7), lat(1.2)],
      [lon(0.7), lat(0.7)],
    ],
  ];
  const mask = pixelMaskInArea(TILE, SIZE, rings);
  let expected = 0,
    agree = 0;
  for (let row = 0; row < SIZE; row++)
    for (let col = 0; col < SIZE; col++) {
      const [x, y] = pixelCenterLonLat(TILE, col, row, SIZE);
      const inside = pointInRings(x, y, rings);
      if (inside) expected++;
      if ((mask[row * SIZE + col] === 1) === inside) agree++;
    }
  assert.is(agree, SIZE * SIZE);
  assert.ok(expected > 1000);
  assert.is(
    mask.reduce((n, v) => n + v, 0),
    expected,
  );
});

test('line length in area: a diagonal through a square counts between the two crossings', () => {
  const rings: Position[][] = [
    [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [0, 0],
    ],
  ];
  close(
    lineLengthInArea(
      [
        [-0.01, -0.005],
        [0.02, 0.01],
      ],
      rings,
    ),
    geodesicDistanceMeters(0, 0, 0.01, 0.005),
  );
  assert.is(
    lineLengthInArea(
      [
        [0.02, 0.02],
        [0.03, 0.03],
      ],
      rings,
    ),
    0,
  );
  close(
    lineLengthInArea(
      [
        [0.002, 0.002],
        [0.004, 0.002],
      ],
      rings,
    ),
    geodesicDistanceMeters(0.002, 0.002, 0.004, 0.002),
  );
});

test('roads mask marks crossed pixels, not paths', () => {
  const lat = pixelCenterLonLat(TILE, 0, 100, SIZE)[1];
  const mask = roadsMask(
    [
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [W, lat],
            [E, lat],
          ],
        },
        properties: { class: 'tertiary' },
      },
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [W, S + 0.0001],
            [E, S + 0.0001],
          ],
        },
        properties: { class: 'path' },
      },
    ],
    TILE,
    SIZE,
  );
  assert.is(
    mask.reduce((n, v) => n + v, 0),
    256,
  );
  for (let col = 0; col < SIZE; col++) assert.is(mask[100 * SIZE + col], 1);
});

test('bad area: not a polygon', () => {
  assert.throws(
    () => createTerrainSummaryAccumulator({ type: 'Point', coordinates: [0, 0] } as unknown as Polygon),
    TypeError,
  );
});

test.run();
