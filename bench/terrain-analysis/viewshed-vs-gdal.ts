// Benchmark: viewshed (exact, R3 model) against gdal_viewshed (Wang et al., approximate) on the same
// DEM GeoTIFF, same observer, radius and curvature coefficient, in the same run. GDAL's time is the
// whole gdal_viewshed process (reading the GeoTIFF, writing the result); ours the in-memory call.
// Run: npx tsx bench/terrain-analysis/viewshed-vs-gdal.ts [size=2001] [radiusCells=1000]
// Prints the median seconds of 7 interleaved runs each and the ratio ours / GDAL (goal ≤ 1.5).
import { execFileSync } from 'node:child_process';
import { viewshed } from '../../domain/terrain-analysis/viewshed.ts';
import { tempDir } from '../../test/terrain-raster/support/gdal.ts';
import { gridOf, hills, seededRandom } from '../../test/terrain-raster/support/synthetic-dem.ts';
import { runGdalViewshed, writeDem, type ProjectedDem } from '../../test/terrain-analysis/support/gdal-viewshed.ts';

const size = Number(process.argv[2] ?? 2001);
const radiusCells = Number(process.argv[3] ?? 1000);
const cellSize = 30;
const work = tempDir('bench-viewshed');
const random = seededRandom(3);
const dem: ProjectedDem = {
  width: size,
  height: size,
  cellSize,
  originX: 600000,
  originY: 5200000,
  data: gridOf(size, size, 600000, 5200000, cellSize, -cellSize, (x, y) => hills(x, y, 0.33) + 2 * random()),
};
const demPath = writeDem(dem, work.dir);
const observer = { col: Math.floor(size / 2), row: Math.floor(size / 2) };
const options = { observerHeight: 10, targetHeight: 2, radius: radiusCells * cellSize, refraction: 4 / 3 };
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

execFileSync('gdalinfo', [demPath], { stdio: 'ignore' }); // warm the file cache
const raster = { ...dem, cellWidth: cellSize, cellHeight: cellSize };
viewshed(raster, observer, options.radius, options); // warm-up (JIT), as GDAL's code is compiled ahead
// Interleaved, so that load from other processes on the machine falls on both alike.
const runs = 7;
const gdalTimes: number[] = [];
const ourTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  let t0 = performance.now();
  runGdalViewshed(demPath, dem, observer, options, work.dir);
  gdalTimes.push((performance.now() - t0) / 1000);
  t0 = performance.now();
  viewshed(raster, observer, options.radius, options);
  ourTimes.push((performance.now() - t0) / 1000);
}
const ours = median(ourTimes),
  gdal = median(gdalTimes);
console.log(`viewshed on ${size} x ${size} (30 m cells), radius ${radiusCells} cells, observer 10 m, k = 4/3`);
console.log(
  `  ours ${ours.toFixed(3)} s, gdal_viewshed ${gdal.toFixed(3)} s, ` + `ratio ours/GDAL ${(ours / gdal).toFixed(2)}`,
);
work.remove();
