// Benchmark: rfCoverage (ITM along radials, this repository) against SPLAT! 1.4.2's path-loss map
// in Longley–Rice mode (splat -L -olditm) for the same transmitter on the same terrain, same run.
// The terrain is an SRTM-3 tile of the comparison test (synthetic smooth hills, or with `rough` the
// fractal relief of about 970 m, warped to EPSG:4326, read by SPLAT! as .sdf and by us as the .hgt);
// our cells are its 3″ cells in ground metres.
// SPLAT!'s time is the whole process (reading the .sdf, writing its .ppm map); ours the in-memory call.
// Run: npx tsx bench/terrain-analysis/rf-coverage-vs-splat.ts [radiusKm=20] [runs=3] [hills|rough]
// Prints the median wall and CPU seconds of interleaved runs and the ratios ours / SPLAT! (goal ≤ 1).
// CPU time (user + system; SPLAT!'s from /proc/self/stat's children times) is the steadier figure
// when other processes load the machine.
import { rfCoverage } from '../../domain/terrain-analysis/rf-coverage.ts';
import type { GroundRaster } from '../../domain/terrain-analysis/types.ts';
import { writeDem } from '../../test/terrain-analysis/support/gdal-viewshed.ts';
import { fractalRelief } from '../../test/terrain-analysis/support/rough-dem.ts';
import {
  SPLAT_EARTH_RADIUS_M,
  SRTM3_PER_DEGREE,
  splatCoverageMillis,
  writeSrtmTile,
  type SplatRadio,
} from '../../test/terrain-analysis/support/splat.ts';
import { tempDir } from '../../test/terrain-raster/support/gdal.ts';
import { gridOf, hills } from '../../test/terrain-raster/support/synthetic-dem.ts';

const radiusKm = Number(process.argv[2] ?? 20);
const runs = Number(process.argv[3] ?? 3);
const terrain = process.argv[4] ?? 'hills';
if (terrain !== 'hills' && terrain !== 'rough') throw new Error(`terrain must be hills or rough, got ${terrain}`);
const work = tempDir('bench-rf');
const cellSize = 90,
  originX = 506000,
  originY = 5182000,
  size = 712;
const elevation = terrain === 'rough' ? fractalRelief(7) : (x: number, y: number) => hills(x, y, 1);
const data = gridOf(size, size, originX, originY, cellSize, -cellSize, elevation);
const tile = writeSrtmTile(
  writeDem({ width: size, height: size, data, cellSize, originX, originY }, work.dir),
  46,
  9,
  work.dir,
);
const txLat = 46.5,
  txLon = 9.5;
const metresPerDegree = (SPLAT_EARTH_RADIUS_M * Math.PI) / 180;
const dem: GroundRaster = {
  width: 1201,
  height: 1201,
  data: tile.data,
  cellHeight: metresPerDegree / SRTM3_PER_DEGREE,
  cellWidth: (metresPerDegree / SRTM3_PER_DEGREE) * Math.cos((txLat * Math.PI) / 180),
};
const radio: SplatRadio = {
  permittivity: 15,
  conductivity: 0.005,
  refractivity: 301,
  frequencyMhz: 450,
  climate: 5,
  polarization: 'vertical',
  situations: 0.5,
  time: 0.5,
};
const emitter = {
  cell: { col: (txLon - tile.lon) * SRTM3_PER_DEGREE, row: (tile.lat + 1 - txLat) * SRTM3_PER_DEGREE },
  antennaHeight: 30,
  frequencyMhz: 450,
  transmitPowerDbm: 40,
  antennaGainDbi: 0,
};
const receiver = { antennaHeight: 2, antennaGainDbi: 0, sensitivityDbm: -100 };
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

rfCoverage(dem, emitter, receiver, { radiusMetres: 2000 }); // warm-up (JIT), as SPLAT! is compiled ahead
const splatTimes: number[] = [],
  splatCpu: number[] = [];
const ourTimes: number[] = [],
  ourCpu: number[] = [];
let cells = 0;
// Interleaved, so that load from other processes on the machine falls on both alike.
for (let i = 0; i < runs; i++) {
  const splatRun = splatCoverageMillis(
    work.dir,
    tile.sdfDir,
    { name: 'tx', lat: txLat, lon: txLon, height: 30 },
    2,
    radiusKm,
    radio,
  );
  splatTimes.push(splatRun.wall / 1000);
  splatCpu.push(splatRun.cpu / 1000);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  cells = rfCoverage(dem, emitter, receiver, { radiusMetres: radiusKm * 1000 }).statistics.cellsComputed;
  ourTimes.push((performance.now() - t0) / 1000);
  const cpu = process.cpuUsage(cpu0);
  ourCpu.push((cpu.user + cpu.system) / 1e6);
}
const ours = median(ourTimes),
  splat = median(splatTimes);
const oursCpu = median(ourCpu),
  splatCpuTime = median(splatCpu);
const cellSizes = `${dem.cellWidth.toFixed(1)} x ${dem.cellHeight.toFixed(1)} m`;
console.log(
  `RF coverage, ${terrain} terrain, ${radiusKm} km radius, 3″ cells (${cellSizes}), ` +
    `${cells} cells, 450 MHz, tx 30 m, rx 2 m`,
);
console.log(
  `  wall: ours ${ours.toFixed(3)} s, splat -olditm ${splat.toFixed(3)} s, ` +
    `ratio ours/SPLAT ${(ours / splat).toFixed(2)}`,
);
console.log(
  `  CPU:  ours ${oursCpu.toFixed(3)} s, splat -olditm ${splatCpuTime.toFixed(3)} s, ` +
    `ratio ours/SPLAT ${(oursCpu / splatCpuTime).toFixed(2)}`,
);
work.remove();
