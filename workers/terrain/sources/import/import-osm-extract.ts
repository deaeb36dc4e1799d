// Turns an OSM PBF extract of any size into one FlatGeobuf file per layer (roads.fgb,
// buildings.fgb) with a packed Hilbert R-tree, the file the `flatgeobuf:` source reads by byte
// range: a job then reads only the features of its own tiles, whatever the size of the country.
// Features are made by the same conversion as the `osm-pbf:` source (osm-features.ts), so both
// sources serve the same roads and buildings. Memory is bounded by the layers' node count (24 bytes
// per node a wanted way uses), never by the file: passes over the file
//   1. wanted ways' node ids (typed arrays, sorted and deduplicated as they grow) and wanted relations;
//   1b. only when relations are wanted: their member ways' node ids;
//   2. those nodes' coordinates (walking the sorted ids alongside the sorted file);
//   3. the ways again, converted in batches and streamed out as GeoJSON text sequences;
// then GDAL's ogr2ogr (gdal-bin) writes each sequence as an indexed FlatGeobuf.
import { execFile } from 'node:child_process';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TileFeature } from '../../../../domain/terrain/types.ts';
import { items, type OsmData, type OsmRelation, type OsmWay } from '../vector/osm/read-osm-pbf.ts';
import { OSM_SELECTIONS, osmFeatures, type OsmDataset } from '../vector/osm/osm-features.ts';
import { SortedIdSet } from './sorted-id-set.ts';

const run = promisify(execFile);
/** Ways converted at once: their nodes are looked up into one small Map. */
const WAY_BATCH = 4000;

export interface ImportedLayer {
  dataset: OsmDataset;
  path: string;
  features: number;
}

export interface OsmImportReport {
  layers: ImportedLayer[];
  /** Distinct nodes the layers use (the importer's memory is about 24 bytes each). */
  nodes: number;
  seconds: number;
}

export interface OsmImportOptions {
  layers?: OsmDataset[];
  /** Progress lines (pass, counts). */
  log?: (line: string) => void;
}

const VECTOR_LAYERS: OsmDataset[] = ['roads', 'buildings', 'waterways'];

