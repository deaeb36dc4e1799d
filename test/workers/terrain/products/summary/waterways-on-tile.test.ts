// The river rule in the terrain summary on one work tile: a 30 m river across the tile, a bridge,
// a ford, an ordinary road and a bridge over dry land. The river is NO-GO for every vehicle class
// except on the bridge and ford cells; the summary counts one bridge and one ford over water, the
// river's length inside the area, and nothing when no waterway was read.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MOBILITY_GO, MOBILITY_NO_GO, VEHICLE_CLASSES } from '../../../../../domain/terrain/mobility-config.ts';
import { tileBounds } from '../../../../../domain/terrain/tile-bounds.ts';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';
import { createTerrainSummaryAccumulator } from '../../../../../workers/terrain/products/summary/create-terrain-summary-accumulator.ts';
import { tilePixelLines } from '../../../../../workers/terrain/products/summary/tile-pixel-lines.ts';
import { applyWaterwaysOnTile } from '../../../../../workers/terrain/products/summary/waterways-on-tile.ts';
import { geodesicDistanceMeters } from '../../../../../workers/terrain/products/road-graph/geodesic-distance-meters.ts';

const TILE = { z: 12, x: 2331, y: 1185 };
const SIZE = 256;
const [west, south, east, north] = tileBounds(TILE);
const lon = (f: number) => west + (east - west) * f;
const lat = (f: number) => south + (north - south) * f;
const line = (id: string, properties: Record<string, unknown>, coordinates: number[][]): TileFeature => ({
  type: 'Feature',
  id,
  properties,
  geometry: { type: 'LineString', coordinates },
});
const RIVER_LAT = lat(0.5);
const river = line('w1', { waterway: 'river', width_m: 30 }, [
  [west, RIVER_LAT],
  [east, RIVER_LAT],
]);
const across = (f: number, from = 0.4, to = 0.6) => [
  [lon(f), lat(from)],
  [lon(f), lat(to)],
];
const roads = [
  line('w10', { class: 'secondary', bridge: true, tunnel: false }, across(0.2)),
  line('w11', { class: 'track', bridge: false, tunnel: false, ford: true }, across(0.52)),
  line('w12', { class: 'residential', bridge: false, tunnel: false }, across(0.8)),
  line('w13', { class: 'residential', bridge: false, tunnel: false, layer: 1 }, across(0.9, 0.1, 0.2)),
];
const colOf = (f: number) => Math.floor(f * SIZE);

function run() {
  const mobility = Object.fromEntries(
    VEHICLE_CLASSES.map((v) => [v, new Uint8Array(SIZE * SIZE).fill(MOBILITY_GO)]),
  ) as Record<(typeof VEHICLE_CLASSES)[number], Uint8Array>;
  const crossings = applyWaterwaysOnTile({
    tile: TILE,
    size: SIZE,
    waterways: [river],
    roads,
    landCover: new Uint8Array(SIZE * SIZE).fill(30),
    mobility,
  });
  return { mobility, crossings };
}

test('the river is NO-GO across the tile but on the bridge and the ford', () => {
  const { mobility } = run();
  const [[, riverY]] = tilePixelLines([river], TILE, SIZE)[0]!.line;
  const row = Math.floor(riverY);
  for (const vehicle of VEHICLE_CLASSES) {
    const m = mobility[vehicle];
    const open = [];
    for (let col = 0; col < SIZE; col++) if (m[row * SIZE + col] !== MOBILITY_NO_GO) open.push(col);
    assert.equal(open, [colOf(0.2), colOf(0.52)], `${vehicle}: crossable only at the bridge and the ford`);
    assert.is(m[(row - 20) * SIZE + 10], MOBILITY_GO, 'dry land untouched');
  }
});

test('bridges and fords over water are counted once; a bridge over dry land and an ordinary road are not', () => {
  const { crossings } = run();
  assert.equal(
    crossings.map((c) => [c.id, c.kind]),
    [
      ['w10', 'bridge'],
      ['w11', 'ford'],
    ],
  );
  const area = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, south],
        [lon(0.6), south],
        [lon(0.6), north],
        [west, north],
        [west, south],
      ],
    ],
  };
  const acc = createTerrainSummaryAccumulator(area);
  assert.is(acc.summary().waterways, null, 'no waterways read: null, not zero');
  acc.addWaterways([river]);
  acc.addWaterCrossings(crossings);
  acc.addWaterCrossings(crossings); // the same ways from a neighbouring tile
  const w = acc.summary().waterways!;
  assert.equal([w.bridges, w.fords, w.tunnels], [1, 1, 0]);
  const expected = geodesicDistanceMeters(west, RIVER_LAT, lon(0.6), RIVER_LAT);
  assert.ok(Math.abs(w.length_m.total - expected) < 0.5, `${w.length_m.total} vs ${expected}`);
  assert.equal(Object.keys(w.length_m.by_kind), ['river']);
  // Only the ford lies inside a polygon east of the bridge.
  const eastHalf = createTerrainSummaryAccumulator({
    type: 'Polygon',
    coordinates: [
      [
        [lon(0.4), south],
        [east, south],
        [east, north],
        [lon(0.4), north],
        [lon(0.4), south],
      ],
    ],
  });
  eastHalf.addWaterways([]);
  eastHalf.addWaterCrossings(crossings);
  assert.equal([eastHalf.summary().waterways!.bridges, eastHalf.summary().waterways!.fords], [0, 1]);
});

test.run();
