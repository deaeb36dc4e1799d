// The phase functions end to end on the synthetic source over a 2 x 2 work-tile area around a
// synthetic town, with the in-memory blob store: counts, keys, caching on the second run,
// blocking after an unreachable source, partial results and cancellation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Polygon } from 'geojson';
import { buildAreaProducts } from '../../../../workers/terrain/build-area-products/build-area-products.ts';
import { buildRawArtifacts } from '../../../../workers/terrain/build-area-products/build-raw-artifacts.ts';
import { artifactKey } from '../../../../workers/terrain/build-area-products/artifact-key.ts';
import { displayTileKey } from '../../../../domain/terrain/display-tile-key.ts';
import { decodeRasterArtifact } from '../../../../workers/terrain/build-area-products/decode-raster-artifact.ts';
import { encodeRasterArtifact } from '../../../../workers/terrain/build-area-products/encode-raster-artifact.ts';
import { decodeFeaturesArtifact } from '../../../../workers/terrain/build-area-products/decode-features-artifact.ts';
import { deserialiseRoadGraph } from '../../../../workers/terrain/products/road-graph/deserialise-road-graph.ts';
import { decodeMvtTile } from '../../../../workers/terrain/products/vector/decode-mvt-tile.ts';
import { pixelMaskInArea } from '../../../../workers/terrain/products/summary/pixel-mask-in-area.ts';
import { createSyntheticProvider } from '../../../../workers/terrain/sources/synthetic/create-synthetic-provider.ts';
import { createGeoJsonProvider } from '../../../../workers/terrain/sources/vector/create-geojson-provider.ts';
import {
  SourceError,
  type SourceProvider,
  type VectorSourceProvider,
} from '../../../../workers/terrain/sources/source-provider.ts';
import type { PhaseProgress, PhaseResult } from '../../../../workers/terrain/build-area-products/phase-types.ts';
import { createMemoryBlobStore } from '../../../../infra/blob-store/create-memory-blob-store.ts';
import { displayPyramidTiles } from '../../../../domain/terrain/display-pyramid-tiles.ts';
import { tileBounds } from '../../../../domain/terrain/tile-bounds.ts';
import {
  DATASET_NAMES,
  type DatasetName,
  type TileAddress,
  type TileRaster,
} from '../../../../domain/terrain/types.ts';
import { settlementNear, tileOfLonLat } from '../../../terrain-vector/support/settlement-tile.ts';

const TOWN = settlementNear(25, 60, 'town');
const ORIGIN = tileOfLonLat(TOWN.lon, TOWN.lat);
const [W, , , N] = tileBounds(ORIGIN);
const [, S, E] = tileBounds({ ...ORIGIN, x: ORIGIN.x + 1, y: ORIGIN.y + 1 });
const m = 0.001; // the area stops short of the outer tile edges: exactly these 4 work tiles
const AREA: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [W + m, S + m],
      [E - m, S + m],
      [E - m, N - m],
      [W + m, N - m],
      [W + m, S + m],
    ],
  ],
};
const TILES: TileAddress[] = [
  ORIGIN,
  { ...ORIGIN, x: ORIGIN.x + 1 },
  { ...ORIGIN, y: ORIGIN.y + 1 },
  { ...ORIGIN, x: ORIGIN.x + 1, y: ORIGIN.y + 1 },
];

const synthetic = () =>
  Object.fromEntries(DATASET_NAMES.map((d) => [d, createSyntheticProvider(d)])) as Record<DatasetName, SourceProvider>;
const byPhase = (phases: PhaseResult[]) => Object.fromEntries(phases.map((p) => [p.phase, p]));