/** Writes `<outDir>/<dataset>.fgb` per layer; throws when ogr2ogr is missing or the file is not OSM PBF. */
export async function importOsmExtract(
  pbfPath: string,
  outDir: string,
  options: OsmImportOptions = {},
): Promise<OsmImportReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  // The vector layers a `flatgeobuf:` source serves. Land cover is rasterised from OSM areas and read
  // through `osm-pbf:` only: a FlatGeobuf of its polygons would need a rasterising source of its own.
  const layers = options.layers ?? VECTOR_LAYERS;
  mkdirSync(outDir, { recursive: true });

  // Pass 1: which ways and relations each layer wants, and the nodes they use.
  const ids = new SortedIdSet();
  const relations = new Map<OsmDataset, OsmRelation[]>(layers.map((l) => [l, []]));
  const memberWays = new Map<number, OsmWay>();
  let wanted = 0;
  for await (const item of items(pbfPath, true)) {
    if (item.type === 'way' && item.tags) {
      if (layers.some((l) => OSM_SELECTIONS[l].wantWay(item.tags!))) {
        ids.addAll(item.refs ?? []);
        wanted++;
      }
    } else if (item.type === 'relation' && item.tags) {
      for (const l of layers) {
        if (!OSM_SELECTIONS[l].wantRelation(item.tags)) continue;
        const relation = { id: item.id!, members: item.members ?? [], tags: item.tags };
        relations.get(l)!.push(relation);
        for (const m of relation.members)
          if (m.type === 'way') memberWays.set(m.ref, { id: m.ref, refs: [], tags: {} });
      }
    }
  }
  log(`pass 1: ${wanted} wanted ways, ${[...relations.values()].reduce((n, r) => n + r.length, 0)} wanted relations`);
  if (memberWays.size > 0) {
    for await (const item of items(pbfPath, false)) {
      if (item.type !== 'way') continue;
      const member = memberWays.get(item.id!);
      if (member) {
        member.refs = item.refs ?? [];
        ids.addAll(member.refs);
      }
    }
    log(`pass 1b: ${memberWays.size} relation member ways`);
  }
  const nodeIds = ids.finish();

  // Pass 2: coordinates of those nodes.
  const lon = new Float64Array(nodeIds.length).fill(Number.NaN);
  const lat = new Float64Array(nodeIds.length).fill(Number.NaN);
  let sorted = false;
  let cursor = 0;
  for await (const item of items(pbfPath, false)) {
    if (item.type === 'node') {
      const id = item.id!;
      // A sorted file walks the sorted ids forward; an unsorted one searches them.
      let at: number;
      if (sorted) {
        while (cursor < nodeIds.length && nodeIds[cursor]! < id) cursor++;
        at = cursor < nodeIds.length && nodeIds[cursor] === id ? cursor : -1;
      } else {
        at = SortedIdSet.indexOf(nodeIds, id);
      }
      if (at >= 0) {
        lon[at] = item.lon!;
        lat[at] = item.lat!;
      }
    } else if (item.type === undefined) {
      sorted = item.optional_features?.includes('Sort.Type_then_ID') ?? false;
    } else if (sorted) break;
  }
  log(`pass 2: coordinates of ${nodeIds.length} nodes`);

  const nodesOf = (refs: Iterable<number>, into: Map<number, [number, number]>) => {
    for (const ref of refs) {
      if (into.has(ref)) continue;
      const at = SortedIdSet.indexOf(nodeIds, ref);
      if (at >= 0 && lon[at] === lon[at]) into.set(ref, [lon[at]!, lat[at]!]);
    }
  };

  // Pass 3: the ways, converted in batches and streamed out.
  const sequences = new Map(layers.map((l) => [l, { path: join(outDir, `.${l}.geojsonseq`), fd: -1, features: 0 }]));
  for (const s of sequences.values()) s.fd = openSync(s.path, 'w');
  const writeFeatures = (layer: OsmDataset, features: TileFeature[]) => {
    const s = sequences.get(layer)!;
    if (features.length === 0) return;
    // RFC 8142 text sequences: the record separator lets ogr2ogr read one feature at a time.
    writeSync(
      s.fd,
      features
        .map((f) => `\x1e${JSON.stringify({ type: 'Feature', geometry: f.geometry, properties: f.properties })}\n`)
        .join(''),
    );
    s.features += features.length;
  };
  const batches = new Map<OsmDataset, OsmWay[]>(layers.map((l) => [l, []]));
  const flush = (layer: OsmDataset) => {
    const ways = batches.get(layer)!;
    if (ways.length === 0) return;
    const nodes = new Map<number, [number, number]>();
    for (const way of ways) nodesOf(way.refs, nodes);
    const data: OsmData = {
      ways: new Map(ways.map((w) => [w.id, w])),
      wantedWayIds: ways.map((w) => w.id),
      relations: [],
      nodes,
    };
    writeFeatures(layer, osmFeatures(data, layer));
    batches.set(layer, []);
  };
  for await (const item of items(pbfPath, true)) {
    if (item.type === 'node') continue;
    if (item.type !== 'way') {
      if (item.type === 'relation') break;
      continue;
    }
    if (!item.tags) continue;
    for (const l of layers) {
      if (!OSM_SELECTIONS[l].wantWay(item.tags)) continue;
      const batch = batches.get(l)!;
      batch.push({ id: item.id!, refs: item.refs ?? [], tags: item.tags });
      if (batch.length >= WAY_BATCH) flush(l);
    }
  }
  for (const l of layers) {
    flush(l);
    const wantedRelations = relations.get(l)!;
    if (wantedRelations.length === 0) continue;
    const nodes = new Map<number, [number, number]>();
    for (const way of memberWays.values()) nodesOf(way.refs, nodes);
    writeFeatures(l, osmFeatures({ ways: memberWays, wantedWayIds: [], relations: wantedRelations, nodes }, l));
  }
  for (const s of sequences.values()) closeSync(s.fd);
  log(`pass 3: ${[...sequences].map(([l, s]) => `${s.features} ${l}`).join(', ')}`);

  const imported: ImportedLayer[] = [];
  try {
    for (const [layer, s] of sequences) {
      const path = join(outDir, `${layer}.fgb`);
      const partial = `${path}.partial.fgb`;
      rmSync(partial, { force: true });
      await writeIndexedFlatGeobuf(s.path, partial, layer);
      renameSync(partial, path);
      imported.push({ dataset: layer, path, features: s.features });
    }
  } finally {
    for (const s of sequences.values()) rmSync(s.path, { force: true });
  }
  return { layers: imported, nodes: nodeIds.length, seconds: (performance.now() - started) / 1000 };
}

/** ogr2ogr writes FlatGeobuf with its spatial index by default; EPSG:4326 as the source reads it. */
async function writeIndexedFlatGeobuf(sequence: string, out: string, layer: string): Promise<void> {
  try {
    await run(
      'ogr2ogr',
      [
        '-f',
        'FlatGeobuf',
        '-lco',
        'SPATIAL_INDEX=YES',
        '-a_srs',
        'EPSG:4326',
        '-nln',
        layer,
        out,
        `GeoJSONSeq:${sequence}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('ogr2ogr not found: the import needs GDAL (Debian: apt-get install gdal-bin)', {
        cause: error,
      });
    }
    throw new Error(
      `ogr2ogr could not write ${out}: ${(error as { stderr?: string }).stderr ?? (error as Error).message}`,
      { cause: error },
    );
  }
}
