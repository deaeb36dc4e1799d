// Writes an OSM PBF file as a stream of blocks (OSMHeader, then OSMData blocks of at most 8000
// entities: dense nodes, then ways), so a multi-gigabyte extract is written with one block in
// memory. Same encoding as test/terrain-vector/support/write-osm-pbf.ts (which writes one block).
// Format: https://wiki.openstreetmap.org/wiki/PBF_Format
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PbfWriter as Pbf } from 'pbf';

export interface StreamNode {
  id: number;
  lon: number;
  lat: number;
  tags?: Record<string, string>;
}
export interface StreamWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}

const BLOCK_ENTITIES = 8000;
const GRANULARITY = 100; // nanodegrees: coordinates kept to 1e-7°

const deltas = (values: number[]) => values.map((v, i) => (i === 0 ? v : v - values[i - 1]!));

function blob(type: string, block: Uint8Array): Buffer {
  const blobPbf = new Pbf();
  blobPbf.writeVarintField(2, block.length);
  blobPbf.writeBytesField(3, deflateSync(block, { level: 1 }));
  const blobBytes = blobPbf.finish();
  const header = new Pbf();
  header.writeStringField(1, type);
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const out = Buffer.alloc(4 + headerBytes.length + blobBytes.length);
  out.writeUInt32BE(headerBytes.length, 0);
  out.set(headerBytes, 4);
  out.set(blobBytes, 4 + headerBytes.length);
  return out;
}

export interface OsmPbfStreamWriter {
  /** Nodes in ascending id order, all before the first way (Sort.Type_then_ID). */
  node(node: StreamNode): void;
  way(way: StreamWay): void;
  /** Bytes written so far. */
  readonly bytes: number;
  close(): void;
}

export function createOsmPbfStreamWriter(path: string): OsmPbfStreamWriter {
  const fd = openSync(path, 'w');
  let bytes = 0;
  const write = (buffer: Buffer) => {
    writeSync(fd, buffer);
    bytes += buffer.length;
  };
  const header = new Pbf();
  header.writeStringField(4, 'OsmSchema-V0.6');
  header.writeStringField(4, 'DenseNodes');
  header.writeStringField(5, 'Sort.Type_then_ID');
  header.writeStringField(16, 'ops-terrain-service bench generator');
  write(blob('OSMHeader', header.finish()));

  let nodes: StreamNode[] = [];
  let ways: StreamWay[] = [];

  const strings = () => {
    const table = [''];
    const index = new Map<string, number>([['', 0]]);
    const sid = (s: string) => {
      let i = index.get(s);
      if (i === undefined) {
        i = table.push(s) - 1;
        index.set(s, i);
      }
      return i;
    };
    return { table, sid };
  };
  const writeStringTable = (block: Pbf, table: string[]) =>
    block.writeMessage(
      1,
      (_: unknown, p: Pbf) => {
        for (const s of table) p.writeBytesField(1, new TextEncoder().encode(s));
      },
      null,
    );

  const flushNodes = () => {
    if (nodes.length === 0) return;
    const { table, sid } = strings();
    const keysVals: number[] = [];
    for (const n of nodes) {
      for (const [k, v] of Object.entries(n.tags ?? {})) keysVals.push(sid(k), sid(v));
      keysVals.push(0);
    }
    const block = new Pbf();
    writeStringTable(block, table);
    block.writeMessage(
      2,
      (_: unknown, p: Pbf) => {
        p.writeMessage(
          2,
          (__: unknown, d: Pbf) => {
            d.writePackedSVarint(1, deltas(nodes.map((n) => n.id)));
            d.writePackedSVarint(8, deltas(nodes.map((n) => Math.round(n.lat * 1e7))));
            d.writePackedSVarint(9, deltas(nodes.map((n) => Math.round(n.lon * 1e7))));
            d.writePackedVarint(10, keysVals);
          },
          null,
        );
      },
      null,
    );
    block.writeVarintField(17, GRANULARITY);
    write(blob('OSMData', block.finish()));
    nodes = [];
  };

  const flushWays = () => {
    if (ways.length === 0) return;
    const { table, sid } = strings();
    const parts = ways.map((w) => ({ w, keys: Object.keys(w.tags).map(sid), vals: Object.values(w.tags).map(sid) }));
    const block = new Pbf();
    writeStringTable(block, table);
    block.writeMessage(
      2,
      (_: unknown, p: Pbf) => {
        for (const { w, keys, vals } of parts) {
          p.writeMessage(
            3,
            (__: unknown, m: Pbf) => {
              m.writeVarintField(1, w.id);
              m.writePackedVarint(2, keys);
              m.writePackedVarint(3, vals);
              m.writePackedSVarint(8, deltas(w.refs));
            },
            null,
          );
        }
      },
      null,
    );
    block.writeVarintField(17, GRANULARITY);
    write(blob('OSMData', block.finish()));
    ways = [];
  };

  return {
    node(node) {
      nodes.push(node);
      if (nodes.length >= BLOCK_ENTITIES) flushNodes();
    },
    way(way) {
      flushNodes();
      ways.push(way);
      if (ways.length >= BLOCK_ENTITIES) flushWays();
    },
    get bytes() {
      return bytes;
    },
    close() {
      flushNodes();
      flushWays();
      closeSync(fd);
    },
  };
}
