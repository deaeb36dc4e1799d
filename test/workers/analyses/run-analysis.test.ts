// The river rule through the analysis tools, on an OSM PBF the test writes: a 25 m river across two
// work tiles of meadow, one road bridge (or one ford) over it, and a track that runs straight over the
// river with no bridge. A route between the track's two ends must detour to the crossing site, and
// the terrain evaluation's avenue crosses there too, with the crossing site among its key terrain.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisSpec, LonLat } from '../../../domain/analysis-job/analysis-parameters.ts';
import { footprintGrid, pixelOfLonLat } from '../../../domain/analysis-job/footprint-grid.ts';
import { tileBounds } from '../../../domain/terrain/tile-bounds.ts';
import type { DatasetName } from '../../../domain/terrain/types.ts';
import { runAnalysisTool } from '../../../workers/analyses/run-analysis.ts';
import type { SourceProvider } from '../../../workers/terrain/sources/source-provider.ts';
import { createOsmLandCoverProvider } from '../../../workers/terrain/sources/vector/create-osm-land-cover-provider.ts';
import { createOsmPbfProvider } from '../../../workers/terrain/sources/vector/create-osm-pbf-provider.ts';
import { idleTaskControl } from '../../support/idle-task-control.ts';
import { writeOsmPbf, type PbfNode, type PbfWay } from '../../terrain-vector/support/write-osm-pbf.ts';

const TILES = [
  { z: 12, x: 2331, y: 1185 },
  { z: 12, x: 2332, y: 1185 },
];
const [west] = tileBounds(TILES[0]!);
const [, south, east, north] = tileBounds(TILES[1]!);
const lonAt = (f: number) => Number((west + (east - west) * f).toFixed(7));
const latAt = (f: number) => Number((south + (north - south) * f).toFixed(7));
const RIVER_LAT = latAt(0.5);
const CROSSING_LON = lonAt(0.75);
const TRACK_LON = lonAt(0.25);

/** The extract; `crossing` tags the way over the river at CROSSING_LON. */
function extract(crossing: Record<string, string>): Uint8Array {
  const nodes: PbfNode[] = [
    // meadow over everything
    { id: 1, lon: lonAt(-0.01), lat: latAt(-0.01) },
    { id: 2, lon: lonAt(1.01), lat: latAt(-0.01) },
    { id: 3, lon: lonAt(1.01), lat: latAt(1.01) },
    { id: 4, lon: lonAt(-0.01), lat: latAt(1.01) },
    // the river, west to east
    { id: 10, lon: lonAt(-0.02), lat: RIVER_LAT },
    { id: 11, lon: lonAt(0.5), lat: RIVER_LAT },
    { id: 12, lon: lonAt(1.02), lat: RIVER_LAT },
    // the road north and south of the crossing, and the crossing way itself
    { id: 20, lon: CROSSING_LON, lat: latAt(0.1) },
    { id: 21, lon: CROSSING_LON, lat: latAt(0.45) },
    { id: 22, lon: CROSSING_LON, lat: latAt(0.55) },
    { id: 23, lon: CROSSING_LON, lat: latAt(0.9) },
    // the track straight over the river, no bridge
    { id: 30, lon: TRACK_LON, lat: latAt(0.15) },
    { id: 31, lon: TRACK_LON, lat: latAt(0.85) },
  ];
  const ways: PbfWay[] = [
    { id: 100, refs: [1, 2, 3, 4, 1], tags: { landuse: 'meadow' } },
    { id: 101, refs: [10, 11, 12], tags: { waterway: 'river', width: '25' } },
    { id: 102, refs: [20, 21], tags: { highway: 'secondary' } },
    { id: 103, refs: [21, 22], tags: { highway: 'secondary', ...crossing } },
    { id: 104, refs: [22, 23], tags: { highway: 'secondary' } },
    { id: 105, refs: [30, 31], tags: { highway: 'track' } },
  ];
  return writeOsmPbf({ nodes, ways });
}

