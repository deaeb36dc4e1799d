import type { Position } from 'geojson';
import { lonLatToMercator } from './lon-lat-to-mercator.ts';
import { tileBounds } from './tile-bounds.ts';
import type { AreaPolygon, TileAddress } from './types.ts';
import { MAX_MERCATOR_LATITUDE, MERCATOR_HALF_WORLD_M, WORK_ZOOM } from './work-grid.ts';
import { MAX_TILE_ZOOM } from './assert-tile-address.ts';

/**
 * Distance, in degrees (about 0.1 mm), within which a polygon edge counts as lying on a tile
 * border: the same border computed from two neighbouring tiles can differ in the last bit.
 */
const EDGE_TOLERANCE_DEG = 1e-9;

/** One polygon edge in degrees: lon/lat of its two ends. */
interface Edge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The tiles of zoom `zoom` whose interior intersects the interior of `area` (a GeoJSON Polygon or
 * MultiPolygon in lon/lat, holes honoured), sorted north to south, then west to east.
 *
 * This is a true polygon/tile test, not the bounding box: an L-shaped or diagonal area gets only
 * the tiles it touches. Tiles are lon/lat rectangles and GeoJSON edges are straight lines in
 * lon/lat (RFC 7946 §3.1.1), so the test is exact in degrees. A tile is kept when a polygon edge
 * passes through its open interior, or when its centre is inside the area (even-odd rule over all
 * rings; that covers tiles wholly inside and excludes tiles wholly inside a hole). Touching a tile
 * only along its border does not count, so a polygon equal to one tile yields exactly that tile.
 * Latitudes beyond ±85.0511° are clamped to the mercator square; areas crossing the antimeridian
 * must be split into a MultiPolygon (as RFC 7946 §3.1.9 asks).
 */
export function workTilesForArea(area: AreaPolygon, zoom: number = WORK_ZOOM): TileAddress[] {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > MAX_TILE_ZOOM) {
    throw new RangeError(`zoom must be an integer from 0 to ${MAX_TILE_ZOOM}, got ${zoom}`);
  }
  const edges = areaEdges(area);
  if (edges.length === 0) return [];
  let minLon = Infinity,
    minLat = Infinity,
    maxLon = -Infinity,
    maxLat = -Infinity;
  for (const e of edges) {
    minLon = Math.min(minLon, e.x1, e.x2);
    maxLon = Math.max(maxLon, e.x1, e.x2);
    minLat = Math.min(minLat, e.y1, e.y2);
    maxLat = Math.max(maxLat, e.y1, e.y2);
  }
  const n = 2 ** zoom;
  const span = (2 * MERCATOR_HALF_WORLD_M) / n;
  const clampIndex = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v)));
  const [mx0, my1] = lonLatToMercator(minLon, maxLat);
  const [mx1, my0] = lonLatToMercator(maxLon, minLat);
  const xFirst = clampIndex((mx0 + MERCATOR_HALF_WORLD_M) / span);
  const xLast = clampIndex((mx1 + MERCATOR_HALF_WORLD_M) / span);
  const yFirst = clampIndex((MERCATOR_HALF_WORLD_M - my1) / span);
  const yLast = clampIndex((MERCATOR_HALF_WORLD_M - my0) / span);

  const tiles: TileAddress[] = [];
  for (let y = yFirst; y <= yLast; y++) {
    const [, south, , north] = tileBounds({ z: zoom, x: 0, y });
    // Only edges reaching this row's latitude band can cut its tiles or cross their centres.
    const rowEdges = edges.filter((e) => Math.max(e.y1, e.y2) >= south && Math.min(e.y1, e.y2) <= north);
    if (rowEdges.length === 0) continue;
    for (let x = xFirst; x <= xLast; x++) {
      const [west, , east] = tileBounds({ z: zoom, x, y });
      if (tileIntersectsArea(rowEdges, west, south, east, north)) tiles.push({ z: zoom, x, y });
    }
  }
  return tiles;
}

