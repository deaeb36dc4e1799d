import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateCost } from '../../domain/terrain-analysis/accumulate-cost.ts';
import { accumulateTravelTime } from '../../domain/terrain-analysis/accumulate-travel-time.ts';
import { burnRoadSpeeds } from '../../domain/terrain-analysis/burn-road-speeds.ts';
import { describeRoute } from '../../domain/terrain-analysis/describe-route.ts';
import { footMoveSeconds } from '../../domain/terrain-analysis/foot-move-seconds.ts';
import { leastCostPath } from '../../domain/terrain-analysis/least-cost-path.ts';
import { moveSpeedFactor } from '../../domain/terrain-analysis/move-speed-factor.ts';
import { planRoute } from '../../domain/terrain-analysis/plan-route.ts';
import { polygonCellMask } from '../../domain/terrain-analysis/polygon-cell-mask.ts';
import { DEFAULT_TRAVEL_MODELS, type GradeModel } from '../../domain/terrain-analysis/travel-models.ts';
import {
  BLOCKED_AVOID,
  BLOCKED_NO_GO,
  BLOCKED_NODATA,
  buildTravelSurface,
  type RouteRasters,
  type TravelSurface,
} from '../../domain/terrain-analysis/travel-surface.ts';
import { MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_SLOW_GO, WORLDCOVER } from '../../domain/terrain/mobility-config.ts';
import { seededRandom } from '../terrain-raster/support/synthetic-dem.ts';

const close = (actual: number, expected: number, what: string, tolerance = 1e-12) =>
  assert.ok(
    Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)),
    `${what}: ${actual} ≠ ${expected}`,
  );

/** A hand-made surface: every cell passable at `pace` s/m unless listed. */
function surface(
  width: number,
  height: number,
  cell: number,
  elevation: number[],
  grade: GradeModel,
  pace = 1,
): TravelSurface {
  const n = width * height;
  return {
    width,
    height,
    cellWidth: cell,
    cellHeight: cell,
    elevation: Float64Array.from(elevation),
    grade,
    pace: new Float64Array(n).fill(pace),
    onRoad: new Uint8Array(n),
    blocked: new Uint8Array(n),
    mobility: new Uint8Array(n),
  };
}

/** Flat grassland, all GO, on a width × height grid of `cell` m. */
function grassland(width: number, height: number, cell: number): RouteRasters {
  const n = width * height;
  return {
    width,
    height,
    cellWidth: cell,
    cellHeight: cell,
    elevation: new Float32Array(n),
    mobility: new Uint8Array(n).fill(MOBILITY_GO),
    landCover: new Uint8Array(n).fill(WORLDCOVER.grassland),
  };
}

test('moveSpeedFactor: Tobler relative to the flat (e^0.175 = 1.1912 at −5 %), linear gradeability', () => {
  const tobler: GradeModel = { kind: 'tobler' };
  close(moveSpeedFactor(tobler, 0, false), 1, 'flat');
  close(moveSpeedFactor(tobler, -0.05, false), Math.exp(0.175), 'fastest');
  close(moveSpeedFactor(tobler, 0.1, true), Math.exp(-0.35), '10 % up, on a road too');
  close(moveSpeedFactor(tobler, -0.1, false), 1, '10 % down is as fast as the flat');
  const wheeled = DEFAULT_TRAVEL_MODELS.wheeled.grade;
  close(moveSpeedFactor(wheeled, 0.15, false), 0.65, 'half the 30 % limit: 1 − 0.7 / 2');
  close(moveSpeedFactor(wheeled, -0.3, false), 0.3, 'at the limit, downhill alike');
  assert.is(moveSpeedFactor(wheeled, 0.31, false), 0, 'over the limit: impassable');
  assert.is(moveSpeedFactor(wheeled, 0.9, true), 1, 'roads are exempt');
  assert.is(moveSpeedFactor({ kind: 'none' }, 0.9, false), 1);
});

