// MVT encoding, decoding and the pyramid step, checked with two independent decoders:
// @mapbox/vector-tile (+ pbf) and GDAL's MVT driver.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import type { Position } from 'geojson';
import { encodeMvtTile } from '../../workers/terrain/products/vector/encode-mvt-tile.ts';
import { decodeMvtTile } from '../../workers/terrain/products/vector/decode-mvt-tile.ts';
import { buildMvtTile } from '../../workers/terrain/products/vector/build-mvt-tile.ts';
import { POPULATION_CELLS } from '../../workers/terrain/products/vector/population-cells.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { childTiles } from '../../domain/terrain/child-tiles.ts';
import type { TileAddress, TileFeature } from '../../domain/terrain/types.ts';
import { gdalReadMvt } from './support/gdal-read-mvt.ts';

const TILE: TileAddress = { z: 12, x: 2331, y: 1185 };
const [W, S, E, N] = tileBounds(TILE);
const at = (fx: number, fy: number): Position => [W + (E - W) * fx, S + (N - S) * fy];
// One MVT unit: 1/4096 of the tile; a decoded coordinate is within half a unit of the original.
const UNIT_LON = (E - W) / 4096;

const road = (cls: string, coordinates: Position[], id?: string | number): TileFeature => ({
  type: 'Feature',
  ...(id !== undefined ? { id } : {}),
  geometry: { type: 'LineString', coordinates },
  properties: {
    class: cls,
    oneway: false,
    bridge: false,
    tunnel: false,
    lanes: 2,
    surface: 'asphalt',
    name: `${cls} road`,
  },
});

const ROADS = [
  road('primary', [at(0.1, 0.5), at(0.9, 0.5)], 7),
  road('residential', [at(0.5, 0.1), at(0.5, 0.9)], 'w12'),
  road('track', [at(0.2, 0.2), at(0.3, 0.25), at(0.4, 0.2)]),
];

test('roads tile: one layer named after the collection, every feature, properties and coordinates (@mapbox/vector-tile)', () => {
  const bytes = encodeMvtTile('svc-native--roads', ROADS, TILE);
  const tile = new VectorTile(new PbfReader(bytes));
  assert.equal(Object.keys(tile.layers), ['svc-native--roads']);
  const layer = tile.layers['svc-native--roads'];
  assert.is(layer.length, 3);
  assert.is(layer.extent, 4096);
  assert.is(layer.version, 2);
  const primary = layer.feature(0);
  assert.is(primary.id, 7, 'integer ids are kept');
  assert.is(layer.feature(1).id, undefined, 'string ids are not MVT ids');
  assert.equal(
    { ...primary.properties },
    {
      class: 'primary',
      oneway: false,
      bridge: false,
      tunnel: false,
      lanes: 2,
      surface: 'asphalt',
      name: 'primary road',
    },
  );
  const [start] = (primary.toGeoJSON(TILE.x, TILE.y, TILE.z).geometry as { coordinates: Position[] }).coordinates;
  assert.ok(Math.abs(start[0] - at(0.1, 0.5)[0]) <= UNIT_LON / 2 + 1e-12, `${start[0]}`);
  assert.ok(Math.abs(start[1] - at(0.1, 0.5)[1]) < (N - S) / 4096);
});

test('the same tile read by GDAL: feature count, attributes and a coordinate', () => {
  const bytes = encodeMvtTile('svc-native--roads', ROADS, TILE);
  const gdal = gdalReadMvt(bytes, TILE, 'svc-native--roads');
  assert.is(gdal.features.length, 3);
  const primary = gdal.features.find((f) => f.properties!.class === 'primary')!;
  assert.is(primary.properties!.lanes, 2);
  assert.is(primary.properties!.name, 'primary road');
  const end = (primary.geometry as { coordinates: Position[] }).coordinates[1];
  assert.ok(Math.abs(end[0] - at(0.9, 0.5)[0]) <= UNIT_LON / 2 + 1e-9, `${end[0]} vs ${at(0.9, 0.5)[0]}`);
  assert.ok(Math.abs(end[1] - at(0.9, 0.5)[1]) < (N - S) / 4096);
});

test('polygons survive the round trip with both decoders; unsupported property values are dropped', () => {
  const square: TileFeature = {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [[at(0.2, 0.2), at(0.4, 0.2), at(0.4, 0.4), at(0.2, 0.4), at(0.2, 0.2)]],
    },
    properties: { soil_class: 'loam', nested: { a: 1 }, missing: null, nan: Number.NaN, share: 0.25 },
  };
  const bytes = encodeMvtTile('svc-native--soil', [square], TILE);
  const ours = decodeMvtTile(bytes, TILE, 'svc-native--soil');
  assert.is(ours.length, 1);
  assert.equal(ours[0].properties, { soil_class: 'loam', share: 0.25 });
  assert.is(ours[0].geometry.type, 'Polygon');
  assert.is((ours[0].geometry as { coordinates: Position[][] }).coordinates[0].length, 5);
  const gdal = gdalReadMvt(bytes, TILE, 'svc-native--soil');
  assert.is(gdal.features.length, 1);
  assert.is(gdal.features[0].geometry!.type, 'Polygon');
  assert.is(gdal.features[0].properties!.soil_class, 'loam');
});

