import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateTravelTime } from '../../domain/terrain-analysis/accumulate-travel-time.ts';
import type { GradeModel } from '../../domain/terrain-analysis/travel-models.ts';
import type { TravelSurface } from '../../domain/terrain-analysis/travel-surface.ts';
import type { GridCell, Neighbourhood } from '../../domain/terrain-analysis/types.ts';
import { seededRandom } from '../terrain-raster/support/synthetic-dem.ts';
import { grassAscii, grassRCost, parseGrassAscii, runGrass } from './support/grass.ts';

function travelSurface(
  width: number,
  height: number,
  cellWidth: number,
  cellHeight: number,
  elevation: Float64Array,
  pace: Float64Array,
  grade: GradeModel,
): TravelSurface {
  const n = width * height;
  return {
    width,
    height,
    cellWidth,
    cellHeight,
    elevation,
    pace,
    grade,
    onRoad: new Uint8Array(n),
    blocked: new Uint8Array(n),
    mobility: new Uint8Array(n),
  };
}

// Isotropic case: a random pace raster (rectangular 20 x 30 m cells, 1 % impassable), three starts.
const width = 150,
  height = 120;
const random = seededRandom(31);
const pace = Float64Array.from({ length: width * height }, () => (random() < 0.01 ? NaN : 0.02 + random()));
const flatGround = new Float64Array(width * height);
const starts = [
  { col: 5, row: 7 },
  { col: 140, row: 60 },
  { col: 70, row: 110 },
];

for (const neighbourhood of [8, 16] as Neighbourhood[]) {
  const flag = neighbourhood === 16 ? ' -k' : '';
  test(`isotropic travel time equals GRASS r.cost${flag} on the pace raster within 1e-9 relative`, () => {
    const ours = accumulateTravelTime(
      travelSurface(width, height, 20, 30, flatGround, pace, { kind: 'none' }),
      starts,
      neighbourhood,
    );
    const grass = grassRCost({ width, height, data: pace, ewRes: 20, nsRes: 30 }, starts, neighbourhood === 16);
    let compared = 0,
      worst = 0,
      mismatched = 0;
    for (let i = 0; i < grass.length; i++) {
      const mine = ours.cost[i] / 20; // GRASS counts lengths in east-west cells
      if (Number.isNaN(grass[i]) || Number.isNaN(mine)) {
        if (Number.isNaN(grass[i]) !== Number.isNaN(mine)) mismatched++;
        continue;
      }
      compared++;
      if (grass[i] !== 0) worst = Math.max(worst, Math.abs(mine - grass[i]) / grass[i]);
    }
    assert.is(mismatched, 0);
    assert.ok(compared > 0.98 * width * height, `${compared} compared`);
    assert.ok(worst < 1e-9, `worst relative difference ${worst}`);
  });
}

/** r.walk (Aitken/Langmuir, default coefficients, friction 0) from each start alone over `dem`: seconds per cell. */
function grassRWalk(dem: Float64Array, w: number, h: number, res: number, starts: GridCell[]): Float64Array[] {
  const grid = { width: w, height: h, ewRes: res, nsRes: res };
  const script = [
    'r.in.ascii input=dem.asc output=dem type=DCELL --quiet',
    'r.in.ascii input=zero.asc output=zero type=DCELL --quiet',
    'g.region raster=dem',
    ...starts.flatMap((start, k) => [
      `r.walk elevation=dem friction=zero output=acc${k} start_coordinates=${(start.col + 0.5) * res},` +
        `${(h - start.row - 0.5) * res} --quiet`,
      `r.out.ascii input=acc${k} output=acc${k}.asc precision=17 null_value=* --quiet`,
    ]),
  ].join('\n');
  const files = {
    'dem.asc': grassAscii({ ...grid, data: dem }),
    'zero.asc': grassAscii({ ...grid, data: new Float64Array(w * h) }),
  };
  const out = runGrass(
    script,
    files,
    starts.map((_, k) => `acc${k}.asc`),
  );
  return starts.map((_, k) => parseGrassAscii(out[`acc${k}.asc`]).data);
}

test('foot model against GRASS r.walk: both slower up a 10 % ramp than down it, and they rank cells alike', () => {
  // A ramp rising 3 m per 30 m cell eastwards: time from the west end to the east end and back.
  const w = 41,
    h = 3,
    res = 30;
  const ramp = Float64Array.from({ length: w * h }, (_, i) => 3 * (i % w));
  const walkPace = new Float64Array(w * h).fill(1 / ((6000 / 3600) * Math.exp(-0.175)));
  const foot = travelSurface(w, h, res, res, ramp, walkPace, { kind: 'tobler' });
  const west = { col: 0, row: 1 },
    east = { col: w - 1, row: 1 };
  const oursUp = accumulateTravelTime(foot, [west]).cost[w + w - 1];
  const oursDown = accumulateTravelTime(foot, [east]).cost[w];
  const [fromWest, fromEast] = grassRWalk(ramp, w, h, res, [west, east]);
  const grassUp = fromWest[w + w - 1],
    grassDown = fromEast[w];
  console.log(
    `  1200 m up 10 %: Tobler ${oursUp.toFixed(0)} s, r.walk ${grassUp.toFixed(0)} s; ` +
      `down: Tobler ${oursDown.toFixed(0)} s, r.walk ${grassDown.toFixed(0)} s`,
  );
  assert.ok(oursUp > 1.3 * oursDown && grassUp > 1.3 * grassDown, 'uphill is slower in both models');
  // Over hills, the two models order the cells by time alike (Spearman's rank correlation; 0.966 measured:
  // different models, Tobler's exponential against r.walk's linear Langmuir terms, so a loose bound).
  const size = 61;
  const hills = Float64Array.from(
    { length: size * size },
    (_, i) => 60 * Math.sin((i % size) / 6) * Math.cos(Math.floor(i / size) / 8),
  );
  const start = { col: 30, row: 30 };
  const ours = accumulateTravelTime(
    travelSurface(size, size, res, res, hills, new Float64Array(size * size).fill(walkPace[0]), { kind: 'tobler' }),
    [start],
  ).cost;
  const [grass] = grassRWalk(hills, size, size, res, [start]);
  const rho = spearman(ours, grass);
  console.log(`  Spearman rank correlation of accumulated times over ${size}² hilly cells: ${rho.toFixed(4)}`);
  assert.ok(rho > 0.95, `rho ${rho}`);
});

function spearman(a: Float64Array, b: Float64Array): number {
  const rank = (v: Float64Array) => {
    const order = [...v.keys()].sort((i, j) => v[i] - v[j]);
    const r = new Float64Array(v.length);
    order.forEach((i, k) => {
      r[i] = k;
    });
    return r;
  };
  const ra = rank(a),
    rb = rank(b),
    n = a.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (ra[i] - rb[i]) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

test.run();