test('first run: every phase complete over the 4 work tiles; artifacts, tiles and products stored', async () => {
  const store = createMemoryBlobStore();
  const providers = synthetic();
  const progress: PhaseProgress[] = [];
  const { tiles, phases } = await buildAreaProducts(AREA, providers, store, { onProgress: (p) => progress.push(p) });
  assert.equal(tiles, [ORIGIN, TILES[1], TILES[2], TILES[3]]);
  assert.equal(
    phases.map((p) => p.phase),
    [
      'terrain_source_artifacts',
      'road_artifacts',
      'soil_artifacts',
      'population_artifacts',
      'buildings_artifacts',
      'terrain_display_tiles',
      'road_display_tiles',
      'soil_display_tiles',
      'population_display_tiles',
      'buildings_display_tiles',
      'terrain_road_graph',
      'terrain_summary',
    ],
  );
  for (const p of phases) {
    assert.is(p.status, 'complete', p.phase);
    assert.equal(p.counts, { total: 4, completed: 4, failed: 0, skipped: 0 }, p.phase);
    assert.is(p.cached, 0);
  }
  assert.match(byPhase(phases).road_artifacts.message!, /^Synthetic roads/);
  // progress: one report per tile per phase, counts never go down
  assert.is(progress.length, 12 * 4);
  for (let i = 1; i < progress.length; i++) {
    if (progress[i].phase === progress[i - 1].phase)
      assert.ok(progress[i].counts.completed >= progress[i - 1].counts.completed);
  }
  for (const dataset of DATASET_NAMES)
    for (const tile of TILES)
      assert.ok(await store.has(artifactKey(providers[dataset], tile)), `${dataset} ${tile.x}/${tile.y}`);
  // display pyramid: every level from 12 down to 8 for every collection
  const levels = [{ zoom: 12, tiles: TILES }, ...displayPyramidTiles(TILES)];
  assert.equal(
    levels.map((l) => l.zoom),
    [12, 11, 10, 9, 8],
  );
  const collections = [
    ['svc-native--terrain-elevation', 'elevation'],
    ['svc-native--terrain-landcover', 'land_cover'],
    ['svc-native--roads', 'roads'],
    ['svc-native--soil', 'soil'],
    ['svc-native--population', 'population'],
    ['svc-native--buildings', 'buildings'],
  ] as const;
  let tileCount = 0;
  for (const [collection, dataset] of collections)
    for (const level of levels)
      for (const tile of level.tiles) {
        assert.ok(
          await store.has(displayTileKey(collection, providers[dataset].fingerprint, tile)),
          `${collection} ${tile.z}/${tile.x}/${tile.y}`,
        );
        tileCount++;
      }
  const pyramid = levels.slice(1).reduce((n, l) => n + l.tiles.length, 0);
  assert.is((byPhase(phases).road_display_tiles as PhaseResult & { pyramidTiles: number }).pyramidTiles, pyramid);
  assert.is(
    (byPhase(phases).terrain_display_tiles as PhaseResult & { pyramidTiles: number }).pyramidTiles,
    2 * pyramid,
  );
  // 6 datasets x 4 artifacts + display tiles + graph (.rdg, .json) + summary
  assert.is(store.size, 24 + tileCount + 3);
});

