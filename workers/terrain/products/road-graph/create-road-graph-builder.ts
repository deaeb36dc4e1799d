// Builds a RoadGraph from road features added tile by tile (the parts of one road cut at work-tile
// borders arrive in different batches). Coordinates are snapped to 1e-7° (≈ 1 cm), which makes the
// two ends of a road cut at a tile border — computed from slightly different tile bounds — the same
// point. Then:
//   1. a vertex is a node when it ends a line, is shared by two lines (a junction: roads sharing a
//      vertex, as OSM ways share nodes) or repeats within one line;
//   2. lines are split at nodes into edges;
//   3. nodes that join exactly two edges of equal class, speed and direction (tile-border cuts,
//      consecutive OSM ways) are dissolved, so edges run from junction to junction;
//   4. lengths are geodesic (Vincenty on WGS 84) along the geometry.
// Roads that cross without a shared vertex (bridges, tunnels) stay unconnected, as they should.
import type { Position } from 'geojson';
import type { TileFeature } from '../../../../domain/terrain/types.ts';
import { normaliseRoadClass, type RoadClass } from '../../sources/vector/road-class.ts';
import { geodesicDistanceMeters } from './geodesic-distance-meters.ts';
import type { RoadGraph, RoadGraphEdge } from './road-graph.ts';
import { roadSpeedKmh } from './road-speed-kmh.ts';

const SNAP = 1e7;

interface Line {
  /** Snapped integer coordinates, x0, y0, x1, y1, ... */
  coords: number[];
  cls: RoadClass;
  speedKmh: number;
  oneway: boolean;
}

interface Edge {
  from: string;
  to: string;
  coords: number[];
  line: Line;
  removed: boolean;
}

export interface RoadGraphBuilder {
  /** Adds the road features of one work tile (LineString / MultiLineString; others are ignored). */
  add(features: readonly TileFeature[]): void;
  build(): RoadGraph;
}

const key = (x: number, y: number) => `${x},${y}`;

function snappedLine(coordinates: Position[]): number[] {
  const coords: number[] = [];
  for (const [lon, lat] of coordinates) {
    const x = Math.round(lon * SNAP);
    const y = Math.round(lat * SNAP);
    const n = coords.length;
    if (n === 0 || coords[n - 2] !== x || coords[n - 1] !== y) coords.push(x, y);
  }
  return coords;
}

function splitAtNodes(line: Line, isNode: (k: string) => boolean): Edge[] {
  const edges: Edge[] = [];
  let start = 0;
  for (let i = 2; i < line.coords.length; i += 2) {
    const k = key(line.coords[i], line.coords[i + 1]);
    if (i === line.coords.length - 2 || isNode(k)) {
      edges.push({
        from: key(line.coords[start], line.coords[start + 1]),
        to: k,
        coords: line.coords.slice(start, i + 2),
        line,
        removed: false,
      });
      start = i;
    }
  }
  return edges;
}

function reversed(coords: number[]): number[] {
  const out: number[] = [];
  for (let i = coords.length - 2; i >= 0; i -= 2) out.push(coords[i], coords[i + 1]);
  return out;
}

/** Joins edges a and b meeting at `node` into a, or answers false when they must stay apart. */
function dissolve(a: Edge, b: Edge, node: string): boolean {
  if (a === b || a.line.cls !== b.line.cls || a.line.speedKmh !== b.line.speedKmh || a.line.oneway !== b.line.oneway)
    return false;
  if (a.line.oneway) {
    // one must arrive at the node and the other leave it
    const [first, second] =
      a.to === node && b.from === node ? [a, b] : b.to === node && a.from === node ? [b, a] : [null, null];
    if (!first || !second) return false;
    a.coords = [...first.coords, ...second.coords.slice(2)];
    a.from = first.from;
    a.to = second.to;
  } else {
    const head = a.to === node ? a.coords : reversed(a.coords);
    const tail = b.from === node ? b.coords : reversed(b.coords);
    a.from = a.to === node ? a.from : a.to;
    a.to = b.from === node ? b.to : b.from;
    a.coords = [...head, ...tail.slice(2)];
  }
  b.removed = true;
  return true;
}

export function createRoadGraphBuilder(): RoadGraphBuilder {
  const lines: Line[] = [];
  return {
    add(features) {
      for (const feature of features) {
        const g = feature.geometry;
        if (!g || (g.type !== 'LineString' && g.type !== 'MultiLineString')) continue;
        const cls = normaliseRoadClass(feature.properties.class ?? feature.properties.highway);
        const speedKmh = roadSpeedKmh(cls, feature.properties.surface);
        const oneway = feature.properties.oneway === true;
        for (const part of g.type === 'LineString' ? [g.coordinates] : g.coordinates) {
          const coords = snappedLine(part);
          if (coords.length >= 4) lines.push({ coords, cls, speedKmh, oneway });
        }
      }
    },
    build() {
      // 1. node vertices
      const uses = new Map<string, number>();
      const nodes = new Set<string>();
      for (const line of lines) {
        const seen = new Set<string>();
        for (let i = 0; i < line.coords.length; i += 2) {
          const k = key(line.coords[i], line.coords[i + 1]);
          if (seen.has(k)) nodes.add(k);
          seen.add(k);
          uses.set(k, (uses.get(k) ?? 0) + 1);
        }
        nodes.add(key(line.coords[0], line.coords[1]));
        nodes.add(key(line.coords[line.coords.length - 2], line.coords[line.coords.length - 1]));
      }
      for (const [k, count] of uses) if (count > 1) nodes.add(k);
      // 2. edges between nodes
      const edges = lines.flatMap((line) => splitAtNodes(line, (k) => nodes.has(k)));
      // 3. dissolve nodes joining exactly two edge ends
      const incident = new Map<string, Edge[]>();
      for (const edge of edges) {
        for (const end of [edge.from, edge.to]) {
          const list = incident.get(end);
          if (list) list.push(edge);
          else incident.set(end, [edge]);
        }
      }
      for (const [node, list] of incident) {
        const live = list.filter((e) => !e.removed);
        if (live.length !== 2 || live[0] === live[1]) continue;
        const [a, b] = live;
        if (!dissolve(a, b, node)) continue;
        for (const end of [a.from, a.to]) {
          // b's far end now ends a
          const ends = incident.get(end)!;
          if (!ends.includes(a)) ends.push(a);
        }
      }
      // 4. number the nodes still in use, measure the edges
      const index = new Map<string, number>();
      const nodePositions: Position[] = [];
      const nodeOf = (k: string) => {
        let i = index.get(k);
        if (i === undefined) {
          const [x, y] = k.split(',').map(Number);
          i = nodePositions.push([x / SNAP, y / SNAP]) - 1;
          index.set(k, i);
        }
        return i;
      };
      const out: RoadGraphEdge[] = [];
      for (const edge of edges) {
        if (edge.removed) continue;
        const geometry: Position[] = [];
        for (let i = 0; i < edge.coords.length; i += 2)
          geometry.push([edge.coords[i] / SNAP, edge.coords[i + 1] / SNAP]);
        let lengthMeters = 0;
        for (let i = 1; i < geometry.length; i++) {
          lengthMeters += geodesicDistanceMeters(
            geometry[i - 1][0],
            geometry[i - 1][1],
            geometry[i][0],
            geometry[i][1],
          );
        }
        out.push({
          from: nodeOf(edge.from),
          to: nodeOf(edge.to),
          lengthMeters,
          class: edge.line.cls,
          speedKmh: edge.line.speedKmh,
          oneway: edge.line.oneway,
          geometry,
        });
      }
      return { nodes: nodePositions, edges: out };
    },
  };
}
