// Benchmark: least-cost accumulation (accumulateCost) against GRASS r.cost on the same random cost
// raster, 8 neighbours and knight's move, in the same run. GRASS's time is r.cost alone, measured
// inside the GRASS session (not the session start-up nor r.in.ascii / r.out.ascii); ours is the
// in-memory call. Run: npx tsx bench/terrain-analysis/least-cost-vs-grass.ts [size=1000]
// Prints seconds and the ratio ours / GRASS (goal ≤ 0.5).
import { accumulateCost } from '../../domain/terrain-analysis/accumulate-cost.ts';
import type { Neighbourhood } from '../../domain/terrain-analysis/types.ts';
import { grassAscii, runGrass } from '../../test/terrain-analysis/support/grass.ts';
import { seededRandom } from '../../test/terrain-raster/support/synthetic-dem.ts';

const size = Number(process.argv[2] ?? 1000);
const random = seededRandom(7);
const costs = new Float64Array(size * size);
for (let i = 0; i < costs.length; i++) costs[i] = Math.round(1 + random() * 9999) / 100;
const start = { col: Math.floor(size / 3), row: Math.floor(size / 2) };
const res = 30;

function grassSeconds(knightsMove: boolean): number {
  const script = [
    'r.in.ascii input=cost.asc output=cost type=DCELL --quiet',
    'g.region raster=cost',
    'date +%s.%N > seconds.txt',
    `r.cost ${knightsMove ? '-k ' : ''}input=cost output=acc --quiet ` +
      `start_coordinates=${(start.col + 0.5) * res},${(size - start.row - 0.5) * res}`,
    'date +%s.%N >> seconds.txt',
  ].join('\n');
  const input = grassAscii({ width: size, height: size, data: costs, ewRes: res, nsRes: res });
  const out = runGrass(script, { 'cost.asc': input }, ['seconds.txt']);
  const [begin, end] = out['seconds.txt'].trim().split('\n').map(Number);
  return end - begin;
}

function oursSeconds(neighbourhood: Neighbourhood): number {
  const raster = { width: size, height: size, data: costs, cellWidth: res, cellHeight: res };
  accumulateCost(raster, [start], neighbourhood); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    accumulateCost(raster, [start], neighbourhood);
    times.push((performance.now() - t0) / 1000);
  }
  return times.sort((a, b) => a - b)[1];
}

console.log(`least-cost accumulation on ${size} x ${size} (${((size * size) / 1e6).toFixed(2)} Mcells), one start`);
for (const neighbourhood of [8, 16] as Neighbourhood[]) {
  const grass = grassSeconds(neighbourhood === 16);
  const ours = oursSeconds(neighbourhood);
  const name = neighbourhood === 16 ? 'knight (16)' : 'king (8)   ';
  console.log(
    `  ${name}: ours ${ours.toFixed(3)} s, r.cost ${grass.toFixed(3)} s, ` +
      `ratio ours/GRASS ${(ours / grass).toFixed(2)}`,
  );
}