test('buildTravelSurface: paces from model, class, land cover and roads; NO-GO, avoid and nodata blocked', () => {
  const rasters: RouteRasters = {
    width: 6,
    height: 1,
    cellWidth: 20,
    cellHeight: 20,
    elevation: Float32Array.from([0, 0, 0, 0, NaN, 0]),
    mobility: Uint8Array.from([MOBILITY_GO, MOBILITY_SLOW_GO, MOBILITY_GO, MOBILITY_NO_GO, MOBILITY_GO, MOBILITY_GO]),
    landCover: Uint8Array.from([30, 30, 10, 30, 30, 30]),
    roadSpeedKmh: Float32Array.from([0, 0, 0, 50, 0, 100]),
    avoid: Uint8Array.from([0, 0, 0, 0, 0, 0]),
  };
  const tracked = buildTravelSurface(rasters, DEFAULT_TRAVEL_MODELS.tracked);
  close(tracked.pace[0], 3.6 / 25, 'GO grassland: 25 km/h');
  close(tracked.pace[1], 3.6 / 12.5, 'SLOW-GO halves it');
  close(tracked.pace[2], 1 / ((25 / 3.6) * 0.6), 'tree cover: × 0.6');
  close(tracked.pace[3], 3.6 / 50, 'a 50 km/h road on a NO-GO cell is passable');
  assert.ok(Number.isNaN(tracked.pace[4]));
  assert.is(tracked.blocked[4], BLOCKED_NODATA);
  close(tracked.pace[5], 3.6 / 50, 'a 100 km/h road, capped at 50 km/h for tracks');
  assert.equal([...tracked.onRoad], [0, 0, 0, 1, 0, 1]);
  const noRoads = buildTravelSurface(
    { ...rasters, roadSpeedKmh: null, avoid: Uint8Array.from([1, 0, 0, 0, 0, 0]) },
    DEFAULT_TRAVEL_MODELS.foot,
  );
  assert.equal([...noRoads.blocked], [BLOCKED_AVOID, 0, 0, BLOCKED_NO_GO, BLOCKED_NODATA, 0]);
  close(noRoads.pace[1], 1 / (((0.6 * 6 * Math.exp(-0.175)) / 3.6) * 0.5), 'foot off paths: 3/5 Tobler, SLOW-GO × 0.5');
  assert.throws(
    () => buildTravelSurface({ ...rasters, landCover: new Uint8Array(5) }, DEFAULT_TRAVEL_MODELS.foot),
    /landCover holds 5 cells, expected 6/,
  );
  assert.throws(() => buildTravelSurface(rasters, { ...DEFAULT_TRAVEL_MODELS.foot, slowGoFactor: 0 }), /slowGoFactor/);
});

test('accumulateTravelTime, foot: up a 10 % slope takes 10·e^0.35 s per 10 m, down it 10 s (direction matters)', () => {
  const ramp = surface(3, 1, 10, [0, 1, 2], { kind: 'tobler' });
  const up = accumulateTravelTime(ramp, [{ col: 0, row: 0 }]);
  close(up.cost[1], 10 * Math.exp(0.35), 'one cell up');
  close(up.cost[2], 20 * Math.exp(0.35), 'two cells up');
  const down = accumulateTravelTime(ramp, [{ col: 2, row: 0 }]);
  close(down.cost[0], 20, 'two cells down at the flat speed');
  // With the flat pace of a path, a move takes exactly footMoveSeconds (Tobler's speed for the move's grade).
  const path = surface(3, 1, 10, [0, 1, 2], { kind: 'tobler' }, 1 / ((6000 / 3600) * Math.exp(-0.175)));
  close(accumulateTravelTime(path, [{ col: 0, row: 0 }]).cost[2], 2 * footMoveSeconds(0, 1, 10), 'footMoveSeconds');
});

test('accumulateTravelTime, wheeled: a 40 % step is impassable; tracked climb it at 1 − 0.7·40/45 the speed', () => {
  const step = surface(2, 1, 10, [0, 4], DEFAULT_TRAVEL_MODELS.wheeled.grade);
  assert.ok(Number.isNaN(accumulateTravelTime(step, [{ col: 0, row: 0 }]).cost[1]));
  const tracked = { ...step, grade: DEFAULT_TRAVEL_MODELS.tracked.grade };
  close(accumulateTravelTime(tracked, [{ col: 0, row: 0 }]).cost[1], 10 / (1 - 0.7 * (0.4 / 0.45)), 'tracked');
  // The same step on road cells: exempt from the limit.
  const road = { ...step, onRoad: Uint8Array.from([1, 1]) };
  close(accumulateTravelTime(road, [{ col: 0, row: 0 }]).cost[1], 10, 'on a road');
});

