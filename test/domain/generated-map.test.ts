// Generated maps, pure parts: the decider given/when/then (a new input hash is a new rendering, the
// same hash nothing), asset paths, the input hash, the date-time group, the frame of an area, the
// hillshade on exact numbers, and the MCOO's layers and legend.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { specFor } from '../support/given-when-then.ts';
import { generatedMapDecider } from '../../domain/generated-map/generated-map-decider.ts';
import {
  generatedMapIdOf,
  type GeneratedMapCreatedData,
  type GeneratedMapEvent,
} from '../../domain/generated-map/generated-map-events.ts';
import { assetOfPath, ASSET_PATH_PATTERN } from '../../domain/generated-map/generated-map-vocabulary.ts';
import { assetInputHash } from '../../domain/generated-map/asset-input-hash.ts';
import { dateTimeGroup } from '../../domain/generated-map/date-time-group.ts';
import { mapFrameForArea } from '../../domain/generated-map/map-frame-for-area.ts';
import { hillshade } from '../../domain/generated-map/hillshade.ts';
import { mosaicForFrame } from '../../domain/generated-map/mosaic-for-frame.ts';
import { mosaicZoomForFrame } from '../../domain/generated-map/mosaic-zoom-for-frame.ts';
import { nearestMosaicCells } from '../../domain/generated-map/nearest-mosaic-cells.ts';
import { mcooComposition } from '../../domain/generated-map/map-compositions.ts';
import { framePixelOfLonLat } from '../../domain/cartography/frame-pixel-of-lon-lat.ts';
import { lonLatToMercator } from '../../domain/terrain/lon-lat-to-mercator.ts';

const spec = specFor(generatedMapDecider);
const OPERATION = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const asset = (hash: string): GeneratedMapCreatedData => ({
  generated_map_id: generatedMapIdOf(OPERATION, 'mcoo-wheeled.png'),
  operation_id: OPERATION,
  map_id: '7d1f2e3c-4b5a-4968-8776-655443322110',
  asset_path: 'mcoo-wheeled.png',
  kind: 'mcoo',
  title: 'MCOO — wheeled vehicles',
  inputs: { terrain_job: 'x@3' },
  input_hash: hash,
  renderer_version: 'maps-v1+r1',
  blob_key: `generated-maps/${hash}.png`,
  content_type: 'image/png',
  size: 1000,
  sha256: 'a'.repeat(64),
  width: 1900,
  height: 1300,
});
const created = (hash: string): GeneratedMapEvent => ({ type: 'GeneratedMapCreated', data: asset(hash) });

test('given nothing, when recorded, then GeneratedMapCreated', () => {
  spec([])
    .when({ type: 'RecordGeneratedMap', asset: asset('00000000000000aa') })
    .then([created('00000000000000aa')]);
});

test('given a rendering, when the same inputs are recorded again, then nothing; new inputs, a new rendering', () => {
  spec([created('00000000000000aa')])
    .when({ type: 'RecordGeneratedMap', asset: asset('00000000000000aa') })
    .then([]);
  spec([created('00000000000000aa')])
    .when({ type: 'RecordGeneratedMap', asset: asset('00000000000000bb') })
    .then([created('00000000000000bb')]);
});

test('when the path does not name the kind, or the id is not the path of the operation, then invalid', () => {
  spec([])
    .when({ type: 'RecordGeneratedMap', asset: { ...asset('00000000000000aa'), kind: 'area_overview' } })
    .thenThrows('invalid', /not the path of a area_overview map/);
  const otherOperation = OPERATION.replace('0c', '0d');
  spec([])
    .when({ type: 'RecordGeneratedMap', asset: { ...asset('00000000000000aa'), operation_id: otherOperation } })
    .thenThrows('invalid', /is not mcoo-wheeled.png of its operation/);
});

test('asset paths: the three kinds, nothing else', () => {
  assert.equal(assetOfPath('area-overview.png'), { kind: 'area_overview' });
  assert.equal(assetOfPath('mcoo-tracked.png'), { kind: 'mcoo', vehicle: 'tracked' });
  assert.equal(assetOfPath('analysis-1f0e2d3c-4b5a-4697-8877-665544332211.png'), {
    kind: 'analysis',
    analysis_id: '1f0e2d3c-4b5a-4697-8877-665544332211',
  });
  for (const bad of ['mcoo-boat.png', 'area-overview.pdf', '../area-overview.png', 'analysis-1.png', 'a/b.png']) {
    assert.is(assetOfPath(bad), null, bad);
  }
  const pattern = new RegExp(ASSET_PATH_PATTERN);
  for (const bad of ['..', '../x.png', 'a/b.png', 'a\\b.png', '.png', 'A.png']) assert.not.ok(pattern.test(bad), bad);
});

test('input hash: key order does not matter; any input, the kind or the renderer version changes it', () => {
  const h = assetInputHash('mcoo', 'v1', { a: '1', b: '2' });
  assert.match(h, /^[0-9a-f]{16}$/);
  assert.is(assetInputHash('mcoo', 'v1', { b: '2', a: '1' }), h);
  assert.is.not(assetInputHash('mcoo', 'v1', { a: '1', b: '3' }), h);
  assert.is.not(assetInputHash('analysis', 'v1', { a: '1', b: '2' }), h);
  assert.is.not(assetInputHash('mcoo', 'v2', { a: '1', b: '2' }), h);
});

