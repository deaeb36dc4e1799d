import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { framePixelOfLonLat } from '../../../../domain/cartography/frame-pixel-of-lon-lat.ts';
import { lonLatOfFramePixel } from '../../../../domain/cartography/lon-lat-of-frame-pixel.ts';
import type { MapComposition } from '../../../../domain/cartography/map-composition.ts';
import { mapGridLabels } from '../../../../domain/cartography/map-grid-labels.ts';
import { mapImagePixelOfLonLat } from '../../../../domain/cartography/map-image-pixel-of-lon-lat.ts';
import { mapLayout } from '../../../../domain/cartography/map-layout.ts';
import { mgrsGridLines } from '../../../../domain/cartography/mgrs-grid-lines.ts';
import { renderMapPng } from '../../../../workers/generated-maps/rendering/render-map-png.ts';
import {
  BLOCK,
  frameAround,
  HALF_BLUE,
  independentGridLabel,
  POLYGON_RING,
  ROAD_LAT,
  testComposition,
  ZAGREB_FRAME,
} from '../../../cartography/support/map-fixtures.ts';

const composition = testComposition();
const layout = mapLayout(composition);
const grid = mgrsGridLines(ZAGREB_FRAME, 1000);
const png = await renderMapPng(composition);
const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });

/** [r, g, b] of image pixel (x, y). */
const rgb = (x: number, y: number): [number, number, number] => {
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};
const assertColour = (x: number, y: number, expected: [number, number, number], what: string, tolerance = 1) => {
  const actual = rgb(x, y);
  assert.ok(
    actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance),
    `${what} at (${x}, ${y}): ${actual}`,
  );
};

/** Distance from face point (x, y) to the nearest grid line segment, pixels. */
function distanceToGrid(x: number, y: number): number {
  let best = Infinity;
  for (const line of grid.lines) {
    for (let i = 1; i < line.points.length; i++) {
      const [x0, y0] = line.points[i - 1]!;
      const [x1, y1] = line.points[i]!;
      const [dx, dy] = [x1 - x0, y1 - y0];
      const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, Math.hypot(x - x0 - t * dx, y - y0 - t * dy));
    }
  }
  return best;
}

/** The first face pixel in [x0, x1) × [y0, y1), 3 px inside it, whose centre is 3 px clear of the grid. */
function clearPixel(x0: number, x1: number, y0: number, y1: number): [number, number] {
  for (let y = y0 + 3; y < y1 - 3; y++) {
    for (let x = x0 + 3; x < x1 - 3; x++) if (distanceToGrid(x + 0.5, y + 0.5) >= 3) return [x, y];
  }
  throw new Error('no pixel clear of the grid');
}
const image = ([x, y]: [number, number]): [number, number] => [layout.face.x + x, layout.face.y + y];

test('an 8-bit RGB PNG of the documented size', async () => {
  const meta = await sharp(png).metadata();
  assert.equal([meta.format, meta.channels, meta.depth], ['png', 3, 'uchar']);
  assert.equal([meta.width, meta.height], [layout.width, layout.height]);
  assert.is(layout.width, ZAGREB_FRAME.width + 428);
});

test('pixel layers: the known block in its colour, the half-opaque layer blended over white', () => {
  assertColour(...image(clearPixel(BLOCK.x0, BLOCK.x1, BLOCK.y0, BLOCK.y1)), [0, 160, 0], 'green block');
  assertColour(
    ...image(clearPixel(HALF_BLUE.x0, HALF_BLUE.x1, HALF_BLUE.y0, HALF_BLUE.y1)),
    [127, 127, 255],
    'blue at opacity 0.5',
    2,
  );
  // The same cell found from its lon/lat, as an asset test would.
  const [cx, cy] = clearPixel(BLOCK.x0, BLOCK.x1, BLOCK.y0, BLOCK.y1);
  const [lon, lat] = lonLatOfFramePixel(ZAGREB_FRAME, cx + 0.5, cy + 0.5);
  const at = mapImagePixelOfLonLat(composition, lon, lat)!;
  assert.equal(at, image([cx, cy]));
  assertColour(...at, [0, 160, 0], 'green block by lon/lat');
});

test('vector layers: inside the polygon its fill, on the road its colour, elsewhere white paper', () => {
  const [px0, py1] = framePixelOfLonLat(ZAGREB_FRAME, POLYGON_RING[0]![0]!, POLYGON_RING[0]![1]!);
  const [px1, py0] = framePixelOfLonLat(ZAGREB_FRAME, POLYGON_RING[2]![0]!, POLYGON_RING[2]![1]!);
  assertColour(
    ...image(clearPixel(Math.ceil(px0) + 2, Math.floor(px1) - 2, Math.ceil(py0) + 2, Math.floor(py1) - 2)),
    [255, 0, 255],
    'polygon fill',
  );
  const [, roadY] = framePixelOfLonLat(ZAGREB_FRAME, 15.95, ROAD_LAT);
  const [roadX] = clearPixel(150, 450, Math.floor(roadY) - 3, Math.floor(roadY) + 4);
  assertColour(...image([roadX, Math.floor(roadY)]), [0, 0, 255], 'road');
  assertColour(...image(clearPixel(250, 320, 190, 260)), [255, 255, 255], 'empty face');
  // Off the road by 4 px: paper again (the 4 px stroke covers ±2 px).
  assertColour(...image([roadX, Math.floor(roadY) + 5]), [255, 255, 255], 'beside the road');
});