test('isotropic accumulateTravelTime is accumulateCost on the pace raster, value for value (8 and 16)', () => {
  const random = seededRandom(4);
  const width = 60,
    height = 50;
  const heights = Array.from({ length: width * height }, () => 100 * random());
  const flat = surface(width, height, 25, heights, { kind: 'none' });
  for (let i = 0; i < flat.pace.length; i++) flat.pace[i] = random() < 0.05 ? NaN : 0.05 + random();
  for (const neighbourhood of [8, 16] as const) {
    const ours = accumulateTravelTime(flat, [{ col: 3, row: 4 }], neighbourhood);
    const reference = accumulateCost(
      { width, height, data: flat.pace, cellWidth: 25, cellHeight: 25 },
      [{ col: 3, row: 4 }],
      neighbourhood,
    );
    let differing = 0,
      reached = 0;
    for (let i = 0; i < ours.cost.length; i++) {
      if (!Object.is(ours.cost[i], reference.cost[i]) || ours.previous[i] !== reference.previous[i]) differing++;
      if (ours.cost[i] > 0) reached++;
    }
    assert.is(differing, 0);
    assert.ok(reached > 0.9 * width * height, `${reached} cells reached`);
  }
});

test('stopAt: the target gets the same time and path as a full search; unsettled cells are NaN', () => {
  const random = seededRandom(9);
  const hills = surface(
    40,
    40,
    30,
    Array.from({ length: 1600 }, () => 50 * random()),
    { kind: 'tobler' },
  );
  const full = accumulateTravelTime(hills, [{ col: 2, row: 2 }], 16);
  const stopped = accumulateTravelTime(hills, [{ col: 2, row: 2 }], 16, { col: 10, row: 12 });
  assert.is(stopped.cost[12 * 40 + 10], full.cost[12 * 40 + 10]);
  assert.equal(leastCostPath(stopped, { col: 10, row: 12 }), leastCostPath(full, { col: 10, row: 12 }));
  assert.ok(Number.isNaN(stopped.cost[39 * 40 + 39]));
});

test('planRoute, wheeled: leaves the field for a 60 km/h road and rejoins it; length, time and shares exact', () => {
  // 21 x 5 cells of 10 m; a road along row 0 from column 1 to 19; start (0, 2), end (20, 2).
  const rasters = grassland(21, 5, 10);
  const roads = new Float32Array(21 * 5);
  for (let col = 1; col <= 19; col++) roads[col] = 60;
  const roadSurface = buildTravelSurface({ ...rasters, roadSpeedKmh: roads }, DEFAULT_TRAVEL_MODELS.wheeled);
  const route = planRoute(roadSurface, [
    { col: 0, row: 2 },
    { col: 20, row: 2 },
  ]);
  assert.ok(route.found);
  // Off road 30 km/h, on the road 60 km/h: the quickest way climbs to the road, follows it and comes back down.
  const onRoad = route.cells.filter((c) => c.row === 0).length;
  assert.ok(onRoad >= 15, `${onRoad} road cells`);
  assert.is(route.cells[0].col, 0);
  assert.is(route.cells[route.cells.length - 1].col, 20);
  const straight = 200 / (30 / 3.6);
  assert.ok(route.seconds < straight, `${route.seconds} s via the road < ${straight} s straight`);
  // Recompute the time from the cells with the model's own formula: half a move at each end's pace.
  let seconds = 0;
  for (let k = 1; k < route.cells.length; k++) {
    const a = route.cells[k - 1],
      b = route.cells[k];
    const step = Math.hypot(a.col - b.col, a.row - b.row) * 10;
    seconds += (step / 2) * (roadSurface.pace[a.row * 21 + a.col] + roadSurface.pace[b.row * 21 + b.col]);
  }
  close(route.seconds, seconds, 'time');
  close(route.shareByClass.road + route.shareByClass.go + route.shareByClass.slow_go, 1, 'shares');
  close(route.lengthByClass.road + route.lengthByClass.go, route.length, 'lengths');
  assert.ok(route.shareByClass.road > 0.8, `${route.shareByClass.road} on the road`);
});

