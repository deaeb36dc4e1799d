// import-source --osm: a PBF extract becomes indexed FlatGeobuf layers that the flatgeobuf: source
// reads by area and that serve the same roads and buildings as the osm-pbf: source.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOsmExtract } from '../../../../../workers/terrain/sources/import/import-osm-extract.ts';
import { createOsmPbfProvider } from '../../../../../workers/terrain/sources/vector/create-osm-pbf-provider.ts';
import { createFlatGeobufProvider } from '../../../../../workers/terrain/sources/vector/create-flatgeobuf-provider.ts';
import { createSourceProvider } from '../../../../../workers/terrain/sources/create-source-provider.ts';
import { openByteRangeSource } from '../../../../../workers/terrain/sources/vector/flatgeobuf/open-byte-range-source.ts';
import { readFlatGeobufIndex } from '../../../../../workers/terrain/sources/vector/flatgeobuf/read-flatgeobuf-index.ts';
import { searchFlatGeobufIndex } from '../../../../../workers/terrain/sources/vector/flatgeobuf/search-flatgeobuf-index.ts';
import { tileBounds } from '../../../../../domain/terrain/tile-bounds.ts';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';
import { generateOsmExtract } from '../../../../../bench/support/generate-osm-extract.ts';
import { sharedData } from '../../../../support/shared-data.ts';

const HELSINKI = sharedData('osm', 'helsinki-center.osm.pbf');
// A fresh clone has no ../shared/data: the real-extract test is then skipped, not passed.
const onHelsinki = HELSINKI ? test : test.skip;
const work = mkdtempSync(join(tmpdir(), 'k-import-'));

/** Geometry and properties, order-free: what both sources must agree on (ids differ: w123 vs f17). */
const comparable = (features: TileFeature[]) =>
  features
    .map((f) => JSON.stringify({ g: f.geometry, p: Object.fromEntries(Object.entries(f.properties).sort()) }))
    .sort();

onHelsinki('the Helsinki extract: the same roads and buildings per tile as the osm-pbf source', async () => {
  const out = join(work, 'helsinki');
  const report = await importOsmExtract(HELSINKI!, out);
  assert.equal(
    report.layers.map((l) => l.dataset),
    ['roads', 'buildings', 'waterways'],
  );
  // The waterways beside roads.fgb: the roads source serves them as the osm-pbf one does.
  const waterways = report.layers.find((l) => l.dataset === 'waterways')!;
  assert.ok(waterways.features >= 1, `waterways: ${waterways.features}`);
  const fgbRoads = createSourceProvider(
    'roads',
    `flatgeobuf:${report.layers.find((l) => l.dataset === 'roads')!.path}`,
  );
  assert.ok(fgbRoads.kind === 'vector' && fgbRoads.waterways, 'roads.fgb has its waterways');
  const pbfWater = createOsmPbfProvider('roads', HELSINKI!).waterways!;
  // The zoom-14 tile of each waterway's first vertex (a Web Mercator tile of it).
  const all = (await pbfWater.readTile({ z: 6, x: 36, y: 18 })).features;
  const tiles = all.map((f) => {
    const [lon, lat] = (f.geometry as { coordinates: number[][] }).coordinates[0]!;
    const n = 2 ** 14;
    const y = (1 - Math.log(Math.tan((lat! * Math.PI) / 180) + 1 / Math.cos((lat! * Math.PI) / 180)) / Math.PI) / 2;
    return { z: 14, x: Math.floor(((lon! + 180) / 360) * n), y: Math.floor(y * n) };
  });
  let seen = 0;
  for (const tile of tiles.slice(0, 3)) {
    const [a, b] = [await pbfWater.readTile(tile), await fgbRoads.waterways!.readTile(tile)];
    seen += a.features.length;
    assert.equal(comparable(b.features), comparable(a.features), `waterways ${tile.z}/${tile.x}/${tile.y}`);
  }
  assert.ok(seen > 0, 'the tiles hold waterways');
  for (const dataset of ['roads', 'buildings'] as const) {
    const layer = report.layers.find((l) => l.dataset === dataset)!;
    assert.ok(layer.features > 100, `${dataset}: ${layer.features}`);
    const pbf = createOsmPbfProvider(dataset, HELSINKI!);
    const fgb = createFlatGeobufProvider(dataset, layer.path);
    for (const tile of [
      { z: 12, x: 2331, y: 1185 },
      { z: 13, x: 4663, y: 2371 },
      { z: 14, x: 9327, y: 4742 },
    ]) {
      const [a, b] = [await pbf.readTile(tile), await fgb.readTile(tile)];
      assert.ok(a.features.length > 0, `${dataset} ${tile.z}/${tile.x}/${tile.y} has features`);
      assert.equal(comparable(b.features), comparable(a.features), `${dataset} ${tile.z}/${tile.x}/${tile.y}`);
    }
  }
});

test('a generated extract of 100 cells: a tile reads its own features, not the file', async () => {
  const pbf = join(work, 'generated.osm.pbf');
  const { cells } = generateOsmExtract(pbf, 400_000, [10, 50]);
  assert.ok(cells >= 64, `${cells} cells`);
  const out = join(work, 'generated');
  const report = await importOsmExtract(pbf, out, { layers: ['roads'] });
  const roads = report.layers[0]!;
  const source = openByteRangeSource(roads.path);
  const index = await readFlatGeobufIndex(source);
  const tile = { z: 14, x: 8647, y: 5556 }; // about 2.4 km × 1.5 km at 10.0°E 50.0°N
  const ranges = searchFlatGeobufIndex(index, tileBounds(tile));
  const bytes = ranges.reduce((n, r) => n + r.length, 0);
  assert.ok(ranges.length > 0 && ranges.length < roads.features / 20, `${ranges.length} of ${roads.features} features`);
  assert.ok(bytes < statSync(roads.path).size / 20, `${bytes} of ${statSync(roads.path).size} bytes`);
  const read = await createFlatGeobufProvider('roads', roads.path).readTile(tile);
  assert.ok(read.features.length > 0);
  const [west, south, east, north] = tileBounds(tile);
  for (const f of read.features) {
    for (const [x, y] of (f.geometry as { coordinates: number[][] }).coordinates) {
      assert.ok(x! >= west - 1e-9 && x! <= east + 1e-9 && y! >= south - 1e-9 && y! <= north + 1e-9);
    }
  }
});

test.after(() => rmSync(work, { recursive: true, force: true }));
test.run();
