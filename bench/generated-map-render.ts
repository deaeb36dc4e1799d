// Speed and memory of the generated map assets (issue 14, README "Generated maps"), against GDAL in
// the same run. One embedded service (PGlite, in-process workers, synthetic sources) prepares a
// ~4 km × 3 km map with a terrain job (the area of test/api/generated-maps.test.ts); then:
//  1. trigger → GeneratedMapCreated: from the terrain job's last event to each terrain asset's event
//     (one cold run, as the dispatcher and worker do it: queue, hash check, one task for the four maps
//     sharing one relief read);
//  2. the worker's drawing of the area overview and of the wheeled MCOO, forced (no hash check): the
//     same readers and compositions the worker's compose step calls (relief + land cover from the
//     display tiles, roads and mobility from the work artifacts), then renderMapPng — median of N runs,
//     split read + compose / render, with the peak RSS and heap (+ external) rise over the run's start
//     (the title block is the bench's own — the worker's is private — so the bytes differ a little);
//  3. the baseline on the same ground and pixel size: the same elevation display tiles decoded into a
//     GeoTIFF (Web Mercator, written before timing), then gdal_translate (crop + bilinear to the face's
//     width × height), gdaldem hillshade (sun 315°/45°, true ground spacing via -s), gdaldem
//     color-relief, and gdal_translate -of PNG of both — five processes, each timed with
//     /usr/bin/time for its peak RSS. GDAL draws no land cover, vectors, grid or marginalia.
// Usage: npm run bench:generated-maps [-- --runs=5]   (or npx tsx bench/generated-map-render.ts)
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MapComposition, MapFrame, TitleBlock } from '../domain/cartography/map-composition.ts';
import { framePixelMercator } from '../domain/generated-map/frame-pixel-mercator.ts';
import { generatedMapIdOf, generatedMapStream } from '../domain/generated-map/generated-map-events.ts';
import { TERRAIN_ASSET_PATHS } from '../domain/generated-map/generated-map-vocabulary.ts';
import { mapFrameForArea } from '../domain/generated-map/map-frame-for-area.ts';
import { areaOverviewComposition, mcooComposition } from '../domain/generated-map/map-compositions.ts';
import { mosaicForFrame } from '../domain/generated-map/mosaic-for-frame.ts';
import { mosaicTiles } from '../domain/generated-map/mosaic-tiles.ts';
import { mosaicZoomForFrame } from '../domain/generated-map/mosaic-zoom-for-frame.ts';
import { decodeElevationRgba } from '../domain/terrain/decode-elevation-rgba.ts';
import { displayTileKey } from '../domain/terrain/display-tile-key.ts';
import { MERCATOR_HALF_WORLD_M, TILE_SIZE } from '../domain/terrain/work-grid.ts';
import { terrainJobStream } from '../domain/terrain-job/terrain-job-events.ts';
import type { BlobStore } from '../infra/blob-store/blob-store.ts';
import { tempDir, writeRaster } from '../test/terrain-raster/support/gdal.ts';
import { http, startTestService } from '../test/support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../test/support/terrain-flow.ts';
import { readFrameMobility } from '../workers/generated-maps/read-frame-mobility.ts';
import { readFrameRoads } from '../workers/generated-maps/read-frame-roads.ts';
import { readReliefAndLandCover } from '../workers/generated-maps/read-relief-and-land-cover.ts';
import { renderMapPng } from '../workers/generated-maps/rendering/render-map-png.ts';
import { readRgbaPng } from '../workers/terrain/products/raster/read-rgba-png.ts';
import { fmt, numberArg } from './support.ts';

const RUNS = numberArg('runs', 5);
// About 4 km × 3 km south of Helsinki (sea, forest, roads in the synthetic world): four work tiles.
const AREA = [24.93, 60.15, 25.0, 60.18] as const;
const MB = 1024 * 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Measured<T> {
  ms: number;
  rssRiseMb: number;
  heapRiseMb: number;
  result: T;
}

/**
 * Median wall time of `fn` over RUNS runs after one warm-up; the memory rise is the largest over the
 * runs of (peak sampled every 5 ms, and at the end) − (value after a full GC at the run's start).
 */
