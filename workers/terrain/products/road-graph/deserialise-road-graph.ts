// Reads the binary form written by serialiseRoadGraph, checking sizes, indices and classes so that
// a truncated or foreign blob fails loudly (RangeError) instead of yielding a wrong graph.
import type { Position } from 'geojson';
import { ROAD_CLASSES } from '../../sources/vector/road-class.ts';
import type { RoadGraph, RoadGraphEdge } from './road-graph.ts';
import { ROAD_GRAPH_EDGE_BYTES, ROAD_GRAPH_MAGIC } from './serialise-road-graph.ts';

export function deserialiseRoadGraph(bytes: Uint8Array): RoadGraph {
  if (bytes.length < 16) throw new RangeError('road graph: too short for a header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ROAD_GRAPH_MAGIC) throw new RangeError('road graph: not an RDG1 blob');
  const nodeCount = view.getUint32(4, true);
  const edgeCount = view.getUint32(8, true);
  const vertexCount = view.getUint32(12, true);
  const expected = 16 + nodeCount * 8 + edgeCount * ROAD_GRAPH_EDGE_BYTES + vertexCount * 8;
  if (bytes.length !== expected) throw new RangeError(`road graph: ${bytes.length} bytes, header says ${expected}`);
  const nodes: Position[] = [];
  let at = 16;
  for (let i = 0; i < nodeCount; i++, at += 8)
    nodes.push([view.getInt32(at, true) / 1e7, view.getInt32(at + 4, true) / 1e7]);
  const verticesAt = at + edgeCount * ROAD_GRAPH_EDGE_BYTES;
  const edges: RoadGraphEdge[] = [];
  for (let i = 0; i < edgeCount; i++, at += ROAD_GRAPH_EDGE_BYTES) {
    const from = view.getUint32(at, true);
    const to = view.getUint32(at + 4, true);
    const cls = ROAD_CLASSES[view.getUint8(at + 20)];
    const first = view.getUint32(at + 24, true);
    const count = view.getUint32(at + 28, true);
    if (from >= nodeCount || to >= nodeCount || cls === undefined || first + count > vertexCount || count < 2) {
      throw new RangeError(`road graph: edge ${i} is malformed`);
    }
    const geometry: Position[] = [];
    for (let v = first; v < first + count; v++) {
      const o = verticesAt + v * 8;
      geometry.push([view.getInt32(o, true) / 1e7, view.getInt32(o + 4, true) / 1e7]);
    }
    edges.push({
      from,
      to,
      lengthMeters: view.getFloat64(at + 8, true),
      speedKmh: view.getFloat32(at + 16, true),
      class: cls,
      oneway: view.getUint8(at + 21) === 1,
      geometry,
    });
  }
  return { nodes, edges };
}