test('neatline 2 px just outside the face; white margins; grid lines dark on the face', () => {
  const { face } = layout;
  for (const y of [face.y + 150, face.y + 250]) {
    assertColour(face.x - 1, y, [0, 0, 0], 'left neatline');
    assertColour(face.x - 2, y, [0, 0, 0], 'left neatline');
    assertColour(face.x + face.width, y, [0, 0, 0], 'right neatline');
  }
  assertColour(face.x + 250, face.y - 1, [0, 0, 0], 'top neatline');
  assertColour(face.x + 250, face.y + face.height, [0, 0, 0], 'bottom neatline');
  assertColour(5, 5, [255, 255, 255], 'margin');
  assertColour(5, layout.height - 5, [255, 255, 255], 'margin');
  const line = grid.lines.find((l) => l.axis === 'northing' && l.value === 5069000)!;
  const [gx, gy] = line.points.find(([x]) => x > 260)!;
  const darkest = Math.min(...[-1, 0, 1].map((d) => rgb(face.x + Math.floor(gx), face.y + Math.floor(gy) + d)[0]));
  assert.ok(darkest < 150, `grid line ${darkest}`);
});

test('grid labels: the MGRS references of their lines (computed with mgrs and proj4), printed there', () => {
  const labels = mapGridLabels(composition, grid);
  assert.ok(labels.length >= 20);
  for (const label of labels) {
    const inward = label.edge === 'bottom' || label.edge === 'left' ? 1 : -1;
    const expected = independentGridLabel(
      ZAGREB_FRAME,
      grid,
      label,
      [label.x - layout.face.x, label.y - layout.face.y],
      inward,
    );
    assert.is(label.text, expected, `${label.edge} ${label.value}`);
    // Ink where the label is printed: dark pixels in the 12 px above its baseline, on its side of the anchor.
    const from = label.anchor === 'end' ? label.textX - 30 : label.anchor === 'middle' ? label.textX - 15 : label.textX;
    let darkest = 255;
    for (let y = Math.round(label.textY) - 12; y <= Math.round(label.textY); y++) {
      for (let x = Math.round(from); x < Math.round(from) + 30; x++) darkest = Math.min(darkest, rgb(x, y)[0]);
    }
    assert.ok(darkest < 80, `${label.text} ${label.edge} printed (${darkest})`);
  }
  assert.equal(
    labels.filter((l) => l.edge === 'bottom').map((l) => l.text),
    ['WL 71', 'WL 72', 'WL 73', 'WL 74', 'WL 75', 'WL 76', 'WL 77'],
  );
});

test('the synthetic mark is printed in red in the title block', () => {
  const { titleBlock } = layout;
  assertColour(titleBlock.x + 4, titleBlock.y + 4, [200, 16, 46], 'banner');
  const real = testComposition({ title: { ...composition.title, synthetic: false } });
  assert.not.equal(mapLayout(real).legend.y, layout.legend.y);
});

test('beyond 84° N the sheet is drawn without a grid, its diagram saying so', async () => {
  const polar = testComposition({ frame: frameAround(10, 84.8, 200, 100, 20), layers: [], gridSpacingMeters: null });
  const meta = await sharp(await renderMapPng(polar)).metadata();
  assert.equal([meta.width, meta.height], [mapLayout(polar).width, mapLayout(polar).height]);
  assert.equal(mapGridLabels(polar, mgrsGridLines(polar.frame, null)), []);
});

test('deterministic: the same composition gives the same bytes, another title other bytes', async () => {
  assert.ok((await renderMapPng(testComposition())).equals(png));
  const other = await renderMapPng(testComposition({ title: { ...composition.title, map: 'Zagreb west' } }));
  assert.not.ok(other.equals(png));
});

test('a pixel layer of the wrong size, a fractional frame and an inverted bbox are refused', async () => {
  const bad: MapComposition = testComposition({ layers: [{ kind: 'pixels', rgba: new Uint8Array(16), opacity: 1 }] });
  await renderMapPng(bad).then(
    () => assert.unreachable('rendered'),
    (error: Error) => {
      assert.instance(error, RangeError);
      assert.match(error.message, /pixel layer 0 has 16 bytes, the frame needs 960000/);
    },
  );
  const fractional = testComposition({ frame: { ...ZAGREB_FRAME, width: 600.5 } });
  await renderMapPng(fractional).then(
    () => assert.unreachable('rendered'),
    (error: Error) => {
      assert.match(error.message, /positive whole pixels/);
    },
  );
  const inverted = testComposition({ frame: { ...ZAGREB_FRAME, bbox: [16, 45.75, 15.9, 45.8] } });
  await renderMapPng(inverted).then(
    () => assert.unreachable('rendered'),
    (error: Error) => {
      assert.match(error.message, /not a west < east, south < north box/);
    },
  );
});

test.run();