test('the stored products hold what the sources gave', async () => {
  const store = createMemoryBlobStore();
  const providers = synthetic();
  const { phases } = await buildAreaProducts(AREA, providers, store);
  const tile = TILES[0];
  const elevation = decodeRasterArtifact((await store.get(artifactKey(providers.elevation, tile)))!);
  const direct = (await providers.elevation.readTile(tile)) as TileRaster;
  assert.equal(Array.from(elevation.data.subarray(0, 1000)), Array.from(direct.data.subarray(0, 1000)));
  const roads = decodeFeaturesArtifact((await store.get(artifactKey(providers.roads, tile)))!);
  assert.equal(roads, JSON.parse(JSON.stringify(await providers.roads.readTile(tile))));
  const mvt = (await store.get(displayTileKey('svc-native--roads', providers.roads.fingerprint, tile)))!;
  assert.is(decodeMvtTile(mvt, tile, 'svc-native--roads').length > 0, roads.features.length > 0);

  const graphPhase = byPhase(phases).terrain_road_graph as PhaseResult & {
    key: string;
    stats: { nodes: number; edges: number; count: number; largestLengthShare: number };
  };
  const graph = deserialiseRoadGraph((await store.get(graphPhase.key))!);
  assert.is(graph.nodes.length, graphPhase.stats.nodes);
  assert.is(graph.edges.length, graphPhase.stats.edges);
  assert.ok(graphPhase.stats.largestLengthShare > 0.8, `${graphPhase.stats.largestLengthShare}`);

  const summary = (
    byPhase(phases).terrain_summary as PhaseResult & {
      summary: { population_total: number; building_count: number; area_km2: number };
    }
  ).summary;
  let people = 0;
  const buildings = new Set<unknown>();
  for (const t of TILES) {
    const mask = pixelMaskInArea(t, 256, AREA.coordinates);
    const raster = (await providers.population.readTile(t)) as TileRaster;
    for (let i = 0; i < mask.length; i++) if (mask[i]) people += raster.data[i];
    for (const f of decodeFeaturesArtifact((await store.get(artifactKey(providers.buildings, t)))!).features)
      buildings.add(f.id);
  }
  assert.ok(Math.abs(summary.population_total - people) < 1e-6 * people, `${summary.population_total} vs ${people}`);
  assert.ok(summary.building_count > 0 && summary.building_count <= buildings.size);
  assert.ok(summary.area_km2 > 10 && summary.area_km2 < 200);
});

test('second run over the same area: every phase cached, nothing written', async () => {
  const store = createMemoryBlobStore();
  await buildAreaProducts(AREA, synthetic(), store);
  const size = store.size;
  const { phases } = await buildAreaProducts(AREA, synthetic(), store);
  for (const p of phases) {
    assert.is(p.status, 'cached', p.phase);
    assert.equal(p.counts, { total: 4, completed: 0, failed: 0, skipped: 4 }, p.phase);
    assert.is(p.cached, 4);
  }
  assert.is(store.size, size);
});

test('without population and buildings: their phases are absent and the summary leaves them null', async () => {
  const store = createMemoryBlobStore();
  const { phases } = await buildAreaProducts(AREA, synthetic(), store, {
    includePopulation: false,
    includeBuildings: false,
  });
  assert.is(phases.length, 8);
  const summary = (
    byPhase(phases).terrain_summary as PhaseResult & { summary: { population_total: null; building_count: null } }
  ).summary;
  assert.is(summary.population_total, null);
  assert.is(summary.building_count, null);
});

test('an unreachable road source fails its raw phase at the first tile and blocks what needs roads', async () => {
  const store = createMemoryBlobStore();
  const providers = { ...synthetic(), roads: createGeoJsonProvider('roads', '/nonexistent/roads.geojson') };
  const phases = byPhase((await buildAreaProducts(AREA, providers, store)).phases);
  assert.is(phases.road_artifacts.status, 'failed');
  assert.equal(phases.road_artifacts.counts, { total: 4, completed: 0, failed: 1, skipped: 3 });
  assert.is(phases.road_artifacts.error!.code, 'ROADS_SOURCE_UNREACHABLE');
  for (const id of ['road_display_tiles', 'terrain_road_graph', 'terrain_summary'])
    assert.is(phases[id].status, 'blocked', id);
  for (const id of ['terrain_source_artifacts', 'soil_artifacts', 'terrain_display_tiles', 'soil_display_tiles'])
    assert.is(phases[id].status, 'complete', id);
});

test('bad data in one tile: the raw phase is partial, the others tiles are done and displayed', async () => {
  const store = createMemoryBlobStore();
  const real = createSyntheticProvider('soil') as VectorSourceProvider;
  const flaky: VectorSourceProvider = {
    ...real,
    fingerprint: 'test:flaky-soil',
    async readTile(tile, signal) {
      if (tile.x === TILES[3].x && tile.y === TILES[3].y)
        throw new SourceError('INVALID_SOURCE_DATA', 'broken polygon', 'soil');
      return real.readTile(tile, signal);
    },
  };
  const soil = await buildRawArtifacts({ phase: 'soil_artifacts', providers: [flaky], tiles: TILES, store });
  assert.is(soil.status, 'partial');
  assert.equal(soil.counts, { total: 4, completed: 3, failed: 1, skipped: 0 });
  assert.equal(soil.error, { code: 'INVALID_SOURCE_DATA', message: 'broken polygon' });
  assert.equal(soil.built, TILES.slice(0, 3));
});

