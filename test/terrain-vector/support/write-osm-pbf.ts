// Writes a small OSM PBF file (OSMHeader + one OSMData block with dense nodes, ways and relations,
// zlib-compressed) from plain objects, so OSM tests run on data the test makes itself.
// Format: https://wiki.openstreetmap.org/wiki/PBF_Format
import { PbfWriter as Pbf } from 'pbf';
import { deflateSync } from 'node:zlib';

export interface PbfNode {
  id: number;
  lon: number;
  lat: number;
  tags?: Record<string, string>;
}
export interface PbfWay {
  id: number;
  refs: number[];
  tags?: Record<string, string>;
}
export interface PbfRelation {
  id: number;
  members: Array<{ type: 'node' | 'way' | 'relation'; ref: number; role: string }>;
  tags?: Record<string, string>;
}

const GRANULARITY = 100; // nanodegrees per unit: coordinates are kept to 1e-7 degrees

function deltas(values: number[]): number[] {
  return values.map((v, i) => (i === 0 ? v : v - values[i - 1]));
}

function blob(type: string, block: Uint8Array): Uint8Array {
  const blobPbf = new Pbf();
  blobPbf.writeVarintField(2, block.length); // raw_size
  blobPbf.writeBytesField(3, deflateSync(block)); // zlib_data
  const blobBytes = blobPbf.finish();
  const header = new Pbf();
  header.writeStringField(1, type);
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const out = new Uint8Array(4 + headerBytes.length + blobBytes.length);
  new DataView(out.buffer).setUint32(0, headerBytes.length, false);
  out.set(headerBytes, 4);
  out.set(blobBytes, 4 + headerBytes.length);
  return out;
}

export function writeOsmPbf(data: {
  nodes: PbfNode[];
  ways: PbfWay[];
  relations?: PbfRelation[];
  sorted?: boolean;
}): Uint8Array {
  const strings = [''];
  const sid = (s: string): number => {
    let i = strings.indexOf(s);
    if (i < 0) i = strings.push(s) - 1;
    return i;
  };
  const nodes = [...data.nodes].sort((a, b) => a.id - b.id);
  const keysVals: number[] = [];
  for (const node of nodes) {
    for (const [k, v] of Object.entries(node.tags ?? {})) keysVals.push(sid(k), sid(v));
    keysVals.push(0);
  }
  const wayParts = data.ways.map((way) => ({
    way,
    keys: Object.keys(way.tags ?? {}).map(sid),
    vals: Object.values(way.tags ?? {}).map(sid),
  }));
  const relationParts = (data.relations ?? []).map((relation) => ({
    relation,
    keys: Object.keys(relation.tags ?? {}).map(sid),
    vals: Object.values(relation.tags ?? {}).map(sid),
    roles: relation.members.map((m) => sid(m.role)),
  }));

  const block = new Pbf();
  block.writeMessage(
    1,
    (_: unknown, p: Pbf) => {
      for (const s of strings) p.writeBytesField(1, new TextEncoder().encode(s));
    },
    null,
  );
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
  if (wayParts.length > 0)
    block.writeMessage(
      2,
      (_: unknown, p: Pbf) => {
        for (const { way, keys, vals } of wayParts) {
          p.writeMessage(
            3,
            (__: unknown, w: Pbf) => {
              w.writeVarintField(1, way.id);
              w.writePackedVarint(2, keys);
              w.writePackedVarint(3, vals);
              w.writePackedSVarint(8, deltas(way.refs));
            },
            null,
          );
        }
      },
      null,
    );
  if (relationParts.length > 0)
    block.writeMessage(
      2,
      (_: unknown, p: Pbf) => {
        for (const { relation, keys, vals, roles } of relationParts) {
          p.writeMessage(
            4,
            (__: unknown, r: Pbf) => {
              r.writeVarintField(1, relation.id);
              r.writePackedVarint(2, keys);
              r.writePackedVarint(3, vals);
              r.writePackedVarint(8, roles);
              r.writePackedSVarint(9, deltas(relation.members.map((m) => m.ref)));
              r.writePackedVarint(
                10,
                relation.members.map((m) => ['node', 'way', 'relation'].indexOf(m.type)),
              );
            },
            null,
          );
        }
      },
      null,
    );
  block.writeVarintField(17, GRANULARITY);

  const header = new Pbf();
  header.writeStringField(4, 'OsmSchema-V0.6');
  header.writeStringField(4, 'DenseNodes');
  if (data.sorted !== false) header.writeStringField(5, 'Sort.Type_then_ID');
  header.writeStringField(16, 'ops-terrain-service tests');

  const parts = [blob('OSMHeader', header.finish()), blob('OSMData', block.finish())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
