// GeoPackage geometry blobs byte for byte: the GP header (version, flags, SRS id, envelope) and the
// little-endian WKB after it, for a point (no envelope) and a polygon (xy envelope).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { geometryBbox, geopackageGeometry } from '../../../domain/exports/geopackage-geometry.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const f64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v);
  return b.toString('hex');
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b.toString('hex');
};

test('a point: header without envelope, then WKB point 1', () => {
  const blob = geopackageGeometry({ type: 'Point', coordinates: [24.5, 60.25] }, 4326);
  assert.is(hex(blob), '47500001' + u32(4326) + '01' + u32(1) + f64(24.5) + f64(60.25));
});

test('a polygon: xy envelope as minX, maxX, minY, maxY, then rings with their point counts', () => {
  const ring = [
    [1, 2],
    [3, 2],
    [3, 5],
    [1, 2],
  ];
  const blob = geopackageGeometry({ type: 'Polygon', coordinates: [ring] }, 4326);
  const envelope = f64(1) + f64(3) + f64(2) + f64(5);
  const wkb = '01' + u32(3) + u32(1) + u32(4) + ring.map(([x, y]) => f64(x!) + f64(y!)).join('');
  assert.is(hex(blob), '47500003' + u32(4326) + envelope + wkb);
});

test('multi geometries nest one WKB geometry per part', () => {
  const blob = geopackageGeometry(
    {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, -1],
        ],
      ],
    },
    4326,
  );
  const line = (a: number[], b: number[]) => '01' + u32(2) + u32(2) + f64(a[0]!) + f64(a[1]!) + f64(b[0]!) + f64(b[1]!);
  const envelope = f64(0) + f64(3) + f64(-1) + f64(2);
  assert.is(
    hex(blob),
    '47500003' + u32(4326) + envelope + '01' + u32(5) + u32(2) + line([0, 0], [1, 1]) + line([2, 2], [3, -1]),
  );
});

test('the extent of a multipolygon covers every ring of every part', () => {
  assert.equal(
    geometryBbox({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [-5, 2],
            [-4, 2],
            [-4, 7],
            [-5, 2],
          ],
        ],
      ],
    }),
    [-5, 0, 1, 7],
  );
});

test.run();
