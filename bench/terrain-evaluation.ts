// Benchmark: the terrain_evaluation analysis (issue 23) on a prepared area of 100 km² (goal ≤ 10 s)
// and 2,500 km² (goal ≤ 60 s), as the analysis thread runs it: the footprint's elevation, land cover
// and road network read from the configured sources (*_SOURCE; unset = synthetic), then the
// evaluation both ways along the AO's long axis. Prints the time of each area and how it splits
// (inputs, obstacles, distance transform, corridor extraction, routes, avenues, viewsheds,
// features), summed over the two directions. Wall time is the goal; CPU time is printed too, since a
// shared machine's load stretches wall time (the analysis runs on one thread).
// Run: npx tsx bench/terrain-evaluation.ts [lon=20.0] [lat=45.0] [force=mounted_tracked] [echelon=battalion]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { footprintGrid } from '../domain/analysis-job/footprint-grid.ts';
import { analysisFootprint } from '../domain/analysis-job/analysis-footprint.ts';
import { terrainEvaluationParameters } from '../domain/analysis-job/terrain-evaluation-parameters.ts';
import { terrainEvaluationResult } from '../domain/analysis-job/terrain-evaluation-result.ts';
import type { LonLat } from '../domain/analysis-job/analysis-parameters.ts';
import type { TaskControl } from '../infra/work-queue/work-queue.ts';
import { sourceProvidersFromEnv } from '../workers/terrain/sources/create-source-provider.ts';
import type { RasterSourceProvider } from '../workers/terrain/sources/source-provider.ts';
import { readFootprintElevation, readFootprintLandCover } from '../workers/analyses/read-footprint-elevation.ts';
import { readFootprintRoadNetwork } from '../workers/analyses/read-footprint-road-network.ts';

const lon = Number(process.argv[2] ?? 20.0);
const lat = Number(process.argv[3] ?? 45.0);
const force = (process.argv[4] ?? 'mounted_tracked') as 'mounted_tracked';
const echelon = (process.argv[5] ?? 'battalion') as 'battalion';
const providers = sourceProvidersFromEnv();
const control: TaskControl = {
  attempt: 1,
  maxDeliveries: 1,
  signal: new AbortController().signal,
  heartbeat: () => undefined,
};

async function run(km2: number, goalS: number) {
  const side = Math.sqrt(km2) * 1000;
  const dLat = (side / 2 / 6_371_000) * (180 / Math.PI);
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: LonLat[] = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
    [lon - dLon, lat - dLat],
  ];
  const parameters = terrainEvaluationParameters({ force, echelon, area: { type: 'Polygon', coordinates: [ring] } });
  const tiles = analysisFootprint('terrain_evaluation', parameters);
  const grid = footprintGrid(tiles);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const elevation = await readFootprintElevation(
    providers.elevation as RasterSourceProvider,
    grid,
    () => undefined,
    control.signal,
  );
  const landCover = await readFootprintLandCover(providers.land_cover, grid, control);
  const network = await readFootprintRoadNetwork(providers.roads, grid, control);
  const t1 = performance.now();
  const cpu1 = process.cpuUsage(cpu0);
  const { layers, result } = terrainEvaluationResult(elevation, landCover, network, parameters, randomUUID);
  const t2 = performance.now();
  const cpu2 = process.cpuUsage(cpu0);
  const seconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
  const total = (t2 - t0) / 1000;
  const split: Record<string, number> = { inputs: t1 - t0 };
  for (const [k, v] of Object.entries(result.timings_ms as Record<string, number>)) split[k] = v;
  const directions = result.directions as Array<{
    name: string;
    corridors: unknown[];
    avenues: unknown[];
    key_terrain: unknown[];
  }>;
  console.log(
    `${km2} km² (${tiles.length} work tiles, ${grid.width} × ${grid.height} cells, ${force} ${echelon}): ` +
      `${total.toFixed(2)} s wall (goal ≤ ${goalS} s) ${total <= goalS ? 'OK' : 'OVER'}; CPU ${seconds(cpu2).toFixed(2)} s ` +
      `(inputs ${seconds(cpu1).toFixed(2)} s, evaluation ${(seconds(cpu2) - seconds(cpu1)).toFixed(2)} s); load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    '  split: ' +
      Object.entries(split)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`)
        .join(', '),
  );
  console.log(
    '  ' +
      directions
        .map(
          (d) =>
            `${d.name}: ${d.corridors.length} corridors, ${d.avenues.length} avenues, ${d.key_terrain.length} key terrain`,
        )
        .join('; '),
  );
  const obstacles = (result.oakoc as { obstacles: Record<string, unknown> }).obstacles;
  console.log(
    `  terrain: unrestricted ${obstacles.share_unrestricted}, restricted ${obstacles.share_restricted}, severely restricted ${obstacles.share_severely_restricted}`,
  );
  console.log(
    '  layer features: ' +
      Object.entries(layers)
        .map(([k, v]) => `${k} ${v.length}`)
        .join(', '),
  );
}

await run(100, 10);
await run(2500, 60);
