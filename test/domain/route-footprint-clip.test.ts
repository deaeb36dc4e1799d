// A route's search margin clipped to the tiles a terrain job prepares (issue 20): the waypoints'
// own tiles, the footprint clipped to the job's tiles, and the grid's mask of the tiles left out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analysisFootprint } from '../../domain/analysis-job/analysis-footprint.ts';
import type { RouteParameters } from '../../domain/analysis-job/analysis-parameters.ts';
import { clipFootprintToTiles } from '../../domain/analysis-job/clip-footprint-to-tiles.ts';
import { footprintGrid, holdsFootprintTile } from '../../domain/analysis-job/footprint-grid.ts';
import { waypointTiles } from '../../domain/analysis-job/waypoint-tiles.ts';

const route = (waypoints: Array<[number, number]>) =>
  ({ movement: 'foot', waypoints, avoid: [], neighbourhood: 8 }) as RouteParameters;

test("waypoint tiles: each waypoint's zoom-12 tile once, in waypoint order", () => {
  // x = ⌊(lon + 180) / 360 · 4096⌋: 24.883° → 2331, 24.86° → 2330; y at 60.155–60.165° N: 1185.94–1185.71 → 1185.
  assert.equal(
    waypointTiles([
      [24.883, 60.155],
      [24.883, 60.165],
      [24.86, 60.165],
      [24.884, 60.156],
    ]),
    [
      { z: 12, x: 2331, y: 1185 },
      { z: 12, x: 2330, y: 1185 },
    ],
  );
});

test("a route 0.4 km inside a prepared edge: the 2 km margin reaches column 2330, clipped to the job's tiles", () => {
  const footprint = analysisFootprint(
    'route',
    route([
      [24.883, 60.155],
      [24.883, 60.165],
    ]),
  );
  assert.equal(
    footprint.map((t) => [t.x, t.y]),
    [
      [2330, 1185],
      [2331, 1185],
      [2330, 1186],
      [2331, 1186],
    ],
  );
  const prepared: Array<[number, number]> = [
    [2331, 1185],
    [2332, 1185],
    [2331, 1186],
    [2332, 1186],
  ];
  assert.equal(clipFootprintToTiles(footprint, prepared), [
    { z: 12, x: 2331, y: 1185 },
    { z: 12, x: 2331, y: 1186 },
  ]);
  assert.equal(clipFootprintToTiles(footprint, []), []);
});

test('the grid of a footprint that does not fill its rectangle masks the tiles left out', () => {
  const full = footprintGrid([
    { z: 12, x: 5, y: 7 },
    { z: 12, x: 6, y: 7 },
  ]);
  assert.is(full.tileMask, undefined);
  assert.ok(holdsFootprintTile(full, 1, 0));
  // An L of three tiles: the rectangle is 2 × 2, the south-east tile is not the footprint's.
  const l = footprintGrid([
    { z: 12, x: 5, y: 7 },
    { z: 12, x: 6, y: 7 },
    { z: 12, x: 5, y: 8 },
  ]);
  assert.equal([l.tilesWide, l.tilesHigh, l.width, l.height], [2, 2, 512, 512]);
  assert.equal(Array.from(l.tileMask!), [1, 1, 1, 0]);
  assert.equal(
    [0, 1, 2, 3].map((i) => holdsFootprintTile(l, i % 2, Math.floor(i / 2))),
    [true, true, true, false],
  );
});

test.run();
