// End-to-end time of a route and of a viewshed requested over HTTP (POST → polled every 2 ms until
// success) on the embedded service (PGlite, in-process queue and workers, synthetic sources), against
// the pure result function alone on the same inputs in the same run (routeResult / viewshedResult on
// rasters already in memory), and against reading those inputs from the sources plus the pure
// function (what the worker does besides events, layers and tiles). The ratio is the plumbing's cost.
// Usage: npx tsx bench/analyses-http.ts [--runs=5]
import { randomUUID } from 'node:crypto';
import { analysisFootprint } from '../domain/analysis-job/analysis-footprint.ts';
import type {
  AnalysisParameters,
  RouteParameters,
  ViewshedParameters,
} from '../domain/analysis-job/analysis-parameters.ts';
import type { AnalysisType } from '../domain/analysis-job/analysis-vocabulary.ts';
import { footprintGrid } from '../domain/analysis-job/footprint-grid.ts';
import { routeResult } from '../domain/analysis-job/route-result.ts';
import { viewshedResult } from '../domain/analysis-job/viewshed-result.ts';
import { idleTaskControl } from '../test/support/idle-task-control.ts';
import { http, startTestService, type TestService } from '../test/support/test-service.ts';
import { mapWithBoundary, pollJob, requestJob, squareBoundary } from '../test/support/terrain-flow.ts';
import {
  readFootprintElevation,
  readFootprintLandCover,
  readFootprintRoads,
} from '../workers/analyses/read-footprint-elevation.ts';
import { createSourceProvider } from '../workers/terrain/sources/create-source-provider.ts';
import { fmt, numberArg } from './support.ts';

const RUNS = numberArg('runs', 5);
const ROUTE = {
  type: 'route',
  movement: 'foot',
  waypoints: [
    [25.11, 60.528],
    [25.124, 60.533],
  ],
};
const VIEWSHED = { type: 'viewshed', observer: { position: [25.12, 60.53], height_m: 2 }, radius_m: 3000 };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const control = idleTaskControl();

async function readInputs(type: AnalysisType, parameters: AnalysisParameters) {
  const grid = footprintGrid(analysisFootprint(type, parameters));
  const elevation = createSourceProvider('elevation', 'synthetic');
  if (elevation.kind !== 'raster') throw new Error('synthetic elevation is a raster');
  return {
    elevation: await readFootprintElevation(elevation, grid, () => {}),
    landCover: await readFootprintLandCover(createSourceProvider('land_cover', 'synthetic'), grid, control),
    roads: await readFootprintRoads(createSourceProvider('roads', 'synthetic'), grid, control),
  };
}

async function overHttp(svc: TestService, mapId: string, body: unknown): Promise<{ ms: number; parameters: any }> {
  const started = performance.now();
  const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, { key: svc.key, body });
  if (r.status !== 202) throw new Error(r.text);
  for (;;) {
    const a = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
    if (a.status === 'success') return { ms: performance.now() - started, parameters: a.parameters };
    if (a.status === 'failed' || a.status === 'cancelled') throw new Error(JSON.stringify(a.error));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const svc = await startTestService('pglite');
try {
  const { mapId, boundary } = await mapWithBoundary(svc, squareBoundary(25.08, 60.51, 25.16, 60.55));
  const jobId = await requestJob(svc, mapId, boundary);
  if ((await pollJob(svc, jobId)).at(-1).status !== 'success') throw new Error('terrain job failed');
  const cases: Array<[string, AnalysisType, Record<string, unknown>]> = [
    ['route, foot, 8 neighbours', 'route', ROUTE],
    [
      'route, foot, 16 neighbours',
      'route',
      {
        ...ROUTE,
        neighbourhood: 16,
      },
    ],
    ['viewshed, 3 km', 'viewshed', VIEWSHED],
  ];
  console.log(`analyses over HTTP vs the pure function (PGlite, synthetic sources, median of ${RUNS} runs)`);
  console.log('case | HTTP ms | read+pure ms | pure ms | HTTP / pure | HTTP / (read+pure)');
  for (const [name, type, body] of cases) {
    const httpMs: number[] = [];
    let parameters: AnalysisParameters | null = null;
    for (let i = 0; i < RUNS; i++) {
      const run = await overHttp(svc, mapId, body);
      httpMs.push(run.ms);
      parameters = run.parameters;
    }
    const pure = (inputs: Awaited<ReturnType<typeof readInputs>>) =>
      type === 'route'
        ? routeResult(inputs.elevation, inputs.landCover, inputs.roads, parameters as RouteParameters, randomUUID)
        : viewshedResult(inputs.elevation, parameters as ViewshedParameters, randomUUID);
    const pureMs: number[] = [];
    const readPureMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      const inputs = await readInputs(type, parameters!);
      pure(inputs);
      readPureMs.push(performance.now() - started);
      started = performance.now();
      pure(inputs);
      pureMs.push(performance.now() - started);
    }
    const [h, rp, p] = [median(httpMs), median(readPureMs), median(pureMs)];
    console.log(`${name} | ${fmt(h)} | ${fmt(rp)} | ${fmt(p)} | ${fmt(h / p, 2)} | ${fmt(h / rp, 2)}`);
  }
} finally {
  await svc.close();
}
