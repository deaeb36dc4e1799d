// Reads the header and the whole packed Hilbert R-tree of a FlatGeobuf file (two or three range
// reads). The index is 40 bytes per feature plus ~7 % for the inner levels, so it is read once and
// kept: every tile query is then an in-memory tree search plus range reads of just the features
// it hits. Layout (flatgeobuf spec): magic(8) | header size(4) | header | index | features.
import * as flatbuffers from 'flatbuffers';
import { fromByteBuffer, type HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { ByteRangeSource } from './open-byte-range-source.ts';

const MAGIC = [0x66, 0x67, 0x62, 0x03]; // "fgb" + major version 3
const NODE_BYTES = 40; // minX, minY, maxX, maxY as float64, then a uint64 offset
const MAX_HEADER_BYTES = 10 * 1024 * 1024;

export class FlatGeobufFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlatGeobufFormatError';
  }
}

export interface FlatGeobufIndex {
  header: HeaderMeta;
  /** Byte offset of the first feature in the file. */
  featuresStart: number;
  fileSize: number;
  /** Node boxes and offsets, root first; null when the file has no index. */
  nodes: { boxes: Float64Array; offsets: Float64Array; levelBounds: Array<[number, number]> } | null;
}

/** Node ranges per level, leaves first (index 0) and the root last, as the spec lays them out. */
function levelBounds(items: number, nodeSize: number): Array<[number, number]> {
  const counts = [items];
  let n = items;
  do {
    n = Math.ceil(n / nodeSize);
    counts.push(n);
  } while (n !== 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const bounds: Array<[number, number]> = [];
  let end = total;
  for (const count of counts) {
    bounds.push([end - count, end]);
    end -= count;
  }
  return bounds;
}

export async function readFlatGeobufIndex(source: ByteRangeSource, signal?: AbortSignal): Promise<FlatGeobufIndex> {
  const start = await source.read(0, 12, signal);
  if (start.length < 12 || !MAGIC.every((b, i) => start[i] === b))
    throw new FlatGeobufFormatError('not a FlatGeobuf file (magic bytes)');
  const headerLength = new DataView(start.buffer, start.byteOffset, 12).getUint32(8, true);
  if (headerLength < 8 || headerLength > MAX_HEADER_BYTES)
    throw new FlatGeobufFormatError(`implausible header size ${headerLength}`);
  const headerBytes = await source.read(8, 4 + headerLength, signal);
  if (headerBytes.length !== 4 + headerLength) throw new FlatGeobufFormatError('file ends inside its header');
  let header: HeaderMeta;
  try {
    header = fromByteBuffer(new flatbuffers.ByteBuffer(headerBytes));
  } catch (error) {
    throw new FlatGeobufFormatError(`unreadable header: ${(error as Error).message}`);
  }
  const fileSize = await source.size(signal);
  const indexStart = 12 + headerLength;
  if (header.indexNodeSize === 0 || header.featuresCount === 0) {
    return { header, featuresStart: indexStart, fileSize, nodes: null };
  }
  if (header.indexNodeSize < 2) throw new FlatGeobufFormatError(`index node size ${header.indexNodeSize} is below 2`);
  const bounds = levelBounds(header.featuresCount, header.indexNodeSize);
  const nodeCount = bounds[0][1]; // the leaf level ends the node array
  const indexBytes = await source.read(indexStart, nodeCount * NODE_BYTES, signal);
  if (indexBytes.length !== nodeCount * NODE_BYTES) throw new FlatGeobufFormatError('file ends inside its index');
  const view = new DataView(indexBytes.buffer, indexBytes.byteOffset, indexBytes.byteLength);
  const boxes = new Float64Array(nodeCount * 4);
  const offsets = new Float64Array(nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    const at = i * NODE_BYTES;
    for (let k = 0; k < 4; k++) boxes[i * 4 + k] = view.getFloat64(at + k * 8, true);
    offsets[i] = Number(view.getBigUint64(at + 32, true));
  }
  const featuresStart = indexStart + nodeCount * NODE_BYTES;
  // Features follow leaf order, so the last leaf holds the largest offset: it must lie in the file.
  if (featuresStart + offsets[nodeCount - 1] + 4 > fileSize) {
    throw new FlatGeobufFormatError(`the index points past the end of the file (${fileSize} bytes): truncated`);
  }
  return { header, featuresStart, fileSize, nodes: { boxes, offsets, levelBounds: bounds } };
}
