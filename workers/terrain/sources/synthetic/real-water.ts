// Where the real seas and large lakes are, for the synthetic world (README "Terrain sources",
// synthetic source): the polygons of @geo-maps/earth-seas-1km and @geo-maps/earth-lakes-1km (OSM
// coastlines and water areas simplified to 1 km, ODbL; lakes kept from LAKE_MIN_KM2 up).
// The GeoJSON (17 MB, seconds to parse) is read once per machine: its edges (Float32 lon/lat,
// ≈ 7 MB) are cached in a binary file under the temporary directory, keyed by the packages' versions,
// and each process (thread) loads that file on first use. Edges are bucketed by latitude band, so a
// point or a tile row is answered by even-odd crossings of the edges of one band; no polygon objects
// stay in memory.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Position } from 'geojson';

/** Lakes smaller than this (km²) are left to the generator: at 1 km simplification they are blobs. */
export const LAKE_MIN_KM2 = 25;
const PACKAGES = ['@geo-maps/earth-seas-1km', '@geo-maps/earth-lakes-1km'] as const;
/** Bumped when the cached edge file's layout or content rule changes. */
const CACHE_FORMAT = 1;
/** Height of a latitude band of the edge index, degrees. */
const BAND_DEGREES = 0.01;
const BANDS = Math.ceil(180 / BAND_DEGREES);
const KM_PER_DEGREE = 111.32;

interface WaterIndex {
  /** x1, y1, x2, y2 per edge (lon/lat). */
  edges: Float32Array;
  /** 0 sea, 1 lake: each layer has its own even-odd parity (a lake never lies in the sea). */
  layer: Uint8Array;
  /** Edges of band b: bandEdges[bandStart[b] .. bandStart[b + 1]). */
  bandStart: Int32Array;
  bandEdges: Int32Array;
}

let index: WaterIndex | null = null;

type MultiPolygonCoordinates = Position[][][];

const requireHere = createRequire(import.meta.url);
const packageFile = (name: string, file: string) => join(dirname(requireHere.resolve(`${name}/package.json`)), file);

function readPolygons(packageName: string): MultiPolygonCoordinates {
  const path = packageFile(packageName, 'map.geo.json');
  const collection = JSON.parse(readFileSync(path, 'utf8')) as {
    geometries: Array<{ type: string; coordinates: unknown }>;
  };
  const polygons: MultiPolygonCoordinates = [];
  for (const geometry of collection.geometries) {
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates as Position[][]);
    else if (geometry.type === 'MultiPolygon')
      for (const polygon of geometry.coordinates as MultiPolygonCoordinates) polygons.push(polygon);
  }
  return polygons;
}

/** Area of a lon/lat ring in km² (planar at the ring's latitude: enough to tell large lakes). */
function ringAreaKm2(ring: Position[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    twice += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(twice / 2) * KM_PER_DEGREE * KM_PER_DEGREE * Math.cos((ring[0][1] * Math.PI) / 180);
}

const bandOf = (lat: number) => Math.min(BANDS - 1, Math.max(0, Math.floor((lat + 90) / BAND_DEGREES)));

interface Edges {
  edges: Float32Array;
  layer: Uint8Array;
}

function edgesFromPackages(): Edges {
  const layers: MultiPolygonCoordinates[] = [
    readPolygons(PACKAGES[0]),
    readPolygons(PACKAGES[1]).filter((polygon) => ringAreaKm2(polygon[0]) >= LAKE_MIN_KM2),
  ];
  let count = 0;
  for (const polygons of layers) for (const polygon of polygons) for (const ring of polygon) count += ring.length;
  const edges = new Float32Array(count * 4);
  const layer = new Uint8Array(count);
  let n = 0;
  layers.forEach((polygons, layerIndex) => {
    for (const polygon of polygons) {
      for (const ring of polygon) {
        for (let i = 0; i < ring.length; i++) {
          const a = ring[i];
          const b = ring[(i + 1) % ring.length]; // closes rings whether or not the file repeats the first position
          if (a[1] === b[1]) continue; // horizontal: never crosses a parallel
          edges[n * 4] = a[0];
          edges[n * 4 + 1] = a[1];
          edges[n * 4 + 2] = b[0];
          edges[n * 4 + 3] = b[1];
          layer[n++] = layerIndex;
        }
      }
    }
  });
  return { edges: edges.slice(0, n * 4), layer: layer.slice(0, n) };
}

/** The cache file of this dataset version: packages' versions, lake threshold and format. */
function cachePath(): string {
  const versions = PACKAGES.map(
    (name) =>
      `${name}@${(JSON.parse(readFileSync(packageFile(name, 'package.json'), 'utf8')) as { version: string }).version}`,
  );
  const key = createHash('sha256')
    .update(`${versions.join(',')}|${LAKE_MIN_KM2}|${CACHE_FORMAT}`)
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `ops-terrain-real-water-${key}.bin`);
}