test('planRoute: an area to avoid forces a detour; a waypoint inside it, or on NO-GO, says so', () => {
  const rasters = grassland(9, 9, 10);
  // A wall of an area to avoid across columns 4..4.9, rows 0..7.5: the route goes round its south end.
  const avoid = polygonCellMask(
    9,
    9,
    [
      [
        [
          [4.2, 0],
          [4.8, 0],
          [4.8, 7.5],
          [4.2, 7.5],
        ],
      ],
    ],
    'touch',
  );
  const foot = buildTravelSurface({ ...rasters, avoid }, DEFAULT_TRAVEL_MODELS.foot);
  const route = planRoute(foot, [
    { col: 0, row: 0 },
    { col: 8, row: 0 },
  ]);
  assert.ok(route.found);
  assert.ok(
    route.cells.some((c) => c.col === 4 && c.row === 8),
    'round the south end',
  );
  assert.ok(!route.cells.some((c) => avoid[c.row * 9 + c.col] === 1));
  const inside = planRoute(foot, [
    { col: 0, row: 0 },
    { col: 4, row: 3 },
    { col: 8, row: 0 },
  ]);
  assert.equal(inside, {
    found: false,
    reason: 'waypoint_impassable',
    waypoint: 1,
    blockedBy: 'avoid',
    message: 'waypoint 1 lies on an area to avoid for this movement class',
  });
  const mobility = new Uint8Array(81).fill(MOBILITY_GO);
  mobility[8] = MOBILITY_NO_GO;
  const noGo = planRoute(buildTravelSurface({ ...rasters, mobility }, DEFAULT_TRAVEL_MODELS.foot), [
    { col: 0, row: 0 },
    { col: 8, row: 0 },
  ]);
  assert.is(noGo.found, false);
  assert.is(!noGo.found && noGo.blockedBy, 'no_go');
  assert.is(!noGo.found && noGo.message, 'the end lies on NO-GO terrain for this movement class');
});

test('planRoute: a NO-GO river cut the grid: unreachable, naming the leg', () => {
  const rasters = grassland(7, 7, 10);
  const mobility = new Uint8Array(49).fill(MOBILITY_GO);
  for (let row = 0; row < 7; row++) mobility[row * 7 + 3] = MOBILITY_NO_GO;
  const surfaceCut = buildTravelSurface({ ...rasters, mobility }, DEFAULT_TRAVEL_MODELS.tracked);
  const plan = planRoute(
    surfaceCut,
    [
      { col: 0, row: 0 },
      { col: 1, row: 6 },
      { col: 6, row: 6 },
    ],
    16,
  );
  assert.is(plan.found, false);
  assert.is(!plan.found && plan.reason, 'unreachable');
  assert.is(!plan.found && plan.waypoint, 1);
  // A bridge (road cell) over it lets the route through.
  const roads = new Float32Array(49);
  roads[3 * 7 + 3] = 40;
  const withBridge = buildTravelSurface({ ...rasters, mobility, roadSpeedKmh: roads }, DEFAULT_TRAVEL_MODELS.tracked);
  const bridged = planRoute(
    withBridge,
    [
      { col: 0, row: 0 },
      { col: 1, row: 6 },
      { col: 6, row: 6 },
    ],
    16,
  );
  assert.ok(bridged.found);
  assert.ok(
    bridged.cells.some((c) => c.col === 3 && c.row === 3),
    'over the bridge',
  );
});

test('planRoute through a waypoint: legs joined at it once, times add up; exact on a flat foot surface', () => {
  const foot = buildTravelSurface(grassland(5, 5, 10), DEFAULT_TRAVEL_MODELS.foot);
  const plan = planRoute(foot, [
    { col: 0, row: 0 },
    { col: 4, row: 0 },
    { col: 4, row: 4 },
  ]);
  assert.ok(plan.found);
  assert.is(plan.cells.length, 9);
  assert.equal(plan.cells[4], { col: 4, row: 0 });
  const pace = 1 / ((0.6 * 6 * Math.exp(-0.175)) / 3.6);
  close(plan.legSeconds[0], 40 * pace, 'first leg');
  close(plan.seconds, 80 * pace, 'whole route');
  close(plan.length, 80, 'length');
  assert.equal(plan.profile[8], { distance: 80, elevation: 0, seconds: plan.seconds });
});