test('date-time group in Zulu time', () => {
  assert.is(dateTimeGroup('2026-11-23T14:05:59.900Z'), '231405ZNOV26');
  assert.is(dateTimeGroup('2027-01-02T00:00:00+02:00'), '012200ZJAN27');
  assert.throws(() => dateTimeGroup('yesterday'), /not a date-time/);
});

test('frame: the area plus 8 % of its long side each way, 1600 px long, square mercator pixels', () => {
  const frame = mapFrameForArea([24.93, 60.15, 25.0, 60.18]);
  const [x0, y0] = lonLatToMercator(24.93, 60.15);
  const [x1, y1] = lonLatToMercator(25.0, 60.18);
  const margin = (x1 - x0) * 0.08;
  assert.is(frame.width, 1600);
  const pixel = (x1 - x0 + 2 * margin) / 1600;
  assert.is(frame.height, Math.ceil((y1 - y0 + 2 * margin) / pixel));
  const [fx0, fy0] = lonLatToMercator(frame.bbox[0], frame.bbox[1]);
  const [fx1, fy1] = lonLatToMercator(frame.bbox[2], frame.bbox[3]);
  assert.ok(Math.abs((fx1 - fx0) / frame.width - (fy1 - fy0) / frame.height) < 1e-6);
  // The area's corners fall inside the face, a margin away from its edges.
  const [cx, cy] = framePixelOfLonLat(frame, 24.93, 60.18);
  assert.ok(Math.abs(cx - margin / pixel) < 1e-6, String(cx));
  assert.ok(cy > 0 && cy < frame.height / 2);
  assert.throws(() => mapFrameForArea([1, 1, 1, 2]), /no area/);
});

test('mosaic: zoom matching the face, tiles covering it, nearest cells', () => {
  const frame = mapFrameForArea([24.93, 60.15, 25.0, 60.18]);
  assert.is(mosaicZoomForFrame(frame), 12); // 2.6 m face pixels: the work zoom is the finest there is
  const wide = mapFrameForArea([20, 58, 26, 62]);
  // 647 m of mercator per face pixel: zoom 8 (611 m pixels) is the coarsest no coarser than the face.
  assert.is(mosaicZoomForFrame(wide), 8);
  const mosaic = mosaicForFrame(frame, 12);
  assert.equal([mosaic.tilesWide, mosaic.tilesHigh], [2, 2]);
  const cells = nearestMosaicCells(frame, mosaic);
  assert.ok(cells.every((c) => c >= 0 && c < 512 * 512));
});

test('hillshade: flat ground sin(45°); a slope facing the sun brighter, away darker; exact plane values', () => {
  const plane = (gx: number, gy: number) => ({
    width: 3,
    height: 3,
    data: Float32Array.from({ length: 9 }, (_, i) => gx * (i % 3) + gy * Math.floor(i / 3)),
  });
  const spacing = [10, 10, 10];
  assert.ok(Math.abs(hillshade(plane(0, 0), spacing)[4]! - Math.SQRT1_2) < 1e-6);
  // Rising eastward 10 m per 10 m pixel: it faces west, half towards the north-west sun: brighter than flat.
  const east = hillshade(plane(10, 0), spacing)[4]!;
  // Normal (-1, 0, 1)/√2, sun (-½, ½, √½): shade (½ + √½)/√2.
  const expected = (0.5 + Math.SQRT1_2) / Math.SQRT2;
  assert.ok(Math.abs(east - expected) < 1e-6, `${east} vs ${expected}`);
  const west = hillshade(plane(-10, 0), spacing)[4]!;
  assert.ok(Math.abs(west - (Math.SQRT1_2 - 0.5) / Math.SQRT2) < 1e-6, String(west));
  const nodata = plane(0, 0);
  nodata.data[4] = Number.NaN;
  assert.ok(Number.isNaN(hillshade(nodata, spacing)[4]!));
  assert.throws(() => hillshade(plane(0, 0), [10, 10]), /row spacing/);
});

test('MCOO composition: relief, shading, water and built-up, roads, area; a legend entry per shading', () => {
  const frame = { bbox: [0, 0, 0.01, 0.01] as [number, number, number, number], width: 2, height: 1 };
  const point = { type: 'Point' as const, coordinates: [0, 0] };
  const area = [{ type: 'Feature' as const, properties: {}, geometry: point }];
  const title = { title: 't', operation: 'o', map: 'm', date_time_group: 'd', sources: [], synthetic: true };
  const base = { frame, title, area, shade: Float32Array.of(1, Number.NaN) };
  const c = mcooComposition(base, Uint8Array.of(2, 1), Uint8Array.of(80, 50), { major: [], minor: [] });
  assert.is(c.gridSpacingMeters, null);
  assert.equal(
    c.layers.map((l) => l.kind),
    ['pixels', 'pixels', 'pixels', 'vector'],
  );
  const [relief, shading, cover] = c.layers as Array<{ rgba: Uint8Array }>;
  assert.equal([...relief!.rgba], [255, 255, 255, 255, 0, 0, 0, 0]);
  assert.equal([...shading!.rgba], [200, 20, 20, 170, 235, 160, 0, 130]);
  assert.equal([...cover!.rgba], [30, 90, 200, 210, 40, 40, 40, 190]);
  assert.equal(
    c.legend.map((l) => l.label),
    ['Area of operations', 'NO-GO', 'SLOW-GO', 'Permanent water bodies', 'Built-up area'],
  );
});

test.run();
