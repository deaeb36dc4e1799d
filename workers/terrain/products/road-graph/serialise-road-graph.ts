// Compact binary form of a RoadGraph (little-endian), for the artifact store:
//   magic "RDG1" | u32 node count | u32 edge count | u32 vertex count
//   nodes:    i32 lon·1e7, i32 lat·1e7                     (node count pairs)
//   edges:    u32 from, u32 to, f64 length m, f32 speed km/h, u8 class, u8 oneway, u16 zero,
//             u32 first vertex, u32 vertex count             (32 bytes each)
//   vertices: i32 lon·1e7, i32 lat·1e7                     (all edge geometries, in edge order)
// Coordinates are already snapped to 1e-7°, so the round trip is exact.
import { ROAD_CLASSES } from '../../sources/vector/road-class.ts';
import type { RoadGraph } from './road-graph.ts';

export const ROAD_GRAPH_MAGIC = 0x31474452; // "RDG1" read as little-endian u32
export const ROAD_GRAPH_EDGE_BYTES = 32;

export function serialiseRoadGraph(graph: RoadGraph): Uint8Array {
  const vertexCount = graph.edges.reduce((n, e) => n + e.geometry.length, 0);
  const size = 16 + graph.nodes.length * 8 + graph.edges.length * ROAD_GRAPH_EDGE_BYTES + vertexCount * 8;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, ROAD_GRAPH_MAGIC, true);
  view.setUint32(4, graph.nodes.length, true);
  view.setUint32(8, graph.edges.length, true);
  view.setUint32(12, vertexCount, true);
  let at = 16;
  for (const [lon, lat] of graph.nodes) {
    view.setInt32(at, Math.round(lon * 1e7), true);
    view.setInt32(at + 4, Math.round(lat * 1e7), true);
    at += 8;
  }
  let vertexAt = at + graph.edges.length * ROAD_GRAPH_EDGE_BYTES;
  let firstVertex = 0;
  for (const edge of graph.edges) {
    view.setUint32(at, edge.from, true);
    view.setUint32(at + 4, edge.to, true);
    view.setFloat64(at + 8, edge.lengthMeters, true);
    view.setFloat32(at + 16, edge.speedKmh, true);
    view.setUint8(at + 20, ROAD_CLASSES.indexOf(edge.class));
    view.setUint8(at + 21, edge.oneway ? 1 : 0);
    view.setUint32(at + 24, firstVertex, true);
    view.setUint32(at + 28, edge.geometry.length, true);
    at += ROAD_GRAPH_EDGE_BYTES;
    for (const [lon, lat] of edge.geometry) {
      view.setInt32(vertexAt, Math.round(lon * 1e7), true);
      view.setInt32(vertexAt + 4, Math.round(lat * 1e7), true);
      vertexAt += 8;
    }
    firstVertex += edge.geometry.length;
  }
  return bytes;
}
