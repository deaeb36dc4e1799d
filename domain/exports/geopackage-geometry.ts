// A GeoJSON geometry as a GeoPackage geometry blob (OGC 12-128r19 §2.1.3): the "GP" header with
// the SRS id and, for all but points, the [minX, maxX, minY, maxY] envelope, then the geometry as
// little-endian ISO WKB. Positions are written 2D (longitude, latitude): the service stores no heights.
import type { LayerFeature } from '../map/layer-feature-collection.ts';

type Geometry = LayerFeature['geometry'];
type Position = number[];

const WKB_TYPE: Record<Geometry['type'], number> = {
  Point: 1,
  LineString: 2,
  Polygon: 3,
  MultiPoint: 4,
  MultiLineString: 5,
  MultiPolygon: 6,
};

/** The positions of a geometry, flattened (the envelope is their extent). */
function positionsOf(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
    case 'MultiPoint':
      return geometry.coordinates;
    case 'Polygon':
    case 'MultiLineString':
      return (geometry.coordinates as Position[][]).flat();
    case 'MultiPolygon':
      return (geometry.coordinates as Position[][][]).flat(2);
  }
}

/** [minX, minY, maxX, maxY] of a geometry's positions. */
export function geometryBbox(geometry: Geometry): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positionsOf(geometry)) {
    if (x! < minX) minX = x!;
    if (x! > maxX) maxX = x!;
    if (y! < minY) minY = y!;
    if (y! > maxY) maxY = y!;
  }
  return [minX, minY, maxX, maxY];
}

/** Bytes of one WKB geometry body; `write` appends through a cursor over a pre-sized buffer. */
function wkbLength(type: Geometry['type'], coordinates: unknown): number {
  const head = 5;
  switch (type) {
    case 'Point':
      return head + 16;
    case 'LineString':
      return head + 4 + (coordinates as Position[]).length * 16;
    case 'Polygon':
      return head + 4 + (coordinates as Position[][]).reduce((n, ring) => n + 4 + ring.length * 16, 0);
    case 'MultiPoint':
      return head + 4 + (coordinates as Position[]).reduce((n, p) => n + wkbLength('Point', p), 0);
    case 'MultiLineString':
      return head + 4 + (coordinates as Position[][]).reduce((n, l) => n + wkbLength('LineString', l), 0);
    case 'MultiPolygon':
      return head + 4 + (coordinates as Position[][][]).reduce((n, p) => n + wkbLength('Polygon', p), 0);
  }
}

function writeWkb(view: DataView, at: number, type: Geometry['type'], coordinates: unknown): number {
  view.setUint8(at, 1); // little-endian
  view.setUint32(at + 1, WKB_TYPE[type], true);
  let o = at + 5;
  const point = (p: Position) => {
    view.setFloat64(o, p[0]!, true);
    view.setFloat64(o + 8, p[1]!, true);
    o += 16;
  };
  const points = (ps: Position[]) => {
    view.setUint32(o, ps.length, true);
    o += 4;
    ps.forEach(point);
  };
  const parts = (list: unknown[], partType: Geometry['type']) => {
    view.setUint32(o, list.length, true);
    o += 4;
    for (const part of list) o = writeWkb(view, o, partType, part);
  };
  switch (type) {
    case 'Point':
      point(coordinates as Position);
      break;
    case 'LineString':
      points(coordinates as Position[]);
      break;
    case 'Polygon':
      view.setUint32(o, (coordinates as Position[][]).length, true);
      o += 4;
      (coordinates as Position[][]).forEach(points);
      break;
    case 'MultiPoint':
      parts(coordinates as Position[], 'Point');
      break;
    case 'MultiLineString':
      parts(coordinates as Position[][], 'LineString');
      break;
    case 'MultiPolygon':
      parts(coordinates as Position[][][], 'Polygon');
      break;
  }
  return o;
}

/** The GeoPackage binary of a geometry in the given SRS (4326 for the service's CRS84 positions). */
export function geopackageGeometry(geometry: Geometry, srsId: number): Uint8Array {
  const withEnvelope = geometry.type !== 'Point';
  const headerLength = 8 + (withEnvelope ? 32 : 0);
  const bytes = new Uint8Array(headerLength + wkbLength(geometry.type, geometry.coordinates));
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x47; // 'G'
  bytes[1] = 0x50; // 'P'
  bytes[2] = 0; // version 1
  // flags: bit 0 little-endian; bits 1–3 envelope kind (1 = xy); empty and extended bits clear
  bytes[3] = withEnvelope ? 0b0000_0011 : 0b0000_0001;
  view.setInt32(4, srsId, true);
  if (withEnvelope) {
    const [minX, minY, maxX, maxY] = geometryBbox(geometry);
    view.setFloat64(8, minX, true);
    view.setFloat64(16, maxX, true);
    view.setFloat64(24, minY, true);
    view.setFloat64(32, maxY, true);
  }
  writeWkb(view, headerLength, geometry.type, geometry.coordinates);
  return bytes;
}
