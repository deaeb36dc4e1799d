// Reads the ways and relations a dataset needs from an OSM PBF file, with the coordinates of just
// the nodes they use. PBF files list nodes before ways and ways before relations, so keeping
// memory proportional to what is wanted (not to the file) takes passes over the file:
//   1. wanted ways (their tags and node refs) and wanted relations;
//   2. only when a wanted relation has member ways not yet read: those ways' node refs;
//   3. the coordinates of every referenced node.
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { OSMTransform } from 'osm-pbf-parser-node';

export type OsmTags = Record<string, string>;

export interface OsmWay {
  id: number;
  refs: number[];
  tags: OsmTags;
}

export interface OsmRelationMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}

export interface OsmRelation {
  id: number;
  members: OsmRelationMember[];
  tags: OsmTags;
}

export interface OsmData {
  /** Wanted ways, and the member ways of wanted relations, by id. */
  ways: Map<number, OsmWay>;
  /** Ids of the ways that were wanted for themselves (not only as relation members), file order. */
  wantedWayIds: number[];
  relations: OsmRelation[];
  /** [lon, lat] of every node a kept way uses; nodes missing from the file are absent. */
  nodes: Map<number, [number, number]>;
}

export interface OsmSelection {
  wantWay(tags: OsmTags): boolean;
  wantRelation(tags: OsmTags): boolean;
}

export interface OsmItem {
  type?: string;
  optional_features?: string[];
  id?: number;
  refs?: number[];
  members?: OsmRelationMember[];
  tags?: OsmTags;
  lon?: number;
  lat?: number;
}

// Not the package's createOSMStream: it pipes the file with .pipe(), so a read error (a missing
// file) is an unhandled 'error' event that kills the process. pipeline() forwards it to the reader.
export async function* items(path: string, withTags: boolean): AsyncGenerator<OsmItem> {
  const options = { withTags: { node: false, way: withTags, relation: withTags }, withInfo: false };
  const parsed = pipeline(createReadStream(path), new OSMTransform(options), () => {});
  for await (const batch of parsed as AsyncIterable<OsmItem[]>) yield* batch;
}

/** Throws the parser's error (corrupt file) or the file system's (missing file) unchanged. */
export async function readOsmPbf(path: string, selection: OsmSelection, signal?: AbortSignal): Promise<OsmData> {
  const ways = new Map<number, OsmWay>();
  const wantedWayIds: number[] = [];
  const relations: OsmRelation[] = [];
  for await (const item of items(path, true)) {
    signal?.throwIfAborted();
    if (item.type === 'way' && item.tags && selection.wantWay(item.tags)) {
      ways.set(item.id!, { id: item.id!, refs: item.refs ?? [], tags: item.tags });
      wantedWayIds.push(item.id!);
    } else if (item.type === 'relation' && item.tags && selection.wantRelation(item.tags)) {
      relations.push({ id: item.id!, members: item.members ?? [], tags: item.tags });
    }
  }

  const missingMembers = new Set<number>();
  for (const relation of relations) {
    for (const member of relation.members) {
      if (member.type === 'way' && !ways.has(member.ref)) missingMembers.add(member.ref);
    }
  }
  if (missingMembers.size > 0) {
    for await (const item of items(path, false)) {
      signal?.throwIfAborted();
      if (item.type === 'way' && missingMembers.has(item.id!)) {
        ways.set(item.id!, { id: item.id!, refs: item.refs ?? [], tags: {} });
      }
    }
  }

  const wantedNodes = new Set<number>();
  for (const way of ways.values()) for (const ref of way.refs) wantedNodes.add(ref);
  const nodes = new Map<number, [number, number]>();
  let sorted = false;
  for await (const item of items(path, false)) {
    signal?.throwIfAborted();
    if (item.type === 'node') {
      if (wantedNodes.has(item.id!)) nodes.set(item.id!, [item.lon!, item.lat!]);
    } else if (item.type === undefined) {
      sorted = item.optional_features?.includes('Sort.Type_then_ID') ?? false; // the file header
    } else if (sorted) break; // a sorted file has no node after its first way
  }
  return { ways, wantedWayIds, relations, nodes };
}
