// A 10,000 km² terrain job on indexed real-format sources: elevation from a DEM mosaic of GeoTIFFs
// behind a geotiff-index: JSON index, roads from a generated OSM extract of at least 1 GB imported
// into indexed FlatGeobuf (`npm run import-source`); land cover and soil stay synthetic. Embedded
// mode (PGlite, in-process queue and phase threads), fresh tile store. Prints analysis_ready,
// display_ready (goals ≤ 60 s and ≤ 90 s) and the process's peak RSS (goal ≤ 1 GB); the extract is
// generated and imported in child processes, so their memory is not counted. Deletes what it made.
// Usage: npx tsx bench/terrain-sources/prepare-10000-km2-indexed.ts [--extract-mb=1000] [--dir=/tmp/k-scale] [--keep]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, startTestService } from '../../test/support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary } from '../../test/support/terrain-flow.ts';
import { writeRaster } from '../../test/terrain-raster/support/gdal.ts';
import { gridOf, hills } from '../../test/terrain-raster/support/synthetic-dem.ts';
import { fmt } from '../support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const extractMb = Number(arg('extract-mb') ?? 1000);
const dir = arg('dir') ?? '/tmp/k-scale';
const keep = process.argv.includes('--keep');
const tsx = (script: string, args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();

// 100 km × 100 km at 50°N around 10°E: 1.398° of longitude × 0.899° of latitude.
const [cx, cy, dx, dy] = [10, 50, 1.398 / 2, 0.899 / 2];
mkdirSync(join(dir, 'dem'), { recursive: true });
try {
  // DEM mosaic: 0.5° × 0.5° GeoTIFFs at 3 arc-seconds over 9-11°E, 49.5-50.5°N.
  const res = 1 / 1200;
  for (let lon = 9; lon < 11; lon += 0.5) {
    for (let lat = 49.5; lat < 50.5; lat += 0.5) {
      writeRaster(join(dir, 'dem', `dem_${lon}_${lat}.tif`), {
        width: 600,
        height: 600,
        type: 'Float32',
        srs: 'EPSG:4326',
        nodata: -9999,
        data: gridOf(600, 600, lon, lat + 0.5, res, -res, (x, y) => 300 + hills(x * 71000, y * 111000)),
        geoTransform: [lon, res, 0, lat + 0.5, 0, -res],
        creationOptions: ['TILED=YES', 'COMPRESS=DEFLATE'],
      });
    }
  }
  const pbf = join(dir, 'extract.osm.pbf');
  console.log(tsx('bench/support/generate-osm-extract.ts', [pbf, String(extractMb), String(cx), String(cy)]).trim());
  const t = performance.now();
  const settings = tsx('entrypoints/import-source.ts', [
    '--osm',
    pbf,
    '--rasters',
    join(dir, 'dem'),
    '--dataset',
    'elevation',
    '--out',
    join(dir, 'imported'),
  ]);
  console.log(
    `import-source: ${fmt((performance.now() - t) / 1000, 1)} s (extract ${fmt(statSync(pbf).size / 1e6, 0)} MB)`,
  );
  if (!keep) rmSync(pbf, { force: true });
  const env = Object.fromEntries(
    settings
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  console.log(
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );

  const svc = await startTestService('pglite', env);
  try {
    const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(cx - dx, cy - dy, cx + dx, cy + dy));
    const rssBefore = process.resourceUsage().maxRSS / 1024;
    const started = performance.now();
    const jobId = await requestJob(svc, mapId, boundary);
    let analysis = Number.NaN;
    for (;;) {
      const job = (await http(svc.url, 'GET', `/api/terrain-analysis/jobs/${jobId}`, { key: svc.key })).body;
      if (job.analysis_ready && Number.isNaN(analysis)) analysis = (performance.now() - started) / 1000;
      if (['success', 'failed', 'cancelled'].includes(job.status)) {
        const display = (performance.now() - started) / 1000;
        const tiles = job.phases.find((p: { id: string }) => p.id === 'terrain_source_artifacts').counts.total;
        if (job.status !== 'success') throw new Error(`job ${job.status}: ${JSON.stringify(job)}`);
        console.log(
          `10,000 km² (${tiles} work tiles): analysis_ready ${fmt(analysis, 1)} s (goal ≤ 60), ` +
            `display_ready ${fmt(display, 1)} s (goal ≤ 90), peak RSS ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB ` +
            `(goal ≤ 1024; ${fmt(rssBefore, 0)} MB before the job)`,
        );
        console.log(
          `warnings: ${job.warnings.map((w: { code: string; dataset: string | null }) => `${w.code}:${w.dataset}`).join(', ')}`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await svc.close();
  }
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
