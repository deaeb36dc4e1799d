// `npm run import-source -- --out <dir> [--osm <extract.osm.pbf>] [--rasters <dir> --dataset <elevation|land_cover|…>]`:
// turns large terrain sources into indexed local files a job reads by area (README "Terrain sources"):
//   --osm      one FlatGeobuf with a spatial index per layer: <out>/roads.fgb, <out>/buildings.fgb
//   --rasters  a JSON index of every GeoTIFF under the directory: <out>/<dataset>-index.json
// and prints the *_SOURCE settings that use them. Needs GDAL's ogr2ogr for --osm (gdal-bin).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DATASET_NAMES, type DatasetName } from '../domain/terrain/types.ts';
import { importOsmExtract } from '../workers/terrain/sources/import/import-osm-extract.ts';
import { indexRasterDirectory } from '../workers/terrain/sources/import/index-raster-directory.ts';
import { exitWithUsage } from './run-entrypoint.ts';

const usage =
  'usage: npm run import-source -- --out <dir> [--osm <extract.osm.pbf>] ' +
  `[--rasters <dir> --dataset <${DATASET_NAMES.join('|')}>]`;
let args;
try {
  args = parseArgs({
    options: {
      out: { type: 'string' },
      osm: { type: 'string' },
      rasters: { type: 'string' },
      dataset: { type: 'string' },
    },
    strict: true,
  }).values;
} catch (error) {
  exitWithUsage(`${(error as Error).message}\n${usage}`);
}
if (!args.out || (!args.osm && !args.rasters)) exitWithUsage(usage);
if (args.rasters && !(DATASET_NAMES as readonly string[]).includes(args.dataset ?? '')) {
  exitWithUsage(`--rasters needs --dataset, one of ${DATASET_NAMES.join(', ')}\n${usage}`);
}
const out = resolve(args.out);
const settings: string[] = [];
try {
  if (args.osm) {
    const report = await importOsmExtract(args.osm, out, { log: (line) => console.error(line) });
    for (const layer of report.layers) {
      console.error(`${layer.path}: ${layer.features} features`);
      // waterways.fgb is read by the roads source beside which it lies: it has no setting of its own
      if (layer.dataset !== 'waterways')
        settings.push(`${layer.dataset.toUpperCase()}_SOURCE=flatgeobuf:${layer.path}`);
    }
    console.error(`OSM import: ${report.nodes} nodes used, ${report.seconds.toFixed(1)} s`);
  }
  if (args.rasters) {
    const dataset = args.dataset as DatasetName;
    const indexPath = resolve(out, `${dataset}-index.json`);
    const index = await indexRasterDirectory(args.rasters, indexPath);
    console.error(`${indexPath}: ${index.files.length} GeoTIFFs`);
    settings.push(`${dataset.toUpperCase()}_SOURCE=geotiff-index:${indexPath}`);
  }
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(1);
}
console.log(settings.join('\n'));
