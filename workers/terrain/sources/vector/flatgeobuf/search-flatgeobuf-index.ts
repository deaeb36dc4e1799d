// Searches the packed Hilbert R-tree of a FlatGeobuf file for the features whose boxes intersect a
// rectangle. Inner node offsets point at their first child node; leaf offsets are byte offsets of
// features (relative to the first feature). Features are stored in leaf order, so a feature ends
// where the next leaf's feature begins, and the last one at the end of the file.
import type { FlatGeobufIndex } from './read-flatgeobuf-index.ts';

export interface FeatureRange {
  /** Position of the feature in the file (0-based). */
  index: number;
  /** Absolute byte offset of the feature (its size prefix) and its length including the prefix. */
  offset: number;
  length: number;
}

/** Ranges of the indexed features intersecting [minX, minY, maxX, maxY], in file order. */
export function searchFlatGeobufIndex(
  index: FlatGeobufIndex,
  [minX, minY, maxX, maxY]: [number, number, number, number],
): FeatureRange[] {
  const tree = index.nodes;
  if (!tree) throw new RangeError('the FlatGeobuf file has no spatial index');
  const { boxes, offsets, levelBounds } = tree;
  const nodeSize = index.header.indexNodeSize;
  const [firstLeaf, leafEnd] = levelBounds[0];
  const hits: number[] = [];
  // Stack of [first node, end node, level]; the root is the single node of the top level.
  const stack: Array<[number, number, number]> = [[0, 1, levelBounds.length - 1]];
  while (stack.length > 0) {
    const [from, to, level] = stack.pop()!;
    for (let node = from; node < to; node++) {
      const b = node * 4;
      if (maxX < boxes[b] || maxY < boxes[b + 1] || minX > boxes[b + 2] || minY > boxes[b + 3]) continue;
      if (level === 0) hits.push(node);
      else {
        const child = offsets[node];
        stack.push([child, Math.min(child + nodeSize, levelBounds[level - 1][1]), level - 1]);
      }
    }
  }
  hits.sort((a, b) => a - b);
  return hits.map((leaf) => {
    const offset = index.featuresStart + offsets[leaf];
    const end = leaf + 1 < leafEnd ? index.featuresStart + offsets[leaf + 1] : index.fileSize;
    return { index: leaf - firstLeaf, offset, length: end - offset };
  });
}
