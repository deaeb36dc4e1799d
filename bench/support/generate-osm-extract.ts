// Generates a synthetic OSM PBF extract of about `targetBytes`, streamed to disk (one block in
// memory). The extract is a square of 0.1° cells centred on `centre`; every cell holds the same
// density of content — a road grid, small buildings, address points and streams — so a bigger
// extract is a bigger country, not a denser city, and an area near the centre holds the same
// features in every size. Node and way ids are derived from the cell, so the ways (written after
// all nodes, as in a sorted extract) are regenerated instead of being kept.
// Usage: npx tsx bench/support/generate-osm-extract.ts <out.osm.pbf> <size MB> [lon lat]
import { rmSync, statSync } from 'node:fs';
import { createOsmPbfStreamWriter, type OsmPbfStreamWriter } from './osm-pbf-stream-writer.ts';

export const CELL_DEG = 0.1;
const ROADS_PER_AXIS = 5;
const ROAD_NODES = 21;
const BUILDINGS = 40;
const ADDRESSES = 250;
const STREAMS = 5;
const STREAM_NODES = 10;
const HIGHWAYS = ['primary', 'secondary', 'tertiary', 'residential', 'track', 'unclassified', 'service'];
const STREETS = ['Lindenweg', 'Hauptstrasse', 'Kirchgasse', 'Bahnhofstrasse', 'Am Bach', 'Feldweg', 'Schulstrasse'];

/** A small deterministic generator per cell (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Cell {
  index: number;
  west: number;
  south: number;
}

function cellsAround(centre: [number, number], count: number): Cell[] {
  const side = Math.max(1, Math.ceil(Math.sqrt(count)));
  const west0 = centre[0] - (side * CELL_DEG) / 2;
  const south0 = centre[1] - (side * CELL_DEG) / 2;
  const cells: Cell[] = [];
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      cells.push({ index: cells.length, west: west0 + col * CELL_DEG, south: south0 + row * CELL_DEG });
    }
  }
  return cells;
}

// Node ids: 1000 per cell; way ids: 100 per cell.
const NODE_BASE = (cell: Cell) => cell.index * 1000 + 1;
const WAY_BASE = (cell: Cell) => cell.index * 100 + 1;

function cellNodes(cell: Cell, w: OsmPbfStreamWriter) {
  const rnd = random(cell.index * 7919 + 1);
  let id = NODE_BASE(cell);
  const jitter = () => (rnd() - 0.5) * CELL_DEG * 0.01;
  // Road grid: horizontal then vertical roads across the cell.
  for (let axis = 0; axis < 2; axis++) {
    for (let r = 0; r < ROADS_PER_AXIS; r++) {
      const at = (r + 0.5) / ROADS_PER_AXIS;
      for (let k = 0; k < ROAD_NODES; k++) {
        const along = k / (ROAD_NODES - 1);
        const [fx, fy] = axis === 0 ? [along, at] : [at, along];
        w.node({ id: id++, lon: cell.west + fx * CELL_DEG + jitter(), lat: cell.south + fy * CELL_DEG + jitter() });
      }
    }
  }
  // Buildings: rectangles of about 15 m × 10 m (4 corners each).
  for (let b = 0; b < BUILDINGS; b++) {
    const x = cell.west + rnd() * CELL_DEG * 0.98;
    const y = cell.south + rnd() * CELL_DEG * 0.98;
    for (const [dx, dy] of [
      [0, 0],
      [0.0002, 0],
      [0.0002, 0.0001],
      [0, 0.0001],
    ]) {
      w.node({ id: id++, lon: x + dx!, lat: y + dy! });
    }
  }
  // Address points: what most of a real extract's nodes are, and nothing the terrain reads.
  for (let a = 0; a < ADDRESSES; a++) {
    w.node({
      id: id++,
      lon: cell.west + rnd() * CELL_DEG,
      lat: cell.south + rnd() * CELL_DEG,
      tags: {
        'addr:housenumber': String(1 + Math.floor(rnd() * 200)),
        'addr:street': STREETS[Math.floor(rnd() * STREETS.length)]!,
      },
    });
  }
  for (let s = 0; s < STREAMS; s++) {
    const x = cell.west + rnd() * CELL_DEG;
    const y = cell.south + rnd() * CELL_DEG;
    for (let k = 0; k < STREAM_NODES; k++) w.node({ id: id++, lon: x + k * 0.001, lat: y + jitter() * 20 });
  }
}

function cellWays(cell: Cell, w: OsmPbfStreamWriter) {
  const rnd = random(cell.index * 104729 + 7);
  let node = NODE_BASE(cell);
  let id = WAY_BASE(cell);
  for (let r = 0; r < 2 * ROADS_PER_AXIS; r++) {
    const refs = Array.from({ length: ROAD_NODES }, (_, k) => node + k);
    node += ROAD_NODES;
    w.way({
      id: id++,
      refs,
      tags: { highway: HIGHWAYS[Math.floor(rnd() * HIGHWAYS.length)]!, name: STREETS[r % STREETS.length]! },
    });
  }
  for (let b = 0; b < BUILDINGS; b++) {
    w.way({
      id: id++,
      refs: [node, node + 1, node + 2, node + 3, node],
      tags: { building: rnd() < 0.7 ? 'house' : 'yes' },
    });
    node += 4;
  }
  node += ADDRESSES;
  for (let s = 0; s < STREAMS; s++) {
    w.way({ id: id++, refs: Array.from({ length: STREAM_NODES }, (_, k) => node + k), tags: { waterway: 'stream' } });
    node += STREAM_NODES;
  }
}

function writeCells(path: string, cells: Cell[]): number {
  const w = createOsmPbfStreamWriter(path);
  for (const cell of cells) cellNodes(cell, w);
  for (const cell of cells) cellWays(cell, w);
  w.close();
  return statSync(path).size;
}

/** Writes the extract; returns its size in bytes and the number of 0.1° cells it covers. */
export function generateOsmExtract(
  path: string,
  targetBytes: number,
  centre: [number, number] = [10, 50],
): { bytes: number; cells: number } {
  // Calibrate the bytes per cell on a small sample, then write the whole extract once.
  const sample = 256;
  const perCell = writeCells(`${path}.sample`, cellsAround(centre, sample)) / sample;
  rmSync(`${path}.sample`, { force: true });
  const cells = cellsAround(centre, Math.ceil(targetBytes / perCell));
  return { bytes: writeCells(path, cells), cells: cells.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, sizeMb, lon, lat] = process.argv.slice(2);
  if (!out || !sizeMb) {
    console.error('usage: generate-osm-extract.ts <out.osm.pbf> <size MB> [lon lat]');
    process.exit(2);
  }
  const started = performance.now();
  const { bytes, cells } = generateOsmExtract(out, Number(sizeMb) * 1e6, lon ? [Number(lon), Number(lat)] : undefined);
  console.log(
    `${out}: ${(bytes / 1e6).toFixed(1)} MB, ${cells} cells of ${CELL_DEG}°, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
