// Terrain evaluation (issue 23) on terrains whose answer is known by construction: a plain crossed
// by a ridge with two passes of different widths, a river with one bridge, a lake between two
// valleys; and each building block on exact numbers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { squaredDistanceTransform } from '../../domain/terrain-evaluation/squared-distance-transform.ts';
import { classifyObstacleTerrain } from '../../domain/terrain-evaluation/classify-obstacle-terrain.ts';
import { echelonBelow } from '../../domain/terrain-evaluation/echelon-table.ts';
import { burnLinearObstacles } from '../../domain/terrain-evaluation/burn-linear-obstacles.ts';
import { applyLinearObstacles } from '../../domain/terrain-evaluation/apply-linear-obstacles.ts';
import { maskPolygons } from '../../domain/terrain-evaluation/mask-polygons.ts';
import { peakProminence } from '../../domain/terrain-evaluation/peak-prominence.ts';
import { rankAvenues } from '../../domain/terrain-evaluation/rank-avenues.ts';
import { evaluateTerrain, type TerrainEvaluationInput } from '../../domain/terrain-evaluation/evaluate-terrain.ts';
import type { Echelon, Force } from '../../domain/terrain-evaluation/terrain-evaluation-types.ts';
import { SEVERELY_RESTRICTED } from '../../domain/terrain-evaluation/terrain-evaluation-types.ts';
import { mobilityRaster } from '../../domain/terrain/mobility-raster.ts';
import { buildTravelSurface } from '../../domain/terrain-analysis/travel-surface.ts';
import { DEFAULT_TRAVEL_MODELS } from '../../domain/terrain-analysis/travel-models.ts';
import { planRoute } from '../../domain/terrain-analysis/plan-route.ts';

const C = 25; // metres per cell
const DLAT = C / 111_320;
const DLON = C / (111_320 * Math.cos((50 * Math.PI) / 180));
const toLonLat = (x: number, y: number): [number, number] => [10 + x * DLON, 50 - y * DLAT];
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function plain(width: number, height: number) {
  return {
    width,
    height,
    elevation: new Float32Array(width * height).fill(100),
    slope: new Float32Array(width * height),
    landCover: new Uint8Array(width * height).fill(30),
  };
}
const maskOf = (width: number, height: number, inside: (col: number, row: number) => boolean) => {
  const m = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) if (inside(c, r)) m[r * width + c] = 1;
  return m;
};
type Terrain = Omit<TerrainEvaluationInput, 'force' | 'echelon' | 'directions'> & {
  start: Uint8Array;
  objective: Uint8Array;
};
/** One direction, start → objective: the evaluation and that direction's cells. */
function evaluate(terrain: Terrain, force: Force, echelon: Echelon) {
  const { start, objective, ...rest } = terrain;
  const evaluation = evaluateTerrain({ ...rest, force, echelon, directions: [{ name: 'friendly', start, objective }] });
  return { evaluation, d: evaluation.cells.directions[0]! };
}

