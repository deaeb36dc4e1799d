// Benchmark: accumulateTravelTime (anisotropic Dijkstra) against GRASS on the same rasters, in the same
// run: the isotropic case against r.cost on the pace raster, the foot model (Tobler) against r.walk
// (Aitken/Langmuir) on the DEM, 8 neighbours and knight's move. GRASS's time is the module alone,
// measured inside the GRASS session; ours is the in-memory call (median of 3 after a warm-up).
// Run: npx tsx bench/terrain-analysis/travel-time-vs-grass.ts [size=1000]. Prints seconds and ours / GRASS.
import { accumulateTravelTime } from '../../domain/terrain-analysis/accumulate-travel-time.ts';
import type { GradeModel } from '../../domain/terrain-analysis/travel-models.ts';
import type { TravelSurface } from '../../domain/terrain-analysis/travel-surface.ts';
import type { Neighbourhood } from '../../domain/terrain-analysis/types.ts';
import { grassAscii, runGrass } from '../../test/terrain-analysis/support/grass.ts';
import { seededRandom } from '../../test/terrain-raster/support/synthetic-dem.ts';

const size = Number(process.argv[2] ?? 1000);
const res = 30;
const random = seededRandom(7);
const n = size * size;
const pace = Float64Array.from({ length: n }, () => 0.1 + random());
const dem = Float64Array.from(
  { length: n },
  (_, i) => 80 * Math.sin((i % size) / 15) * Math.cos(Math.floor(i / size) / 21) + 3 * random(),
);
const start = { col: Math.floor(size / 3), row: Math.floor(size / 2) };
const where = `start_coordinates=${(start.col + 0.5) * res},${(size - start.row - 0.5) * res}`;

function grassSeconds(command: string): number {
  const grid = { width: size, height: size, ewRes: res, nsRes: res };
  const script = [
    'r.in.ascii input=pace.asc output=pace type=DCELL --quiet',
    'r.in.ascii input=dem.asc output=dem type=DCELL --quiet',
    'g.region raster=pace',
    'r.mapcalc expression="zero = 0.0" --quiet', // after g.region: the map takes the current region
    'date +%s.%N > seconds.txt',
    `${command} ${where} --quiet`,
    'date +%s.%N >> seconds.txt',
  ].join('\n');
  const files = { 'pace.asc': grassAscii({ ...grid, data: pace }), 'dem.asc': grassAscii({ ...grid, data: dem }) };
  const [begin, end] = runGrass(script, files, ['seconds.txt'])['seconds.txt'].trim().split('\n').map(Number);
  return end - begin;
}

function oursSeconds(grade: GradeModel, neighbourhood: Neighbourhood): number {
  const surface: TravelSurface = {
    width: size,
    height: size,
    cellWidth: res,
    cellHeight: res,
    elevation: dem,
    pace: grade.kind === 'none' ? pace : new Float64Array(n).fill(1 / ((6000 / 3600) * Math.exp(-0.175))),
    onRoad: new Uint8Array(n),
    blocked: new Uint8Array(n),
    mobility: new Uint8Array(n),
    grade,
  };
  accumulateTravelTime(surface, [start], neighbourhood); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    accumulateTravelTime(surface, [start], neighbourhood);
    times.push((performance.now() - t0) / 1000);
  }
  return times.sort((a, b) => a - b)[1];
}

console.log(`travel-time accumulation on ${size} x ${size} (${(n / 1e6).toFixed(2)} Mcells), one start`);
for (const neighbourhood of [8, 16] as Neighbourhood[]) {
  const k = neighbourhood === 16 ? '-k ' : '';
  const name = neighbourhood === 16 ? 'knight (16)' : 'king (8)   ';
  const rows: [string, GradeModel, string][] = [
    ['isotropic vs r.cost', { kind: 'none' }, `r.cost ${k}input=pace output=acc`],
    ['foot (Tobler) vs r.walk', { kind: 'tobler' }, `r.walk ${k}elevation=dem friction=zero output=acc`],
  ];
  for (const [label, grade, command] of rows) {
    const grass = grassSeconds(command);
    const ours = oursSeconds(grade, neighbourhood);
    console.log(
      `  ${name} ${label}: ours ${ours.toFixed(3)} s, GRASS ${grass.toFixed(3)} s, ` +
        `ratio ${(ours / grass).toFixed(2)}`,
    );
  }
}