async function measure<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  await fn();
  const samples: number[] = [];
  let rssRise = 0,
    heapRise = 0,
    result!: T;
  for (let i = 0; i < RUNS; i++) {
    gc();
    const start = process.memoryUsage();
    let peakRss = start.rss,
      peakHeap = start.heapUsed + start.external;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
    };
    const sampler = setInterval(sample, 5);
    const t0 = performance.now();
    result = await fn();
    samples.push(performance.now() - t0);
    clearInterval(sampler);
    sample();
    rssRise = Math.max(rssRise, peakRss - start.rss);
    heapRise = Math.max(heapRise, peakHeap - start.heapUsed - start.external);
  }
  return { ms: median(samples), rssRiseMb: rssRise / MB, heapRiseMb: heapRise / MB, result };
}

/** The frame's elevation display tiles (the ones the relief is shaded from) as one Web Mercator GeoTIFF. */
async function writeElevationMosaic(blobStore: BlobStore, frame: MapFrame, fingerprint: string, path: string) {
  const mosaic = mosaicForFrame(frame, mosaicZoomForFrame(frame));
  const width = mosaic.tilesWide * TILE_SIZE,
    height = mosaic.tilesHigh * TILE_SIZE;
  const data = new Float32Array(width * height).fill(-9999);
  for (const tile of mosaicTiles(mosaic)) {
    const bytes = await blobStore.get(displayTileKey('svc-native--terrain-elevation', fingerprint, tile));
    if (!bytes || bytes.length === 0) continue;
    const values = decodeElevationRgba(readRgbaPng(bytes).rgba);
    const ox = (tile.x - mosaic.tileX) * TILE_SIZE,
      oy = (tile.y - mosaic.tileY) * TILE_SIZE;
    for (let r = 0; r < TILE_SIZE; r++) {
      for (let c = 0; c < TILE_SIZE; c++) {
        const v = values[r * TILE_SIZE + c]!;
        if (Number.isFinite(v)) data[(oy + r) * width + ox + c] = v;
      }
    }
  }
  const cell = (2 * MERCATOR_HALF_WORLD_M) / (TILE_SIZE * 2 ** mosaic.zoom);
  const originX = -MERCATOR_HALF_WORLD_M + mosaic.tileX * TILE_SIZE * cell;
  const originY = MERCATOR_HALF_WORLD_M - mosaic.tileY * TILE_SIZE * cell;
  writeRaster(path, {
    width,
    height,
    data,
    type: 'Float32',
    srs: 'EPSG:3857',
    nodata: -9999,
    geoTransform: [originX, cell, 0, originY, 0, -cell],
  });
  return { zoom: mosaic.zoom, width, height };
}

/** Runs a GDAL command under /usr/bin/time; answers its peak RSS in MB. */
function gdal(dir: string, command: string, args: string[]): number {
  const rssFile = join(dir, 'rss.txt');
  execFileSync('/usr/bin/time', ['-f', '%M', '-o', rssFile, command, ...args, '-q'], { stdio: 'pipe' });
  return Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1)) / 1024;
}

