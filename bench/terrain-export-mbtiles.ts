// Time to export a 100 km² operation's prepared terrain as MBTiles (issue 27, README "Exports"),
// against the same tiles fetched one by one over OGC API Tiles in the same run (what a client would
// do without the export). One embedded service (PGlite, in-process workers, synthetic sources)
// prepares a 10 km × 10 km area 40 km north of Helsinki with a terrain job; then, N runs each:
//  1. GET /api/operations/{id}/exports/terrain.mbtiles (elevation, zooms 8–12) — the whole package;
//  2. baseline: GET every tile of the package from /api/ogc/tiles/... in sequence, as a client would.
// Prints the median of each, the tiles and bytes, and the ratio. Needs an idle machine.
// Usage: npx tsx bench/terrain-export-mbtiles.ts [--runs=5]
import { terrainExportTiles } from '../domain/exports/terrain-export-tiles.ts';
import type { AreaPolygon } from '../domain/terrain/types.ts';
import { startTestService } from '../test/support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../test/support/terrain-flow.ts';
import { fmt, numberArg } from './support.ts';

const RUNS = numberArg('runs', 5);
// 10 km north–south (0.09°) × 10 km east–west at 60.5° N (0.1827°): 100 km².
const AREA = [24.9, 60.5, 25.0827, 60.59] as const;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const svc = await startTestService('pglite');
try {
  const boundary = squareBoundary(...AREA);
  const { operationId, mapId, boundary: stored } = await mapWithBoundary(svc, boundary);
  const prepared = Date.now();
  const job = await pollJob(svc, await requestJob(svc, mapId, stored), 900_000);
  if (job.at(-1).status !== 'success') throw new Error(`terrain job: ${JSON.stringify(job.at(-1))}`);
  console.log(`terrain job over 100 km²: ${fmt((Date.now() - prepared) / 1000, 1)} s`);

  const headers = { authorization: `Bearer ${svc.key}` };
  const exportUrl = `${svc.url}/api/operations/${operationId}/exports/terrain.mbtiles`;
  const tiles = terrainExportTiles([boundary.features[0]!.geometry as AreaPolygon], 8, 12);
  const exportMs: number[] = [];
  const tilesMs: number[] = [];
  let bytes = 0;
  let included = 0;
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const response = await fetch(exportUrl, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`export: ${response.status} ${body.toString()}`);
    exportMs.push(performance.now() - t);
    bytes = body.length;
    included = Number(response.headers.get('x-tiles-included'));

    t = performance.now();
    for (const tile of tiles) {
      const r = await fetch(
        `${svc.url}/api/ogc/tiles/collections/svc-native--terrain-elevation/tiles/WebMercatorQuad/${tile.z}/${tile.y}/${tile.x}.png`,
        { headers },
      );
      await r.arrayBuffer();
    }
    tilesMs.push(performance.now() - t);
  }
  const e = median(exportMs);
  const b = median(tilesMs);
  console.log(`tiles in the package: ${included} of ${tiles.length} touched (zooms 8–12), ${fmt(bytes / 1024)} kB`);
  console.log(`export terrain.mbtiles, median of ${RUNS}: ${fmt(e, 1)} ms`);
  console.log(`baseline, the same tiles one by one over OGC API Tiles: ${fmt(b, 1)} ms`);
  console.log(`ratio export / baseline: ${fmt(e / b, 2)}`);
} finally {
  await svc.close();
}
