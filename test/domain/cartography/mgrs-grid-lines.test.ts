import { test } from 'uvu';
import * as assert from 'uvu/assert';
import proj4 from 'proj4';
import { framePixelOfLonLat } from '../../../domain/cartography/frame-pixel-of-lon-lat.ts';
import { lonLatOfFramePixel } from '../../../domain/cartography/lon-lat-of-frame-pixel.ts';
import { lonLatToUtm } from '../../../domain/cartography/lon-lat-to-utm.ts';
import type { MapFrame } from '../../../domain/cartography/map-composition.ts';
import { mgrsGridLines, type MgrsGrid, type MgrsGridLine } from '../../../domain/cartography/mgrs-grid-lines.ts';
import { utmToLonLat } from '../../../domain/cartography/utm-to-lon-lat.ts';
import { frameAround, independentGridLabel, ZAGREB_FRAME } from '../../cartography/support/map-fixtures.ts';

/** The label a line should carry at its first or last point, from mgrs and proj4 alone (see the fixture). */
function expectedLabel(frame: MapFrame, grid: MgrsGrid, line: MgrsGridLine, end: 'start' | 'end'): string | null {
  const point = end === 'start' ? line.points[0]! : line.points[line.points.length - 1]!;
  return independentGridLabel(frame, grid, line, point, end === 'start' ? 1 : -1);
}

function assertLabelsAreMgrs(frame: MapFrame, grid: MgrsGrid, minimumChecked = grid.lines.length * 2) {
  let checked = 0;
  for (const line of grid.lines) {
    for (const end of ['start', 'end'] as const) {
      const expected = expectedLabel(frame, grid, line, end);
      if (expected === null) continue;
      assert.is(end === 'start' ? line.startLabel : line.endLabel, expected, `${line.axis} ${line.value} ${end}`);
      checked++;
    }
  }
  assert.ok(checked > 0 && checked >= minimumChecked, `${checked} labels checked`);
}

/** The multiples of `spacing` the face's edge straddles in easting or northing, from proj4 (expected lines). */
function straddled(frame: MapFrame, zone: number, spacing: number, axis: 0 | 1): number[] {
  const values: number[] = [];
  for (let i = 0; i <= 400; i++) {
    const t = i / 400;
    for (const [x, y] of [
      [t * frame.width, 0],
      [t * frame.width, frame.height],
      [0, t * frame.height],
      [frame.width, t * frame.height],
    ]) {
      values.push(
        proj4('WGS84', `+proj=utm +zone=${zone} +datum=WGS84 +units=m`, lonLatOfFramePixel(frame, x!, y!))[axis]!,
      );
    }
  }
  const expected: number[] = [];
  for (let v = Math.ceil(Math.min(...values) / spacing) * spacing; v < Math.max(...values); v += spacing) {
    expected.push(v);
  }
  return expected;
}

test('Zagreb 600 × 400 at a 1 km grid: zone 33T, the lines the face straddles, labelled as MGRS', () => {
  const grid = mgrsGridLines(ZAGREB_FRAME, 1000);
  assert.is(grid.zone, 33);
  assert.is(grid.zoneDesignator, '33T');
  assert.is(grid.digits, 2);
  const eastings = grid.lines.filter((l) => l.axis === 'easting').map((l) => l.value);
  const northings = grid.lines.filter((l) => l.axis === 'northing').map((l) => l.value);
  assert.equal(eastings, straddled(ZAGREB_FRAME, 33, 1000, 0));
  assert.equal(northings, straddled(ZAGREB_FRAME, 33, 1000, 1));
  assert.equal(eastings, [570000, 571000, 572000, 573000, 574000, 575000, 576000, 577000]);
  assert.equal(northings, [5067000, 5068000, 5069000, 5070000, 5071000, 5072000]);
  assert.is(grid.lines.find((l) => l.value === 573000)!.startLabel, 'WL 73');
  assert.is(grid.lines.find((l) => l.value === 5070000)!.startLabel, 'WL 70');
  assertLabelsAreMgrs(ZAGREB_FRAME, grid);
});

test('lines run bottom to top and left to right, end on the face edge, and are straight to ½ px', () => {
  const grid = mgrsGridLines(ZAGREB_FRAME, 1000);
  const { width, height } = ZAGREB_FRAME;
  const onEdge = ([x, y]: [number, number]) =>
    [Math.abs(x), Math.abs(x - width), Math.abs(y), Math.abs(y - height)].some((d) => d < 1e-6);
  for (const line of grid.lines) {
    const first = line.points[0]!;
    const last = line.points[line.points.length - 1]!;
    assert.ok(onEdge(first) && onEdge(last), `${line.value} ends on the edge`);
    if (line.axis === 'easting') assert.ok(first[1] > last[1], 'easting lines start at the bottom');
    else assert.ok(first[0] < last[0], 'northing lines start at the left');
    for (const [x, y] of line.points) assert.ok(x >= -1e-9 && x <= width + 1e-9 && y >= -1e-9 && y <= height + 1e-9);
    for (let i = 1; i < line.points.length; i++) {
      const [x0, y0] = line.points[i - 1]!;
      const [x1, y1] = line.points[i]!;
      const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
      const [e, n] = lonLatToUtm(...lonLatOfFramePixel(ZAGREB_FRAME, mx, my), 33);
      const onLine = line.axis === 'easting' ? utmToLonLat(33, line.value, n) : utmToLonLat(33, e, line.value);
      const [tx, ty] = framePixelOfLonLat(ZAGREB_FRAME, ...onLine);
      const off = Math.hypot(tx - mx, ty - my);
      assert.ok(off <= 0.5, `segment ${i} of ${line.value} is ${off} px off`);
    }
  }
});