async function withExtract(
  crossing: Record<string, string>,
  body: (providers: Record<DatasetName, SourceProvider>) => Promise<void>,
) {
  const dir = await mkdtemp(join(tmpdir(), 'river-'));
  try {
    const path = join(dir, 'river.osm.pbf');
    await writeFile(path, extract(crossing));
    const providers = {
      roads: createOsmPbfProvider('roads', path),
      land_cover: createOsmLandCoverProvider(path),
    } as Record<DatasetName, SourceProvider>;
    await body(providers);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const grid = footprintGrid(TILES);
const flat = { grid, data: new Float32Array(grid.width * grid.height).fill(50) };
const cellSizeLon = (east - west) / grid.width;

/** The longitudes at which a line passes the river's latitude (one per crossing of the river line). */
function riverPassings(line: LonLat[]): number[] {
  const out: number[] = [];
  for (let k = 1; k < line.length; k++) {
    const [a, b] = [line[k - 1]!, line[k]!];
    if (a[1] - RIVER_LAT === 0 || Math.sign(a[1] - RIVER_LAT) !== Math.sign(b[1] - RIVER_LAT))
      out.push((a[0] + b[0]) / 2);
  }
  return out;
}

const test = suite('analysis tools with waterways (OSM PBF)');

for (const [name, crossing] of [
  ['bridge', { bridge: 'yes', layer: '1' }],
  ['ford', { ford: 'yes' }],
] as const) {
  test(`route between the banks crosses the river only at the ${name}, not on the track over the river`, async () => {
    await withExtract(crossing, async (providers) => {
      const spec: AnalysisSpec = {
        analysis_type: 'route',
        parameters: {
          movement: 'wheeled',
          waypoints: [
            [TRACK_LON, latAt(0.2)],
            [TRACK_LON, latAt(0.8)],
          ],
          avoid: [],
          neighbourhood: 8,
        },
      };
      const outcome = await runAnalysisTool(providers, spec, flat, idleTaskControl());
      const result = outcome.result as unknown as {
        found: boolean;
        waterways: number;
        waterway_crossings: Array<{ position: LonLat }>;
      };
      assert.ok(result.found, JSON.stringify(result).slice(0, 500));
      assert.is(result.waterways, 2, 'the river, clipped to each of the two tiles');
      const route = outcome.features.features.find((f) => f.properties?.role === 'route')!;
      const line = (route.geometry as { coordinates: LonLat[] }).coordinates;
      const passings = riverPassings(line);
      assert.is(passings.length, 1, 'the route crosses the river once');
      assert.ok(Math.abs(passings[0]! - CROSSING_LON) <= 1.5 * cellSizeLon, `at the ${name}: ${passings[0]}`);
      assert.is(result.waterway_crossings.length, 1);
      assert.ok(Math.abs(result.waterway_crossings[0]!.position[0] - CROSSING_LON) <= 1.5 * cellSizeLon);
    });
  });
}

test('without a crossing site the river cuts the route off: no route, not one over the track', async () => {
  await withExtract({ highway: 'secondary' }, async (providers) => {
    const spec: AnalysisSpec = {
      analysis_type: 'route',
      parameters: {
        movement: 'tracked',
        waypoints: [
          [TRACK_LON, latAt(0.2)],
          [TRACK_LON, latAt(0.8)],
        ],
        avoid: [],
        neighbourhood: 8,
      },
    };
    const outcome = await runAnalysisTool(providers, spec, flat, idleTaskControl());
    assert.is((outcome.result as unknown as { found: boolean }).found, false);
  });
});

for (const [name, crossing] of [
  ['bridge', { bridge: 'yes' }],
  ['ford', { ford: 'yes' }],
] as const)
  test(`terrain evaluation: the avenue crosses at the ${name}, which is a key terrain candidate`, async () => {
    await withExtract(crossing, async (providers) => {
      const inset = 0.02;
      const ring: LonLat[] = [
        [lonAt(inset), latAt(inset)],
        [lonAt(1 - inset), latAt(inset)],
        [lonAt(1 - inset), latAt(1 - inset)],
        [lonAt(inset), latAt(1 - inset)],
        [lonAt(inset), latAt(inset)],
      ];
      const spec: AnalysisSpec = {
        analysis_type: 'terrain_evaluation',
        parameters: {
          force: 'dismounted',
          echelon: 'company',
          area: { type: 'Polygon', coordinates: [ring] },
          start: {
            type: 'LineString',
            coordinates: [
              [lonAt(0.1), latAt(0.1)],
              [lonAt(0.4), latAt(0.1)],
            ],
          },
          objective: { type: 'Point', coordinates: [TRACK_LON, latAt(0.9)] },
          enemy_side: null,
          corridor_width_m: null,
          avenue_width_m: null,
        },
      };
      const outcome = await runAnalysisTool(providers, spec, flat, idleTaskControl());
      const result = outcome.result as unknown as {
        directions: Array<{
          avenues: Array<{ id: string }>;
          key_terrain: Array<{ kind: string; position: LonLat; avenues: string[]; reason: string }>;
        }>;
        oakoc: { obstacles: { waterways: number; crossing_sites_used: number } };
      };
      const [direction] = result.directions;
      assert.ok(direction!.avenues.length >= 1, 'an avenue joins start and objective');
      assert.is(result.oakoc.obstacles.waterways, 2);
      assert.is(result.oakoc.obstacles.crossing_sites_used, 1);
      for (const avenue of outcome.features.features) {
        const passings = riverPassings((avenue.geometry as { coordinates: LonLat[] }).coordinates);
        assert.is(passings.length, 1);
        assert.ok(Math.abs(passings[0]! - CROSSING_LON) <= 1.5 * cellSizeLon, `avenue crosses at the bridge`);
      }
      const site = direction!.key_terrain.find((k) => k.kind === 'crossing_site');
      assert.ok(site, JSON.stringify(direction!.key_terrain.map((k) => k.kind)));
      assert.match(site.reason, new RegExp(`^${name} over a linear obstacle the avenue must use`));
      assert.ok(Math.abs(site.position[0] - CROSSING_LON) <= 1.5 * cellSizeLon);
      assert.ok(Math.abs(site.position[1] - RIVER_LAT) <= 3 * ((north - south) / grid.height));
      assert.ok(site.avenues.includes(direction!.avenues[0]!.id));
      const [x] = pixelOfLonLat(grid, site.position);
      assert.ok(x > 0);
    });
  });

test.run();
