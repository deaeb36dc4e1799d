// Does a job's source phase grow with the OSM extract? For each extract size: a synthetic extract
// of that size (bench/support/generate-osm-extract.ts: a bigger extract is a bigger country of the
// same density, centred on 10°E 50°N), `npm run import-source` into indexed FlatGeobuf, then the
// road_artifacts and buildings_artifacts phases of a 10 km × 10 km job at the centre, read from
// the imported files into a fresh tile store. The phase time must stay flat from 10 MB to 1 GB.
// Generated files are deleted at the end (--keep keeps them in --dir).
// Usage: npx tsx bench/terrain-sources/source-phase-vs-extract-size.ts [--sizes=10,1000] [--dir=/tmp/k-sources] [--keep]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workTilesForArea } from '../../domain/terrain/work-tiles-for-area.ts';
import type { AreaPolygon } from '../../domain/terrain/types.ts';
import { createFsBlobStore } from '../../infra/blob-store/create-fs-blob-store.ts';
import { runTerrainPhase } from '../../workers/terrain/run-terrain-phase.ts';
import { sourceProvidersFromEnv } from '../../workers/terrain/sources/create-source-provider.ts';
import { generateOsmExtract } from '../support/generate-osm-extract.ts';
import { fmt } from '../support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const sizes = (arg('sizes') ?? '10,1000').split(',').map(Number);
const dir = arg('dir') ?? '/tmp/k-sources';
const keep = process.argv.includes('--keep');

// 10 km × 10 km at 50°N: 0.1398° of longitude × 0.0899° of latitude around 10°E 50°N.
const [cx, cy, dx, dy] = [10, 50, 0.1398 / 2, 0.0899 / 2];
const area: AreaPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [cx - dx, cy - dy],
      [cx + dx, cy - dy],
      [cx + dx, cy + dy],
      [cx - dx, cy + dy],
      [cx - dx, cy - dy],
    ],
  ],
};
const tiles = workTilesForArea(area);

mkdirSync(dir, { recursive: true });
console.log(`job: 100 km² at ${cx}°E ${cy}°N, ${tiles.length} work tiles; roads and buildings from indexed FlatGeobuf`);
console.log(
  'extract MB  generate s  import s  roads.fgb MB  buildings.fgb MB  road_artifacts s  buildings_artifacts s',
);
try {
  for (const size of sizes) {
    const pbf = join(dir, `extract-${size}mb.osm.pbf`);
    const out = join(dir, `imported-${size}mb`);
    let t = performance.now();
    const { bytes } = generateOsmExtract(pbf, size * 1e6, [cx, cy]);
    const generated = (performance.now() - t) / 1000;
    t = performance.now();
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'entrypoints/import-source.ts'), '--osm', pbf, '--out', out],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const imported = (performance.now() - t) / 1000;
    const roads = join(out, 'roads.fgb');
    const buildings = join(out, 'buildings.fgb');
    const providers = sourceProvidersFromEnv({
      ROADS_SOURCE: `flatgeobuf:${roads}`,
      BUILDINGS_SOURCE: `flatgeobuf:${buildings}`,
    });
    const phase = async (id: 'road_artifacts' | 'buildings_artifacts') => {
      const store = join(dir, `store-${size}-${id}`);
      rmSync(store, { recursive: true, force: true });
      const started = performance.now();
      const result = await runTerrainPhase({
        phase: id,
        area,
        tiles,
        includePopulation: false,
        includeBuildings: true,
        providers,
        store: createFsBlobStore(store),
        concurrency: 2,
      });
      const seconds = (performance.now() - started) / 1000;
      rmSync(store, { recursive: true, force: true });
      if (result.status !== 'complete') throw new Error(`${id} ${result.status}: ${JSON.stringify(result.error)}`);
      return seconds;
    };
    const [roadSeconds, buildingSeconds] = [await phase('road_artifacts'), await phase('buildings_artifacts')];
    console.log(
      `${fmt(bytes / 1e6, 1).padStart(10)}  ${fmt(generated, 1).padStart(10)}  ${fmt(imported, 1).padStart(8)}  ` +
        `${fmt(statSync(roads).size / 1e6, 1).padStart(12)}  ${fmt(statSync(buildings).size / 1e6, 1).padStart(16)}  ` +
        `${fmt(roadSeconds, 2).padStart(16)}  ${fmt(buildingSeconds, 2).padStart(20)}`,
    );
    if (!keep) rmSync(pbf, { force: true });
  }
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