test('no features → an empty tile (0 bytes); decoding it gives nothing', () => {
  const empty = encodeMvtTile('svc-native--roads', [], TILE);
  assert.is(empty.length, 0);
  assert.equal(decodeMvtTile(empty, TILE, 'svc-native--roads'), []);
  // features wholly outside the tile also give an empty tile
  assert.is(
    encodeMvtTile(
      'svc-native--roads',
      [
        road('primary', [
          [W - 1, S - 1],
          [W - 0.5, S - 0.5],
        ]),
      ],
      TILE,
    ).length,
    0,
  );
});

test('parent tile from four children: merged, minor roads dropped below their zoom, decoded by GDAL', () => {
  const parent: TileAddress = { z: 11, x: 1165, y: 592 };
  const children = childTiles(parent).map((child) => {
    const [w, s, e, n] = tileBounds(child);
    const mid = (s + n) / 2;
    return encodeMvtTile(
      'svc-native--roads',
      [
        road('primary', [
          [w + (e - w) * 0.1, mid],
          [w + (e - w) * 0.9, mid],
        ]),
        road('residential', [
          [w + (e - w) * 0.5, s + (n - s) * 0.1],
          [w + (e - w) * 0.5, s + (n - s) * 0.9],
        ]),
      ],
      child,
    );
  });
  const at11 = buildMvtTile('roads', parent, { kind: 'children', children });
  assert.equal(
    decodeMvtTile(at11, parent, 'svc-native--roads')
      .map((f) => f.properties.class)
      .sort(),
    ['primary', 'primary', 'primary', 'primary', 'residential', 'residential', 'residential', 'residential'],
  );
  const grandparent: TileAddress = { z: 10, x: 582, y: 296 };
  const at10 = buildMvtTile('roads', grandparent, { kind: 'children', children: [at11, null, null, null] });
  assert.equal(
    decodeMvtTile(at10, grandparent, 'svc-native--roads').map((f) => f.properties.class),
    ['primary', 'primary', 'primary', 'primary'],
  );
  assert.is(gdalReadMvt(at10, grandparent, 'svc-native--roads').features.length, 4);
  assert.throws(() => buildMvtTile('roads', parent, { kind: 'children', children: children.slice(0, 3) }), RangeError);
});

test('population: raster → 16 x 16 cells with exact sums; a parent holds the same total', () => {
  const size = 256;
  const data = new Float32Array(size * size);
  // 1 person in every pixel of the tile's first cell row, 0.5 in pixel (200, 200), NaN elsewhere in row 255
  for (let col = 0; col < size; col++) for (let row = 0; row < 16; row++) data[row * size + col] = 1;
  data[200 * size + 200] = 0.5;
  for (let col = 0; col < size; col++) data[255 * size + col] = Number.NaN;
  const bytes = buildMvtTile('population', TILE, {
    kind: 'raster',
    raster: { tile: TILE, size, data, nodata: Number.NaN },
  });
  const cells = decodeMvtTile(bytes, TILE, 'svc-native--population');
  assert.is(cells.length, POPULATION_CELLS + 1);
  assert.equal(cells.map((c) => c.properties.population).sort(), [...Array(16).fill(256), 0.5].sort());
  for (const c of cells) assert.ok((c.properties.density as number) > 0);
  const gdal = gdalReadMvt(bytes, TILE, 'svc-native--population');
  assert.is(
    gdal.features.reduce((sum, f) => sum + (f.properties!.population as number), 0),
    16 * 256 + 0.5,
  );

  const parent: TileAddress = { z: 11, x: 1165, y: 592 };
  const k = childTiles(parent).findIndex((c) => c.x === TILE.x && c.y === TILE.y);
  const children: Array<Uint8Array | null> = [null, null, null, null];
  children[k] = bytes;
  const merged = decodeMvtTile(
    buildMvtTile('population', parent, { kind: 'children', children }),
    parent,
    'svc-native--population',
  );
  assert.is(merged.length, 8 + 1, 'pairs of child cells in one parent row share a cell');
  assert.is(
    merged.reduce((sum, f) => sum + (f.properties.population as number), 0),
    16 * 256 + 0.5,
  );
  assert.throws(
    () => buildMvtTile('roads', TILE, { kind: 'raster', raster: { tile: TILE, size, data, nodata: Number.NaN } }),
    TypeError,
  );
});

test.run();