test('an aborted signal cancels the phase; the tiles not reached count as skipped', async () => {
  const controller = new AbortController();
  const store = createMemoryBlobStore();
  const result = await buildRawArtifacts({
    phase: 'terrain_source_artifacts',
    providers: [createSyntheticProvider('elevation')],
    tiles: TILES,
    store,
    signal: controller.signal,
    onProgress: (p) => {
      if (p.counts.completed === 1) controller.abort();
    },
  });
  assert.is(result.status, 'canceled');
  assert.equal(result.counts, { total: 4, completed: 1, failed: 0, skipped: 3 });
});

test('concurrency 3 stores exactly what concurrency 1 stores', async () => {
  const one = createMemoryBlobStore();
  const three = createMemoryBlobStore();
  const providers = [createSyntheticProvider('roads'), createSyntheticProvider('land_cover')];
  await buildRawArtifacts({ phase: 'road_artifacts', providers, tiles: TILES, store: one, concurrency: 1 });
  await buildRawArtifacts({ phase: 'road_artifacts', providers, tiles: TILES, store: three, concurrency: 3 });
  assert.is(three.size, one.size);
  for (const p of providers)
    for (const t of TILES) assert.equal(await three.get(artifactKey(p, t)), await one.get(artifactKey(p, t)));
});

test('key scheme and raster artifact format', () => {
  const provider = createSyntheticProvider('elevation');
  assert.match(
    artifactKey(provider, { z: 12, x: 1, y: 2 }),
    /^artifacts\/elevation\/[0-9a-f]{16}\/12\/1\/2\.raster\.gz$/,
  );
  assert.match(
    artifactKey(createSyntheticProvider('roads'), { z: 12, x: 1, y: 2 }),
    /^artifacts\/roads\/[0-9a-f]{16}\/12\/1\/2\.geojson\.gz$/,
  );
  assert.match(
    displayTileKey('svc-native--roads', 'x', { z: 9, x: 3, y: 4 }),
    /^tiles\/svc-native--roads\/[0-9a-f]{16}\/9\/3\/4\.mvt$/,
  );
  assert.match(displayTileKey('svc-native--terrain-elevation', 'x', { z: 9, x: 3, y: 4 }), /\.png$/);
  assert.is.not(
    displayTileKey('svc-native--roads', 'a', { z: 9, x: 3, y: 4 }),
    displayTileKey('svc-native--roads', 'b', { z: 9, x: 3, y: 4 }),
  );
  const raster: TileRaster = {
    tile: { z: 12, x: 7, y: 9 },
    size: 2,
    data: new Float32Array([1.5, Number.NaN, -3, 4000]),
    nodata: Number.NaN,
  };
  const back = decodeRasterArtifact(encodeRasterArtifact(raster));
  assert.equal(back.tile, raster.tile);
  assert.is(back.size, 2);
  assert.ok(Number.isNaN(back.nodata));
  assert.equal(Array.from(back.data), [1.5, Number.NaN, -3, 4000]);
  const bytes = decodeRasterArtifact(
    encodeRasterArtifact({ ...raster, data: new Uint8Array([10, 20, 30, 0]), nodata: 0 }),
  );
  assert.instance(bytes.data, Uint8Array);
  assert.throws(() => decodeRasterArtifact(new Uint8Array([1, 2, 3])), RangeError);
  assert.throws(() => encodeRasterArtifact({ ...raster, size: 3 }), RangeError);
  assert.throws(() => decodeFeaturesArtifact(encodeRasterArtifact(raster)), RangeError);
});

test.run();