test('a null spacing puts 4–12 lines across the longer side', () => {
  const cases: [MapFrame, number][] = [
    [ZAGREB_FRAME, 1000],
    [frameAround(15.95, 45.775, 600, 400, 80), 5000],
    [frameAround(15.95, 45.775, 600, 400, 400), 20000],
    [frameAround(-3.7, 40.4, 300, 600, 2), 100],
    [frameAround(-3.7, 40.4, 300, 600, 3), 200],
  ];
  for (const [frame, expected] of cases) {
    const grid = mgrsGridLines(frame, null);
    assert.is(grid.spacingMeters, expected);
    const longer = frame.width >= frame.height ? 'easting' : 'northing';
    const count = grid.lines.filter((l) => l.axis === longer).length;
    assert.ok(count >= 4 && count <= 12, `${count} lines at ${grid.spacingMeters} m`);
  }
});

test('label precision follows the spacing: 100 m three digits, 10 km one, 100 km letters only', () => {
  const fine = mgrsGridLines(frameAround(15.95, 45.775, 600, 400, 2), 100);
  assert.is(fine.digits, 3);
  assert.match(fine.lines[0]!.startLabel, /^[A-Z]{2} \d{3}$/);
  assertLabelsAreMgrs(frameAround(15.95, 45.775, 600, 400, 2), fine);
  const coarse = frameAround(15.95, 45.775, 600, 400, 400);
  const tenKm = mgrsGridLines(coarse, 10000);
  assert.is(tenKm.digits, 1);
  assertLabelsAreMgrs(coarse, tenKm);
  const hundredKm = mgrsGridLines(frameAround(15.95, 45.775, 600, 400, 1000), 100000);
  assert.is(hundredKm.digits, 0);
  assert.ok(hundredKm.lines.every((l) => /^[A-Z]{2}$/.test(l.startLabel) && /^[A-Z]{2}$/.test(l.endLabel)));
  // 600 km wide: the face reaches into zone 34, where MGRS changes zone; the zone-33 part is checked.
  assertLabelsAreMgrs(frameAround(15.95, 45.775, 600, 400, 1000), hundredKm, 4);
  const twoKm = mgrsGridLines(ZAGREB_FRAME, 2000);
  assert.is(twoKm.digits, 2);
  assert.ok(twoKm.lines.every((l) => l.value % 2000 === 0));
});

test('southern hemisphere and across the equator: northings from the equator, labels still MGRS', () => {
  const sydney = frameAround(151.2, -33.86, 600, 400, 20);
  const grid = mgrsGridLines(sydney, 1000);
  assert.is(grid.zoneDesignator, '56H');
  assertLabelsAreMgrs(sydney, grid);
  const equator = frameAround(36.8, 0, 600, 400, 20);
  const across = mgrsGridLines(equator, 1000);
  assert.ok(across.lines.some((l) => l.axis === 'northing' && l.value < 0));
  assert.ok(across.lines.some((l) => l.axis === 'northing' && l.value === 0));
  assertLabelsAreMgrs(equator, across);
});

test('a line that crosses into the next 100 km square changes its letters along the way', () => {
  // 80 m pixels: the face spans about 32 km north–south; near Zagreb the 100 km row boundary is N 5 100 000.
  const frame = frameAround(15.95, 45.99, 600, 400, 80);
  const grid = mgrsGridLines(frame, 10000);
  const crossing = grid.lines.find((l) => l.axis === 'easting' && l.startLabel !== l.endLabel);
  assert.ok(crossing, 'some easting line changes square');
  assert.is(crossing!.startLabel.slice(0, 1), crossing!.endLabel.slice(0, 1), 'same column letter');
  assertLabelsAreMgrs(frame, grid);
});

test('no grid beyond 84° N; bad spacings are refused', () => {
  const polar = frameAround(10, 84.8, 200, 100, 20);
  assert.equal(mgrsGridLines(polar, null), {
    zone: null,
    zoneDesignator: null,
    spacingMeters: 0,
    digits: 0,
    lines: [],
  });
  for (const bad of [0, -1000, 1.5, Number.NaN]) {
    assert.throws(() => mgrsGridLines(ZAGREB_FRAME, bad), /positive whole number/);
  }
});

test.run();
