// Connected components of a road graph, ignoring direction (weak connectivity): how much of the
// network one can reach from anywhere in its main part. Union-find over edges.
import type { RoadGraph } from './road-graph.ts';

export interface RoadGraphComponents {
  count: number;
  /** Nodes in the component with the most nodes. */
  largestNodeCount: number;
  /** Share (0..1) of the total edge length that lies in that component; 0 for an empty graph. */
  largestLengthShare: number;
  totalLengthMeters: number;
}

export function roadGraphComponents(graph: RoadGraph): RoadGraphComponents {
  const parent = Int32Array.from({ length: graph.nodes.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (const { from, to } of graph.edges) {
    const a = find(from),
      b = find(to);
    if (a !== b) parent[a] = b;
  }
  const nodeCounts = new Map<number, number>();
  for (let i = 0; i < graph.nodes.length; i++) nodeCounts.set(find(i), (nodeCounts.get(find(i)) ?? 0) + 1);
  const lengths = new Map<number, number>();
  let total = 0;
  for (const edge of graph.edges) {
    const root = find(edge.from);
    lengths.set(root, (lengths.get(root) ?? 0) + edge.lengthMeters);
    total += edge.lengthMeters;
  }
  let largest = -1,
    largestNodes = 0;
  for (const [root, n] of nodeCounts)
    if (n > largestNodes || (n === largestNodes && (lengths.get(root) ?? 0) > (lengths.get(largest) ?? 0))) {
      largest = root;
      largestNodes = n;
    }
  return {
    count: nodeCounts.size,
    largestNodeCount: largestNodes,
    largestLengthShare: total > 0 ? (lengths.get(largest) ?? 0) / total : 0,
    totalLengthMeters: total,
  };
}