test('describeRoute: length, climb, profile and shares by class, exactly', () => {
  const s = surface(4, 2, 10, [0, 3, 1, 1, 0, 0, 0, 0], { kind: 'none' });
  s.mobility[1] = MOBILITY_SLOW_GO;
  s.onRoad[3] = 1;
  const cells = [
    { col: 0, row: 0 },
    { col: 1, row: 0 },
    { col: 2, row: 0 },
    { col: 3, row: 0 },
  ];
  const route = describeRoute(s, cells, [0, 5, 9, 12]);
  assert.is(route.length, 30);
  assert.is(route.seconds, 12);
  assert.is(route.ascent, 3);
  assert.is(route.descent, 2);
  assert.equal(route.lengthByClass, { road: 5, go: 15, slow_go: 10 });
  assert.equal(route.shareByClass, { road: 5 / 30, go: 0.5, slow_go: 10 / 30 });
  assert.equal(
    route.profile.map((p) => p.distance),
    [0, 10, 20, 30],
  );
  const knight = describeRoute(
    s,
    [
      { col: 0, row: 0 },
      { col: 2, row: 1 },
    ],
    [0, 1],
  );
  close(knight.length, Math.sqrt(500), "a knight's move");
  assert.throws(
    () =>
      describeRoute(
        s,
        [
          { col: 0, row: 0 },
          { col: 2, row: 0 },
        ],
        [0, 1],
      ),
    /not neighbours/,
  );
  assert.throws(() => describeRoute(s, cells, [0]), /as many times as cells/);
});

test('polygonCellMask: centres inside (even-odd, holes), and touch adds every cell an edge crosses', () => {
  // A 4 x 4 square from (1, 1) to (5, 5) with a hole from (2.2, 2.2) to (3.8, 3.8), on a 6 x 6 grid.
  const square: [number, number][] = [
    [1, 1],
    [5, 1],
    [5, 5],
    [1, 5],
  ];
  const hole: [number, number][] = [
    [2.2, 2.2],
    [3.8, 2.2],
    [3.8, 3.8],
    [2.2, 3.8],
  ];
  const centre = polygonCellMask(6, 6, [[square, hole]], 'centre');
  const rows = (mask: Uint8Array) => Array.from({ length: 6 }, (_, r) => [...mask.slice(r * 6, r * 6 + 6)].join(''));
  assert.equal(rows(centre), ['000000', '011110', '010010', '010010', '011110', '000000']);
  const touch = polygonCellMask(
    6,
    6,
    [
      [
        [
          [0.5, 0.5],
          [2.5, 0.5],
          [0.5, 1.5],
        ],
      ],
    ],
    'touch',
  );
  assert.equal(rows(touch), ['111000', '110000', '000000', '000000', '000000', '000000']);
  assert.equal(
    rows(
      polygonCellMask(
        6,
        6,
        [
          [
            [
              [-10, -10],
              [20, -10],
              [20, 0.6],
              [-10, 0.6],
            ],
          ],
        ],
        'centre',
      ),
    ),
    ['111111', '000000', '000000', '000000', '000000', '000000'],
  );
  assert.throws(
    () =>
      polygonCellMask(
        6,
        6,
        [
          [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        ],
        'centre',
      ),
    /at least 3 positions/,
  );
});

test('burnRoadSpeeds: every cell a road passes through, fastest road wins; corners count both neighbours', () => {
  const speeds = burnRoadSpeeds(5, 4, [
    {
      line: [
        [0.5, 0.5],
        [3.5, 3.5],
      ],
      speedKmh: 30,
    }, // exactly through the corners (1, 1), (2, 2), (3, 3)
    {
      line: [
        [0.2, 2.5],
        [4.8, 2.5],
        [9, 2.5],
      ],
      speedKmh: 90,
    }, // along row 2, leaving the grid
  ]);
  const rows = Array.from({ length: 4 }, (_, r) => [...speeds.slice(r * 5, r * 5 + 5)].join(' '));
  assert.equal(rows, ['30 30 0 0 0', '30 30 30 0 0', '90 90 90 90 90', '0 0 30 30 0']);
  assert.throws(
    () =>
      burnRoadSpeeds(5, 4, [
        {
          line: [
            [0, 0],
            [1, 1],
          ],
          speedKmh: 0,
        },
      ]),
    /positive km\/h/,
  );
});

test.run();