function pointInRings(p: [number, number], rings: [number, number][][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!,
        [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

test('distance transform: exact squared distances and a nearest site at that distance (brute force)', () => {
  const width = 37,
    height = 23;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sites = Uint8Array.from({ length: width * height }, () => (random() < 0.03 ? 1 : 0));
  const { squared, nearest } = squaredDistanceTransform(sites, width, height);
  for (let i = 0; i < sites.length; i++) {
    let best = Infinity;
    for (let j = 0; j < sites.length; j++) {
      if (!sites[j]) continue;
      best = Math.min(best, ((i % width) - (j % width)) ** 2 + (Math.floor(i / width) - Math.floor(j / width)) ** 2);
    }
    assert.is(squared[i], best);
    const s = nearest[i]!;
    assert.is(sites[s], 1);
    assert.is(((i % width) - (s % width)) ** 2 + (Math.floor(i / width) - Math.floor(s / width)) ** 2, best);
  }
  const none = squaredDistanceTransform(new Uint8Array(6), 3, 2);
  assert.equal([...none.squared], Array(6).fill(Infinity));
  assert.equal([...none.nearest], Array(6).fill(-1));
});

test('obstacle classes from mobility: GO, SLOW-GO, NO-GO, nodata → unrestricted, restricted, severely restricted ×2', () => {
  assert.equal([...classifyObstacleTerrain(Uint8Array.of(0, 1, 2, 255))], [0, 1, 2, 2]);
  assert.equal(
    [...classifyObstacleTerrain(Uint8Array.of(0, 0, 1), Uint8Array.of(2, 2, 0), Uint8Array.of(0, 1, 0))],
    [2, 0, 1],
  );
});

test('echelons: corridors two below, avenues one below', () => {
  assert.is(echelonBelow('brigade', 2), 'company');
  assert.is(echelonBelow('brigade', 1), 'battalion');
  assert.is(echelonBelow('battalion', 2), 'platoon');
  assert.is(echelonBelow('company', 2), 'squad');
  assert.throws(() => echelonBelow('squad', 1), /no echelon/);
});

test('waterways: tagged width or class width, severe by mover; rivers NO-GO but at the bridge', () => {
  // A 20 m river along y = 5.5 on 10 × 10 cells of 25 m: one row; a 60 m canal: three rows.
  const river = burnLinearObstacles(
    10,
    10,
    25,
    [
      {
        line: [
          [0, 5.5],
          [10, 5.5],
        ],
        kind: 'river',
      },
    ],
    'tracked',
  );
  assert.equal(
    [...river].map((v, i) => (v ? Math.floor(i / 10) : -1)).filter((r) => r >= 0),
    Array(10).fill(5),
  );
  assert.ok([...river].every((v) => v === 0 || v === SEVERELY_RESTRICTED));
  const canal = burnLinearObstacles(
    10,
    10,
    25,
    [
      {
        line: [
          [0, 5.5],
          [10, 5.5],
        ],
        kind: 'canal',
        widthM: 60,
      },
    ],
    'tracked',
  );
  assert.is(canal.filter((v) => v === 2).length, 30);
  const stream = [
    {
      line: [
        [0, 5.5],
        [10, 5.5],
      ] as [number, number][],
      kind: 'stream',
    },
  ];
  assert.is(burnLinearObstacles(10, 10, 25, stream, 'tracked')[55], 2); // 3 m ≥ 2.5 m
  assert.is(burnLinearObstacles(10, 10, 25, stream, 'foot')[55], 1); // 3 m < 5 m
  // A diagonal river leaves no corner to slip through: every 2 × 2 block it crosses holds 2 river cells side by side.
  const diagonal = burnLinearObstacles(
    10,
    10,
    25,
    [
      {
        line: [
          [0, 0],
          [10, 10],
        ],
        kind: 'river',
      },
    ],
    'wheeled',
  );
  for (let k = 0; k < 9; k++) assert.ok(diagonal[k * 10 + k + 1] || diagonal[(k + 1) * 10 + k], `corner ${k}`);
  const mobility = new Uint8Array(100);
  const bridge = maskOf(10, 10, (c) => c === 4);
  assert.is(applyLinearObstacles(mobility, river, bridge), 9);
  assert.equal([...mobility.slice(50, 60)], [2, 2, 2, 2, 0, 2, 2, 2, 2, 2]);
});

test('mask polygons: cell-exact rings, holes clockwise, corner-touching cells apart', () => {
  const id = (x: number, y: number): [number, number] => [x, -y];
  // A 3 × 3 ring of cells around a hole.
  const ring = maskOf(3, 3, (c, r) => !(c === 1 && r === 1));
  const [square] = maskPolygons(ring, 3, 3, id);
  assert.is(square!.cells, 8);
  assert.equal(square!.coordinates, [
    [
      [0, 0],
      [0, -3],
      [3, -3],
      [3, 0],
      [0, 0],
    ],
    [
      [2, -1],
      [2, -2],
      [1, -2],
      [1, -1],
      [2, -1],
    ],
  ]);
  const diagonal = maskPolygons(
    maskOf(2, 2, (c, r) => c === r),
    2,
    2,
    id,
  );
  assert.is(diagonal.length, 2);
  assert.equal(
    diagonal.map((p) => p.coordinates[0]!.length),
    [5, 5],
  );
  assert.is(maskPolygons(diagonal.length ? maskOf(4, 1, (c) => c === 0) : new Uint8Array(4), 4, 1, id, 2).length, 0);
});

test('prominence: two summits joined by a col', () => {
  // Profile along one row: base 100, summit A 200 at x = 3, col 120 at x = 6, summit B 150 at x = 8.
  const row = [100, 130, 170, 200, 160, 140, 120, 135, 150, 110];
  const peaks = peakProminence(Float32Array.from(row), row.length, 1, 10);
  assert.equal(peaks, [
    { cell: 3, elevation: 200, prominence: 100 },
    { cell: 8, elevation: 150, prominence: 30 },
  ]);
  assert.equal(
    peakProminence(Float32Array.from(row), row.length, 1, 31).map((p) => p.cell),
    [3],
  );
});

test('avenue ranking: per-criterion scores and reasons, wider frontage ranks higher', () => {
  const base = {
    straightM: 4000,
    lengthM: 5000,
    seconds: 600,
    coverShare: 0,
    exposedShare: 0,
    obstaclesCrossed: 0,
    roadShare: 0,
  };
  const ranked = rankAvenues(
    [
      { ...base, frontageM: 350 },
      { ...base, frontageM: 800 },
    ],
    500,
  );
  assert.equal(
    ranked.map((r) => r.avenue),
    [1, 0],
  );
  assert.is(ranked[0]!.criteria.width_and_canalization.score, 0.8);
  assert.is(ranked[1]!.criteria.width_and_canalization.score, 0.35);
  assert.is(ranked[0]!.criteria.directness.score, 0.8);
  assert.match(ranked[1]!.criteria.width_and_canalization.reason, /canalizing/);
});

// A plain 6 km × 5 km crossed east-west by a ridge (rows 95–104) with a wide pass (cols 44–75, 800 m)
// and a narrow one (cols 173–186, 350 m); start line in the south, objective in the north centre.
function ridge(): Terrain {
  const width = 240,
    height = 200;
  const t = plain(width, height);
  for (let r = 95; r <= 104; r++) {
    for (let c = 0; c < width; c++) {
      if ((c >= 44 && c <= 75) || (c >= 173 && c <= 186)) continue;
      t.elevation[r * width + c] = 300;
      t.slope[r * width + c] = 60;
    }
  }
  return {
    width,
    height,
    cellSizeM: C,
    elevation: t.elevation,
    slopeDegrees: t.slope,
    landCover: t.landCover,
    landCoverNodata: 0,
    start: maskOf(width, height, (c, r) => r === 190 && c >= 10 && c < 230),
    objective: maskOf(width, height, (c, r) => (c - 120) ** 2 + (r - 10) ** 2 <= 25),
    toLonLat,
    newId,
  };
}

function assertNoSevereCellInCorridors(input: Terrain, evaluation: ReturnType<typeof evaluateTerrain>) {
  const { terrainClass } = evaluation.cells;
  const corridors = evaluation.cells.directions.flatMap((d) => d.corridors);
  const polygons = evaluation.layers.mobility_corridor.filter((f) => f.properties.role === 'corridor');
  assert.is(polygons.length, corridors.length);
  for (let i = 0; i < terrainClass.length; i++) {
    if (terrainClass[i] !== SEVERELY_RESTRICTED) continue;
    for (const k of corridors) assert.is(k.mask[i], 0);
    const centre = toLonLat((i % input.width) + 0.5, Math.floor(i / input.width) + 0.5);
    for (const f of polygons) {
      for (const polygon of f.geometry.coordinates as [number, number][][][]) {
        assert.not.ok(pointInRings(centre, polygon), `severely restricted cell ${i} inside a corridor`);
      }
    }
  }
}

function assertConnects(
  input: { start: Uint8Array; objective: Uint8Array },
  evaluation: ReturnType<typeof evaluateTerrain>,
) {
  for (const k of evaluation.cells.directions[0]!.corridors) {
    assert.is(input.start[k.centreline[0]!], 1, 'a corridor starts in the start area');
    assert.is(input.objective[k.centreline[k.centreline.length - 1]!], 1, 'a corridor ends on the objective');
  }
}

test('ridge, battalion (platoon corridors, 300 m): both passes, narrowest points within a cell, wider pass ranks first', () => {
  const input = ridge();
  const { evaluation, d } = evaluate(input, 'mounted_tracked', 'battalion');
  const { corridors, avenues, ranking } = d;
  assert.is(corridors.length, 2);
  const colOf = (i: number) => i % input.width,
    rowOf = (i: number) => Math.floor(i / input.width);
  const wide = corridors.find((k) => colOf(k.chokepoint.cell) <= 75)!;
  const narrow = corridors.find((k) => colOf(k.chokepoint.cell) >= 173)!;
  assert.ok(wide && narrow);
  for (const [k, gapM, c0, c1] of [
    [wide, 800, 44, 75],
    [narrow, 350, 173, 186],
  ] as const) {
    assert.ok(Math.abs(k.chokepoint.widthM - gapM) <= C, `narrowest ${k.chokepoint.widthM} m for a ${gapM} m pass`);
    assert.ok(rowOf(k.chokepoint.cell) >= 94 && rowOf(k.chokepoint.cell) <= 105, 'narrowest point in the pass');
    assert.ok(colOf(k.chokepoint.cell) >= c0 && colOf(k.chokepoint.cell) <= c1);
    assert.ok(k.centreline.filter((i) => rowOf(i) === 100).every((i) => colOf(i) >= c0 && colOf(i) <= c1));
  }
  assert.is(avenues.length, 2, 'passes 3 km apart are separate avenues');
  const wideAvenue = avenues.findIndex((members) => members.includes(corridors.indexOf(wide)));
  assert.is(ranking[0]!.avenue, wideAvenue, 'the avenue through the wider pass ranks first');
  assertNoSevereCellInCorridors(input, evaluation);
  assertConnects(input, evaluation);
  const result = (
    evaluation.result as {
      directions: {
        avenues: { id: string; rank: number; echelon: string }[];
        corridors: { chokepoint: { mgrs: string } }[];
      }[];
    }
  ).directions[0]!;
  assert.equal(
    result.avenues.map((a) => [a.id, a.echelon]),
    [
      ['AA 1', 'company'],
      ['AA 2', 'company'],
    ],
  );
  assert.match(result.corridors[0]!.chokepoint.mgrs, /^32U/);
  const kinds = d.keyTerrain.map((k) => k.kind);
  assert.ok(kinds.includes('chokepoint'));
  assert.ok(
    evaluation.layers.obstacle.some(
      (f) => f.properties.terrain_class === 'severely_restricted' && f.properties.cause === 'slope',
    ),
  );
});

test('ridge, brigade (company corridors, 500 m): only the 800 m pass carries a corridor', () => {
  const input = ridge();
  const { evaluation, d } = evaluate(input, 'mounted_tracked', 'brigade');
  const { corridors } = d;
  assert.ok(corridors.length >= 1);
  for (const k of corridors) {
    const inRidge = k.centreline.filter((i) => Math.floor(i / input.width) === 100);
    assert.ok(
      inRidge.length > 0 && inRidge.every((i) => i % input.width >= 44 && i % input.width <= 75),
      'through the wide pass only',
    );
    assert.ok(k.minWidthM >= 500);
  }
  assertNoSevereCellInCorridors(input, evaluation);
  assertConnects(input, evaluation);
});

// A plain 5 km × 4 km with a 20 m river along row 80 and one bridge (a north-south road, col 150).
function river() {
  const width = 200,
    height = 160;
  const t = plain(width, height);
  const roadSpeedKmh = new Float32Array(width * height);
  const crossingRoads = new Uint8Array(width * height);
  for (let r = 60; r <= 100; r++) {
    roadSpeedKmh[r * width + 150] = 50;
    if (r >= 77 && r <= 83) crossingRoads[r * width + 150] = 1;
  }
  return {
    width,
    height,
    cellSizeM: C,
    elevation: t.elevation,
    slopeDegrees: t.slope,
    landCover: t.landCover,
    landCoverNodata: 0,
    roadSpeedKmh,
    crossingRoads,
    waterways: [
      {
        line: [
          [0, 80.5],
          [200, 80.5],
        ] as [number, number][],
        kind: 'river',
      },
    ],
    start: maskOf(width, height, (c, r) => r === 150 && c >= 20 && c < 80),
    objective: maskOf(width, height, (c, r) => (c - 50) ** 2 + (r - 10) ** 2 <= 16),
    toLonLat,
    newId,
  };
}

test('river with one bridge: the avenue crosses at the bridge, the bridge is key terrain', () => {
  const input = river();
  const { evaluation, d } = evaluate(input, 'dismounted', 'company');
  const { corridors, keyTerrain } = d;
  assert.ok(corridors.length >= 1);
  const bridgeCells = new Set([77, 78, 79, 80, 81, 82, 83].map((r) => r * input.width + 150));
  for (const k of corridors) {
    assert.ok(k.centreline.includes(80 * input.width + 150), 'crosses the river on the bridge');
    assert.is(k.crossings.length, 1);
  }
  const crossing = keyTerrain.find((k) => k.kind === 'crossing_site');
  assert.ok(crossing && bridgeCells.has(crossing.cell));
  assert.is(keyTerrain[0]!.kind, 'crossing_site', 'the bridge ranks first');
  assertNoSevereCellInCorridors(input, evaluation);
  assertConnects(input, evaluation);
  const oakoc = (evaluation.result as { oakoc: { obstacles: { waterways: number; crossing_sites_used: number } } })
    .oakoc;
  assert.is(oakoc.obstacles.waterways, 1);
  assert.is(oakoc.obstacles.crossing_sites_used, 1);
  assert.ok(evaluation.layers.obstacle.some((f) => f.properties.obstacle_kind === 'waterway'));
});

test('route across a river with one bridge: with the river in the mobility raster it crosses on the bridge', () => {
  const input = river();
  const roads = Uint8Array.from(input.roadSpeedKmh, (s) => (s > 0 ? 1 : 0));
  const route = (withRiver: boolean) => {
    const mobility = mobilityRaster(
      { slopeDegrees: input.slopeDegrees, landCover: input.landCover, landCoverNodata: 0, roads },
      'wheeled',
    );
    if (withRiver)
      applyLinearObstacles(mobility, burnLinearObstacles(200, 160, C, input.waterways, 'wheeled'), input.crossingRoads);
    const surface = buildTravelSurface(
      {
        width: 200,
        height: 160,
        cellWidth: C,
        cellHeight: C,
        elevation: input.elevation,
        mobility,
        landCover: input.landCover,
        roadSpeedKmh: input.roadSpeedKmh,
      },
      DEFAULT_TRAVEL_MODELS.wheeled,
    );
    const plan = planRoute(surface, [
      { col: 40, row: 150 },
      { col: 40, row: 10 },
    ]);
    assert.ok(plan.found);
    return plan.found ? plan.cells : [];
  };
  const over = route(true);
  const atRiver = over.filter((c) => c.row === 80);
  assert.equal(atRiver, [{ col: 150, row: 80 }]);
  assert.not.ok(
    route(false).some((c) => c.col === 150),
    'without the river the route goes straight',
  );
});

// A lake (cols 70–129, rows 40–119) between two valleys walled by mountains: west valley cols
// 20–69, east valley cols 130–179; start south, objective north.
test('lake between two valleys: one corridor down each valley, none on the water', () => {
  const width = 200,
    height = 160;
  const t = plain(width, height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const i = r * width + c;
      if (c < 20 || c >= 180) {
        t.slope[i] = 60;
        t.elevation[i] = 400;
      }
      if (c >= 70 && c < 130 && r >= 40 && r < 120) t.landCover[i] = 80;
    }
  }
  const input = {
    width,
    height,
    cellSizeM: C,
    elevation: t.elevation,
    slopeDegrees: t.slope,
    landCover: t.landCover,
    landCoverNodata: 0,
    start: maskOf(width, height, (c, r) => r === 150 && c >= 20 && c < 180),
    objective: maskOf(width, height, (c, r) => r === 5 && c >= 90 && c < 110),
    toLonLat,
    newId,
  };
  const { evaluation, d } = evaluate(input, 'mounted_wheeled', 'battalion');
  const { corridors, avenues } = d;
  const sides = corridors.map((k) => {
    const mid = k.centreline.filter((i) => Math.floor(i / width) === 80);
    return mid.every((i) => i % width < 70) ? 'west' : mid.every((i) => i % width >= 130) ? 'east' : 'both';
  });
  assert.ok(sides.includes('west') && sides.includes('east'), `corridors ${sides.join(', ')}`);
  assert.not.ok(sides.includes('both'));
  assert.ok(avenues.length >= 2, 'valleys 1.5 km apart are separate avenues');
  assertNoSevereCellInCorridors(input, evaluation);
  assertConnects(input, evaluation);
});

test.run();