/** Edges from the cache file, or from the packages (then cached; a failed write only costs time). */
function loadEdges(): Edges {
  const path = cachePath();
  try {
    const bytes = readFileSync(path);
    const n = bytes.readUInt32LE(0);
    if (bytes.length === 4 + n * 17) {
      const edges = new Float32Array(n * 4);
      Buffer.from(edges.buffer).set(bytes.subarray(4, 4 + n * 16));
      return { edges, layer: new Uint8Array(bytes.subarray(4 + n * 16)) };
    }
  } catch {
    /* no cache yet */
  }
  const built = edgesFromPackages();
  try {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(built.layer.length, 0);
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, Buffer.concat([header, Buffer.from(built.edges.buffer), Buffer.from(built.layer.buffer)]));
    renameSync(temporary, path);
  } catch {
    /* read-only temporary directory: build again next time */
  }
  return built;
}

function buildIndex(): WaterIndex {
  const { edges, layer } = loadEdges();
  const n = layer.length;
  const bandCount = new Int32Array(BANDS + 1);
  const span = (e: number): [number, number] => {
    const y1 = edges[e * 4 + 1],
      y2 = edges[e * 4 + 3];
    return [bandOf(Math.min(y1, y2)), bandOf(Math.max(y1, y2))];
  };
  for (let e = 0; e < n; e++) {
    const [lo, hi] = span(e);
    for (let b = lo; b <= hi; b++) bandCount[b + 1]++;
  }
  const bandStart = new Int32Array(BANDS + 1);
  for (let b = 0; b < BANDS; b++) bandStart[b + 1] = bandStart[b] + bandCount[b + 1];
  const bandEdges = new Int32Array(bandStart[BANDS]);
  const fill = bandStart.slice(0, BANDS);
  for (let e = 0; e < n; e++) {
    const [lo, hi] = span(e);
    for (let b = lo; b <= hi; b++) bandEdges[fill[b]++] = e;
  }
  return { edges, layer, bandStart, bandEdges };
}

function waterIndex(): WaterIndex {
  index ??= buildIndex();
  return index;
}

const normaliseLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** Longitudes where the parallel at `lat` crosses an edge of each layer, ascending. */
function crossings(lat: number): [number[], number[]] {
  const { edges, layer, bandStart, bandEdges } = waterIndex();
  const out: [number[], number[]] = [[], []];
  const band = bandOf(lat);
  for (let k = bandStart[band]; k < bandStart[band + 1]; k++) {
    const e = bandEdges[k];
    const x1 = edges[e * 4],
      y1 = edges[e * 4 + 1],
      x2 = edges[e * 4 + 2],
      y2 = edges[e * 4 + 3];
    if (y1 > lat !== y2 > lat) out[layer[e]].push(x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1));
  }
  out[0].sort((a, b) => a - b);
  out[1].sort((a, b) => a - b);
  return out;
}

/** True where (lon, lat) lies in a real sea or a lake of at least LAKE_MIN_KM2. */
export function isRealWater(lon: number, lat: number): boolean {
  const x = normaliseLon(lon);
  const { edges, layer, bandStart, bandEdges } = waterIndex();
  const parity = [0, 0];
  const band = bandOf(lat);
  for (let k = bandStart[band]; k < bandStart[band + 1]; k++) {
    const e = bandEdges[k];
    const x1 = edges[e * 4],
      y1 = edges[e * 4 + 1],
      x2 = edges[e * 4 + 2],
      y2 = edges[e * 4 + 3];
    if (y1 > lat !== y2 > lat && x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1) > x) parity[layer[e]] ^= 1;
  }
  return parity[0] === 1 || parity[1] === 1;
}

/**
 * Real water along one parallel: out[i] = 1 where (lons[i], lat) is water, else 0. `lons` must be
 * ascending (a tile row's pixel centres); one crossing search serves the whole row.
 */
export function realWaterRow(lat: number, lons: ArrayLike<number>, out: Uint8Array): void {
  const layers = crossings(lat);
  const right = layers.map((layer) => layer.length); // crossings east of the current longitude
  const next = [0, 0];
  for (let i = 0; i < lons.length; i++) {
    const x = normaliseLon(lons[i]);
    let water = 0;
    for (let l = 0; l < 2; l++) {
      const layer = layers[l];
      while (next[l] < layer.length && layer[next[l]] <= x) next[l]++;
      right[l] = layer.length - next[l];
      if (right[l] % 2 === 1) water = 1;
    }
    out[i] = water;
  }
}