const svc = await startTestService('pglite', { GENERATED_MAPS: 'true' });
const work = tempDir('bench-generated-maps');
try {
  // ── Prepare the map: a terrain job on the synthetic sources, then the service's own rendering ──
  const prepStart = performance.now();
  const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(...AREA));
  const jobId = await requestJob(svc, mapId, boundary);
  if ((await pollJob(svc, jobId)).at(-1).status !== 'success') throw new Error(`terrain job ${jobId} failed`);
  const prepMs = performance.now() - prepStart;
  for (let i = 0; ; i++) {
    const r = await http(svc.url, 'GET', `/api/operations/${operationId}/generated-maps/`, { key: svc.key });
    if (r.body.items.length >= TERRAIN_ASSET_PATHS.length) break;
    if (i > 1200) throw new Error('the terrain assets were not drawn within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { store, blobStore, db } = svc.service;
  const jobEnd = Date.parse((await store.readStream(terrainJobStream(jobId))).at(-1)!.metadata.occurred_at);
  const created = await Promise.all(
    TERRAIN_ASSET_PATHS.map(async (path) => {
      const [event] = await store.readStream(generatedMapStream(generatedMapIdOf(operationId, path)));
      return { path, ms: Date.parse(event!.metadata.occurred_at) - jobEnd, size: (event!.data as any).size as number };
    }),
  );

  // ── The worker's compose + render, forced ──
  const row = await db.knex('terrain_jobs').where({ job_id: jobId }).first();
  const job = typeof row.state === 'string' ? JSON.parse(row.state) : row.state;
  const providers = job.source_providers as Record<string, { fingerprint: string; description: string }>;
  const fp = { elevation: providers.elevation!.fingerprint, land_cover: providers.land_cover!.fingerprint };
  const roadsFp = providers.roads!.fingerprint;
  const frame = mapFrameForArea([...AREA]);
  const area = (boundary as { features: any[] }).features;
  const title = (text: string): TitleBlock => ({
    title: text,
    operation: 'Terrain op',
    map: 'AO map',
    date_time_group: '240001ZNOV26',
    sources: ['elevation', 'land_cover', 'roads'].map((d) => `${d}: ${providers[d]!.description}`),
    synthetic: true,
  });
  const composeOverview = async (): Promise<MapComposition> => {
    const relief = await readReliefAndLandCover(blobStore, frame, fp);
    const roads = await readFrameRoads(blobStore, frame, roadsFp, job.work_tiles);
    const base = { frame, title: title('Area overview'), area, shade: relief.shade };
    return areaOverviewComposition(base, relief.landCover, roads);
  };
  const composeMcoo = async (): Promise<MapComposition> => {
    const relief = await readReliefAndLandCover(blobStore, frame, fp);
    const sources = { ...fp, roads: roadsFp };
    const mobility = await readFrameMobility(blobStore, frame, sources, job.work_tiles, 'wheeled');
    const roads = await readFrameRoads(blobStore, frame, roadsFp, job.work_tiles);
    const base = { frame, title: title('MCOO — wheeled vehicles'), area, shade: relief.shade };
    return mcooComposition(base, mobility, relief.landCover, roads);
  };
  const ours = {} as Record<
    'overview' | 'mcoo',
    {
      compose: Measured<MapComposition>;
      render: Measured<Buffer>;
      total: Measured<Buffer>;
    }
  >;
  for (const [name, compose] of [
    ['overview', composeOverview],
    ['mcoo', composeMcoo],
  ] as const) {
    const composition = await compose();
    ours[name] = {
      compose: await measure(compose),
      render: await measure(() => renderMapPng(composition)),
      total: await measure(async () => renderMapPng(await compose())),
    };
    writeFileSync(join(work.dir, `${name}.png`), ours[name].total.result);
  }

  // ── GDAL on the same ground and pixel size ──
  const dem = join(work.dir, 'mosaic-dem.tif');
  const mosaic = await writeElevationMosaic(blobStore, frame, fp.elevation, dem);
  const m = framePixelMercator(frame);
  const projwin = [m.minX, m.maxY, m.minX + m.pixelX * frame.width, m.maxY - m.pixelY * frame.height].map(String);
  const centreLat = (frame.bbox[1] + frame.bbox[3]) / 2;
  const groundScale = String(Math.cos((centreLat * Math.PI) / 180)); // mercator metres × cos φ = ground metres
  const ramp = join(work.dir, 'ramp.txt');
  writeFileSync(ramp, 'nv 0 0 0 0\n0% 60 120 60\n50% 210 190 120\n100% 250 250 250\n');
  const out = (file: string) => join(work.dir, file);
  const steps: Array<[string, string[]]> = [
    [
      'gdal_translate',
      [
        '-projwin',
        ...projwin,
        '-outsize',
        String(frame.width),
        String(frame.height),
        '-r',
        'bilinear',
        dem,
        out('frame-dem.tif'),
      ],
    ],
    [
      'gdaldem',
      [
        'hillshade',
        '-compute_edges',
        '-az',
        '315',
        '-alt',
        '45',
        '-s',
        groundScale,
        out('frame-dem.tif'),
        out('hillshade.tif'),
      ],
    ],
    ['gdaldem', ['color-relief', '-alpha', out('frame-dem.tif'), ramp, out('color-relief.tif')]],
    ['gdal_translate', ['-of', 'PNG', out('hillshade.tif'), out('hillshade.png')]],
    ['gdal_translate', ['-of', 'PNG', out('color-relief.tif'), out('color-relief.png')]],
  ];
  let gdalPeakMb = 0;
  const gdalRun = await measure(async () => {
    for (const [command, args] of steps) gdalPeakMb = Math.max(gdalPeakMb, gdal(work.dir, command, args));
    return null;
  });
  const gdalShadeOnly = await measure(async () => {
    for (const i of [0, 1, 3]) gdal(work.dir, ...steps[i]!);
    return null;
  });
  // What a GDAL process costs before any work (start, driver registration): five of them per chain.
  const gdalStart = await measure(async () => {
    execFileSync('gdal_translate', ['--version'], { stdio: 'pipe' });
    return null;
  });

  // ── Report ──
  const pngSize = (path: string) => statSync(path).size;
  const dims = (png: Buffer) => `${png.readUInt32BE(16)} × ${png.readUInt32BE(20)}`;
  const groundM = (m.pixelX * Math.cos((centreLat * Math.PI) / 180)).toFixed(2);
  console.log(
    `generated maps of a ${AREA.join(', ')} area (synthetic sources, PGlite, embedded workers); ` +
      `median of ${RUNS} runs after a warm-up; load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    `terrain job (prepare): ${fmt(prepMs)} ms; face ${frame.width} × ${frame.height} px, ` +
      `${groundM} m of ground per pixel; relief read at display zoom ${mosaic.zoom} ` +
      `(${mosaic.width} × ${mosaic.height} px mosaic)`,
  );
  console.log("\ntrigger → GeneratedMapCreated (terrain job's last event → the asset's event; one task, in order):");
  for (const c of created) console.log(`  ${c.path.padEnd(20)} ${fmt(c.ms).padStart(7)} ms  ${fmt(c.size)} bytes`);
  const line = (label: string, r: Measured<unknown>) =>
    console.log(
      `  ${label.padEnd(52)} ${fmt(r.ms).padStart(6)} ms` +
        `  RSS +${fmt(r.rssRiseMb, 1).padStart(6)} MB  heap+external +${fmt(r.heapRiseMb, 1).padStart(6)} MB`,
    );
  console.log('\nservice, forced redraw (no hash check):');
  for (const name of ['overview', 'mcoo'] as const) {
    const label = name === 'overview' ? 'area overview' : 'MCOO wheeled';
    line(`${label}: read tiles + compose`, ours[name].compose);
    line(`${label}: renderMapPng (sharp)`, ours[name].render);
    line(`${label}: total`, ours[name].total);
    console.log(`    PNG ${dims(ours[name].total.result)} px, ${fmt(ours[name].total.result.length)} bytes`);
  }
  console.log('\nGDAL, same ground and pixel size (processes; the DEM GeoTIFF of the same tiles written before):');
  line('crop+resample, hillshade, color-relief, 2 PNGs', gdalRun);
  console.log(
    `    peak RSS of one GDAL process ${fmt(gdalPeakMb, 1)} MB; hillshade.png ` +
      `${fmt(pngSize(out('hillshade.png')))} bytes, color-relief.png ${fmt(pngSize(out('color-relief.png')))} bytes ` +
      `(${frame.width} × ${frame.height} px)`,
  );
  line('crop+resample, hillshade, 1 PNG', gdalShadeOnly);
  line('one process doing nothing (gdal_translate --version)', gdalStart);
  console.log('\nratios (service time / GDAL time; > 1 = slower than GDAL):');
  for (const name of ['overview', 'mcoo'] as const) {
    const t = ours[name].total.ms,
      r = ours[name].render.ms;
    console.log(
      `  ${name.padEnd(9)} total / GDAL full chain ${(t / gdalRun.ms).toFixed(2)}  ` +
        `total / GDAL hillshade only ${(t / gdalShadeOnly.ms).toFixed(2)}  render only / GDAL full chain ` +
        `${(r / gdalRun.ms).toFixed(2)}`,
    );
  }
  console.log(`process peak RSS (includes the terrain job): ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB`);
} finally {
  work.remove();
  await svc.close();
}
