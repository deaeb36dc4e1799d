// Builds every product of a 100 km² area (10 x 10 km around a synthetic town in southern Finland)
// into a filesystem blob store, once from the synthetic source and once with elevation from a
// GeoTIFF (generated here with GDAL from the synthetic relief, read by the geotiff provider), each
// in a fresh child process so that peak RSS belongs to one run. Then: a second (cached) run, and
// MVT encoding throughput. Run: npx tsx bench/terrain-vector/build-area-products.bench.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Polygon } from 'geojson';
import { buildAreaProducts } from '../../workers/terrain/build-area-products/build-area-products.ts';
import { createFsBlobStore } from '../../infra/blob-store/create-fs-blob-store.ts';
import { createSourceProvider } from '../../workers/terrain/sources/create-source-provider.ts';
import { syntheticRelief } from '../../workers/terrain/sources/synthetic/synthetic-relief.ts';
import { DATASET_NAMES, type DatasetName } from '../../domain/terrain/types.ts';
import type { SourceProvider } from '../../workers/terrain/sources/source-provider.ts';

const LON = 25.0,
  LAT = 60.0;
const HALF_LAT = 5000 / 111_320;
const HALF_LON = 5000 / (111_320 * Math.cos((LAT * Math.PI) / 180));
const AREA: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [LON - HALF_LON, LAT - HALF_LAT],
      [LON + HALF_LON, LAT - HALF_LAT],
      [LON + HALF_LON, LAT + HALF_LAT],
      [LON - HALF_LON, LAT + HALF_LAT],
      [LON - HALF_LON, LAT - HALF_LAT],
    ],
  ],
};

function writeGeoTiff(dir: string): string {
  // 1 arc-second-ish grid (0.0003°) over the area plus a margin, Float32, from the synthetic relief.
  const step = 0.0003,
    margin = 0.05;
  const west = LON - HALF_LON - margin,
    north = LAT + HALF_LAT + margin;
  const cols = Math.ceil((2 * (HALF_LON + margin)) / step),
    rows = Math.ceil((2 * (HALF_LAT + margin)) / step);
  const data = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      data[r * cols + c] = syntheticRelief(west + (c + 0.5) * step, north - (r + 0.5) * step).elevation;
  const raw = join(dir, 'dem.bil');
  writeFileSync(raw, Buffer.from(data.buffer));
  writeFileSync(
    join(dir, 'dem.hdr'),
    `ENVI\nsamples = ${cols}\nlines = ${rows}\nbands = 1\nheader offset = 0\nfile type = ENVI Standard\ndata type = 4\ninterleave = bsq\nbyte order = 0\nmap info = {Geographic Lat/Lon, 1, 1, ${west}, ${north}, ${step}, ${step}, WGS-84}\n`,
  );
  const tif = join(dir, 'dem.tif');
  execFileSync('gdal_translate', [
    '-q',
    '-of',
    'GTiff',
    '-a_srs',
    'EPSG:4326',
    '-co',
    'TILED=YES',
    '-co',
    'COMPRESS=DEFLATE',
    raw,
    tif,
  ]);
  return tif;
}

async function child(mode: 'synthetic' | 'geotiff', dir: string): Promise<void> {
  const providers = Object.fromEntries(DATASET_NAMES.map((d) => [d, createSourceProvider(d, 'synthetic')])) as Record<
    DatasetName,
    SourceProvider
  >;
  if (mode === 'geotiff') providers.elevation = createSourceProvider('elevation', `geotiff:${join(dir, 'dem.tif')}`);
  const store = createFsBlobStore(join(dir, `store-${mode}`));
  const runs: Array<{ seconds: number; statuses: string }> = [];
  for (let run = 0; run < 2; run++) {
    const started = performance.now();
    const { tiles, phases } = await buildAreaProducts(AREA, providers, store);
    runs.push({
      seconds: (performance.now() - started) / 1000,
      statuses: phases.map((p) => `${p.phase}=${p.status}`).join(' '),
    });
    if (run === 0) console.log(`${mode}: ${tiles.length} work tiles`);
  }
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${mode}: first run ${runs[0].seconds.toFixed(1)} s, cached run ${runs[1].seconds.toFixed(2)} s, peak RSS ${rssMiB.toFixed(0)} MiB`,
  );
  console.log(`${mode}: first run  ${runs[0].statuses}`);
  console.log(`${mode}: second run ${runs[1].statuses}`);
}

const [, , role, mode, dir] = process.argv;
if (role === 'child') {
  await child(mode as 'synthetic' | 'geotiff', dir);
} else {
  const work = mkdtempSync(join(tmpdir(), 'bench-terrain-vector-'));
  try {
    const t = performance.now();
    writeGeoTiff(work);
    console.log(`GeoTIFF written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    for (const m of ['synthetic', 'geotiff']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', m, work], {
        stdio: 'inherit',
      });
      if (r.status !== 0) process.exitCode = 1;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
