// The OSM PBF provider on the real extracts in the shared data folder's osm/ (test/support/shared-data.ts;
// skipped when they are absent, as in a fresh clone). Feature counts are distinct feature ids over all work tiles covering an extract:
// roads must match the README's figures (GDAL's OSM driver: highway lines with two or more nodes in
// the extract). GDAL's building figure also counts ways left with fewer than three nodes inside
// the extract (no area); the provider drops those, so it matches GDAL's count of buildings with an
// area instead.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOsmPbfProvider } from '../../workers/terrain/sources/vector/create-osm-pbf-provider.ts';
import { createRoadGraphBuilder } from '../../workers/terrain/products/road-graph/create-road-graph-builder.ts';
import { roadGraphComponents } from '../../workers/terrain/products/road-graph/road-graph-components.ts';
import { workTilesForArea } from '../../domain/terrain/work-tiles-for-area.ts';
import type { LonLatBounds, TileFeature } from '../../domain/terrain/types.ts';
import type { VectorSourceProvider } from '../../workers/terrain/sources/source-provider.ts';
import { sharedData } from '../support/shared-data.ts';

const KOUVOLA = sharedData('osm', 'finland-kouvola-test.osm.pbf');
const HELSINKI = sharedData('osm', 'helsinki-center.osm.pbf');
const KOUVOLA_BOX: LonLatBounds = [26.9, 60.5, 27.0, 60.56];
const HELSINKI_BOX: LonLatBounds = [24.92, 60.16, 24.97, 60.19];
const withKouvola = KOUVOLA ? test : test.skip;
const withHelsinki = HELSINKI ? test : test.skip;

async function featuresOver(provider: VectorSourceProvider, [w, s, e, n]: LonLatBounds): Promise<TileFeature[][]> {
  const tiles = workTilesForArea({
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  });
  return Promise.all(tiles.map(async (tile) => (await provider.readTile(tile)).features));
}
const distinctIds = (batches: TileFeature[][]) => new Set(batches.flat().map((f) => f.id));

withKouvola('Kouvola: 331 highway lines, 2,193 buildings with an area (2,219 building ways)', async () => {
  assert.is(distinctIds(await featuresOver(createOsmPbfProvider('roads', KOUVOLA!), KOUVOLA_BOX)).size, 331);
  assert.is(distinctIds(await featuresOver(createOsmPbfProvider('buildings', KOUVOLA!), KOUVOLA_BOX)).size, 2193);
});

withHelsinki('Helsinki centre: 2,504 highway lines; buildings include the multipolygon relations', async () => {
  assert.is(distinctIds(await featuresOver(createOsmPbfProvider('roads', HELSINKI!), HELSINKI_BOX)).size, 2504);
  const buildings = distinctIds(await featuresOver(createOsmPbfProvider('buildings', HELSINKI!), HELSINKI_BOX));
  const relations = [...buildings].filter((id) => String(id).startsWith('r')).length;
  assert.ok(relations >= 61, `${relations} multipolygon buildings`);
  assert.ok(buildings.size >= 482 && buildings.size <= 494, `${buildings.size}`);
});

withHelsinki('Helsinki centre: the road graph joins tiles; the main component holds most of the length', async () => {
  const builder = createRoadGraphBuilder();
  for (const batch of await featuresOver(createOsmPbfProvider('roads', HELSINKI!), HELSINKI_BOX)) builder.add(batch);
  const graph = builder.build();
  const stats = roadGraphComponents(graph);
  assert.ok(graph.edges.length > 2504 / 2);
  assert.ok(stats.largestLengthShare > 0.8, `${stats.largestLengthShare}`);
  assert.ok(stats.totalLengthMeters > 50_000 && stats.totalLengthMeters < 500_000, `${stats.totalLengthMeters}`);
});

test.run();