function tileIntersectsArea(edges: Edge[], west: number, south: number, east: number, north: number): boolean {
  for (const e of edges) {
    if (Math.max(e.x1, e.x2) < west || Math.min(e.x1, e.x2) > east) continue;
    if (segmentCrossesOpenRectangle(e, west, south, east, north)) return true;
  }
  return pointInArea(edges, (west + east) / 2, (south + north) / 2);
}

/**
 * Liang-Barsky: clip the segment to the closed rectangle; it enters the open interior when the
 * clipped part has length and its midpoint lies strictly inside (a clipped part lying along the
 * border has its midpoint on the border).
 */
function segmentCrossesOpenRectangle(e: Edge, west: number, south: number, east: number, north: number): boolean {
  const dx = e.x2 - e.x1;
  const dy = e.y2 - e.y1;
  let t0 = 0;
  let t1 = 1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
    return true;
  };
  if (!clip(-dx, e.x1 - west) || !clip(dx, east - e.x1) || !clip(-dy, e.y1 - south) || !clip(dy, north - e.y1)) {
    return false;
  }
  if (t1 <= t0) return false;
  const mx = e.x1 + ((t0 + t1) / 2) * dx;
  const my = e.y1 + ((t0 + t1) / 2) * dy;
  return (
    mx > west + EDGE_TOLERANCE_DEG &&
    mx < east - EDGE_TOLERANCE_DEG &&
    my > south + EDGE_TOLERANCE_DEG &&
    my < north - EDGE_TOLERANCE_DEG
  );
}

/** Even-odd ray casting towards +x over every ring edge. */
function pointInArea(edges: Edge[], px: number, py: number): boolean {
  let inside = false;
  for (const e of edges) {
    if (e.y1 > py !== e.y2 > py) {
      const xCross = e.x1 + ((py - e.y1) * (e.x2 - e.x1)) / (e.y2 - e.y1);
      if (px < xCross) inside = !inside;
    }
  }
  return inside;
}

function areaEdges(area: AreaPolygon): Edge[] {
  let polygons: Position[][][];
  if (area?.type === 'Polygon') polygons = [area.coordinates];
  else if (area?.type === 'MultiPolygon') polygons = area.coordinates;
  else
    throw new TypeError(
      `area must be a GeoJSON Polygon or MultiPolygon, got ${String((area as { type?: unknown })?.type)}`,
    );
  if (!Array.isArray(polygons)) throw new TypeError('area coordinates must be an array');
  const edges: Edge[] = [];
  polygons.forEach((rings, p) => {
    if (!Array.isArray(rings)) throw new TypeError(`polygon ${p} is not an array of rings`);
    rings.forEach((ring, r) => {
      if (!Array.isArray(ring) || ring.length < 4) {
        throw new RangeError(`polygon ${p} ring ${r} needs at least 4 positions (a closed triangle)`);
      }
      const points = ring.map((position, i) => checkedPosition(position, p, r, i));
      const [first, last] = [points[0], points[points.length - 1]];
      if (first[0] !== last[0] || first[1] !== last[1]) throw new RangeError(`polygon ${p} ring ${r} is not closed`);
      for (let i = 0; i + 1 < points.length; i++) {
        edges.push({ x1: points[i][0], y1: points[i][1], x2: points[i + 1][0], y2: points[i + 1][1] });
      }
    });
  });
  return edges;
}

function checkedPosition(position: Position, p: number, r: number, i: number): [number, number] {
  const [lon, lat] = Array.isArray(position) ? position : [];
  if (
    typeof lon !== 'number' ||
    typeof lat !== 'number' ||
    !Number.isFinite(lon) ||
    !Number.isFinite(lat) ||
    lon < -180 ||
    lon > 180 ||
    lat < -90 ||
    lat > 90
  ) {
    throw new RangeError(
      `polygon ${p} ring ${r} position ${i} is not a [longitude, latitude] in range: ${JSON.stringify(position)}`,
    );
  }
  return [lon, Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, lat))];
}
