// OGC API Features items requests with a bbox over one layer of 100,000 features, through the whole
// service (HTTP, auth, validation, GiST prefilter, exact intersection in code, GeoJSON assembly),
// against the same SQL statements run raw on the same database with the same concurrency, in the
// same run. Prints req/s and p99 of both and their ratio.
// Usage: npx tsx bench/ogc-features-bbox.ts [--backend=postgres|pglite] [--features=100000]
//        [--connections=8] [--duration=15] [--bbox=0.5]
import { createRequire } from 'node:module';
import { startTestService, http } from '../test/support/test-service.ts';
import {
  insideCountStatement,
  pageStatement,
  straddlerStatement,
  type Statement,
} from '../projections/queries/ogc-features-queries.ts';
import type { Bbox } from '../domain/map/geojson/geometry-bounds.ts';
import { backendsFromArgs, fmt, numberArg } from './support.ts';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  non2xx: number;
  errors: number;
}
// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

const FEATURES = numberArg('features', 100_000);
const CONNECTIONS = numberArg('connections', 8);
const DURATION_S = numberArg('duration', 15);
const BBOX_SIZE = numberArg('bbox', 0.5);
const AREA: Bbox = [10, 45, 20, 55]; // 10° x 10°
const QUERIES = 64;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 80% points, 20% small triangles (the triangles straddle bbox edges and need the exact test). */
function features(n: number) {
  const rnd = random(1);
  return Array.from({ length: n }, (_, i) => {
    const x = Number((AREA[0] + rnd() * (AREA[2] - AREA[0])).toFixed(6));
    const y = Number((AREA[1] + rnd() * (AREA[3] - AREA[1])).toFixed(6));
    const geometry =
      i % 5 === 4
        ? {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 0.02, y],
                [x, y + 0.02],
                [x, y],
              ],
            ],
          }
        : { type: 'Point', coordinates: [x, y] };
    return { type: 'Feature', properties: { n: i }, geometry };
  });
}

function bboxes(): Bbox[] {
  const rnd = random(2);
  return Array.from({ length: QUERIES }, () => {
    const x = AREA[0] + rnd() * (AREA[2] - AREA[0] - BBOX_SIZE);
    const y = AREA[1] + rnd() * (AREA[3] - AREA[1] - BBOX_SIZE);
    return [x, y, x + BBOX_SIZE, y + BBOX_SIZE].map((v) => Number(v.toFixed(6))) as Bbox;
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The handler's statements, raw: straddlers and inside count together, then the page. */
async function rawRequest(run: (s: Statement) => Promise<any[]>, layerId: string, bbox: Bbox): Promise<void> {
  const [straddlers, inside] = await Promise.all([
    run(straddlerStatement(layerId, [bbox], null)),
    run(insideCountStatement(layerId, [bbox], null)),
  ]);
  const ordinals = straddlers.map((r) => Number(r.ordinal));
  if (Number(inside[0].n) + ordinals.length > 0) await run(pageStatement(layerId, [bbox], null, ordinals, 100, 0));
}

async function rawLoad(run: (s: Statement) => Promise<any[]>, layerId: string, queries: Bbox[], seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const bbox = queries[next++ % queries.length]!;
        const started = performance.now();
        await rawRequest(run, layerId, bbox);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99: percentile(latencies, 99), p50: percentile(latencies, 50) };
}

async function httpLoad(url: string, key: string, paths: string[], seconds: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
    requests: paths.map((path) => ({ method: 'GET', path })),
    // The load generator runs in its own thread, so it does not share the server's event loop.
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`HTTP run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

for (const backend of backendsFromArgs()) {
  const svc = await startTestService(backend, { READ_YOUR_WRITES_TIMEOUT_MS: '600000' });
  try {
    const op = (
      await http(svc.url, 'POST', '/api/operations/', {
        key: svc.key,
        body: { name: 'Bench', unit: 'U', branch: 'armor', echelon: 'company' },
      })
    ).body;
    const map = (
      await http(svc.url, 'POST', '/api/maps/', { key: svc.key, body: { operation_id: op.id, name: 'Bench map' } })
    ).body;
    const body = JSON.stringify({
      type: 'annotation',
      title: 'Bench layer',
      feature_collection: { type: 'FeatureCollection', features: features(FEATURES) },
    });
    const started = performance.now();
    const layer = await http(svc.url, 'POST', `/api/maps/${map.id}/features`, { key: svc.key, body });
    if (layer.status !== 201) throw new Error(`layer POST answered ${layer.status}: ${layer.text.slice(0, 500)}`);
    console.log(
      `[${backend}] POST of ${fmt(FEATURES)} features (${fmt(body.length / 1e6, 1)} MB) answered 201 in ${fmt((performance.now() - started) / 1000, 1)} s (validated, appended, projected)`,
    );
    const layerId = layer.body.layer_id;
    const knex = svc.service.db.knex;

    const queries = bboxes();
    const paths = queries.map(
      (b) => `/api/maps/${map.id}/ogc/features/collections/layer--${layerId}/items?bbox=${b.join(',')}`,
    );
    const first = (await http(svc.url, 'GET', paths[0]!, { key: svc.key })).body;
    let matched = 0;
    for (const path of paths) matched += (await http(svc.url, 'GET', path, { key: svc.key })).body.numberMatched;
    console.log(
      `  ${QUERIES} bboxes of ${BBOX_SIZE}° x ${BBOX_SIZE}°: ${fmt(matched / QUERIES)} matches each on average, ${first.numberReturned} returned per page (limit 100)`,
    );

    const run = async (s: Statement) => (await knex.raw(s.sql, s.bindings as any[])).rows as any[];
    await rawLoad(run, layerId, queries, 2);
    await httpLoad(svc.url, svc.key, paths, 2);
    const raw = await rawLoad(run, layerId, queries, DURATION_S);
    const viaHttp = await httpLoad(svc.url, svc.key, paths, DURATION_S);
    console.log(`  connections ${CONNECTIONS}, ${DURATION_S} s each`);
    console.log(
      `  OGC items over HTTP : ${fmt(viaHttp.rps)} req/s, p50 ${fmt(viaHttp.p50, 1)} ms, p99 ${fmt(viaHttp.p99, 1)} ms`,
    );
    console.log(`  same SQL, raw knex  : ${fmt(raw.rps)} req/s, p50 ${fmt(raw.p50, 1)} ms, p99 ${fmt(raw.p99, 1)} ms`);
    console.log(
      `  ratio HTTP/raw      : ${fmt(viaHttp.rps / raw.rps, 2)}x throughput, ${fmt(viaHttp.p99 / raw.p99, 2)}x p99`,
    );
  } finally {
    // Let requests that autocannon cut off at the deadline finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await svc.close();
  }
}
