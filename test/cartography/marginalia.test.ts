import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeXml } from '../../domain/cartography/escape-xml.ts';
import { legendSvg } from '../../domain/cartography/legend-svg.ts';
import { mapGridLabels } from '../../domain/cartography/map-grid-labels.ts';
import { mapImagePixelOfLonLat } from '../../domain/cartography/map-image-pixel-of-lon-lat.ts';
import { mapLayout } from '../../domain/cartography/map-layout.ts';
import { mapOverlaySvg } from '../../domain/cartography/map-overlay-svg.ts';
import { mgrsGridLines } from '../../domain/cartography/mgrs-grid-lines.ts';
import { northArrowSvg } from '../../domain/cartography/north-arrow-svg.ts';
import { scaleBarSvg } from '../../domain/cartography/scale-bar-svg.ts';
import { titleBlockSvg } from '../../domain/cartography/title-block-svg.ts';
import { wrapText } from '../../domain/cartography/wrap-text.ts';
import { frameAround, testComposition, ZAGREB_FRAME } from './support/map-fixtures.ts';

test('XML escaping: markup characters become entities, control characters go', () => {
  assert.is(escapeXml(`<a href="x">Tom & Jerry's</a>`), '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  assert.is(escapeXml('bell\u0007 tab\t nl\n'), 'bell tab\t nl\n');
  assert.is(escapeXml('MCOO — Ü'), 'MCOO — Ü');
});

test('text wraps at spaces within the limit, cutting only words longer than a line', () => {
  assert.equal(wrapText('one two three four', 9), ['one two', 'three', 'four']);
  assert.equal(wrapText('  spaced   out  ', 20), ['spaced out']);
  assert.equal(wrapText('abcdefghij klm', 4), ['abcd', 'efgh', 'ij', 'klm']);
  assert.equal(wrapText('', 10), []);
});

test('title block: a synthetic banner only for synthetic data, every field escaped', () => {
  const { title } = testComposition();
  const synthetic = titleBlockSvg(title, 272);
  const real = titleBlockSvg({ ...title, synthetic: false }, 272);
  assert.ok(synthetic.svg.includes('SYNTHETIC DATA'));
  assert.not.ok(real.svg.includes('SYNTHETIC'));
  assert.is(synthetic.height - real.height, 62, 'the banner and its gap');
  assert.ok(synthetic.svg.includes('Op &lt;Kestrel&gt; &amp; &quot;Friends&quot;'));
  assert.not.ok(synthetic.svg.includes('<Kestrel>'));
  for (const text of ['231405ZNOV26', 'Zagreb east', 'ESA WorldCover 10 m (synthetic)']) {
    assert.ok(synthetic.svg.includes(text));
  }
  const longer = titleBlockSvg({ ...title, sources: [...title.sources, 'x '.repeat(80)] }, 272);
  assert.ok(longer.height > synthetic.height + 13, 'a long source wraps onto more lines');
});

test('legend: a swatch per entry in its kind, rows of 21 px, nothing for no entries', () => {
  const { legend } = testComposition();
  const block = legendSvg(legend, 272);
  assert.is(block.height, 20 + 3 * 21);
  assert.match(block.svg, /<rect [^>]*fill="#ff00ff"/);
  assert.match(block.svg, /<line [^>]*stroke="#0000ff"/);
  assert.match(block.svg, /<circle [^>]*fill="#000000"/);
  assert.equal(legendSvg([], 272), { svg: '', height: 0 });
  assert.ok(legendSvg([{ label: 'a & <b>', symbol: 'fill', colour: '#000' }], 272).svg.includes('a &amp; &lt;b&gt;'));
});

test('scale bar and declination diagram carry the numbers of the frame', () => {
  const scale = scaleBarSvg(ZAGREB_FRAME, 272);
  assert.ok(scale.svg.includes('>2 km<') && scale.svg.includes('>1<'), 'a 2 km bar: 232 px max at 12.9 m/px');
  assert.ok(scale.svg.includes('1 px = 12.9 m on the ground at 45.78° N'));
  const north = northArrowSvg(ZAGREB_FRAME, mgrsGridLines(ZAGREB_FRAME, 1000), 272);
  for (const text of ['GRID ZONE DESIGNATION 33T', '1 km SQUARES', 'GN 0.68° E OF TN', 'CENTRE: WL 73 69']) {
    assert.ok(north.svg.includes(text), text);
  }
  const polarFrame = frameAround(10, 84.8, 200, 100, 20);
  const polar = northArrowSvg(polarFrame, mgrsGridLines(polarFrame, null), 272);
  assert.ok(polar.svg.includes('NO MGRS GRID') && !polar.svg.includes('GN'));
});

test('layout: the face at (56, 64) with fixed margins; the panel grows the sheet only when taller', () => {
  const composition = testComposition();
  const layout = mapLayout(composition);
  assert.equal(layout.face, { x: 56, y: 64, width: 600, height: 400 });
  assert.is(layout.width, 600 + 428);
  // The synthetic banner, title block, legend, scale and diagram outgrow a 400 px face: the panel sets the height.
  assert.is(layout.height, 64 + Math.max(400 + 56, layout.panel.height + 24));
  assert.ok(layout.panel.height > 400);
  const tallFace = mapLayout(testComposition({ frame: frameAround(15.95, 45.775, 600, 800, 18.5) }));
  assert.equal([tallFace.width, tallFace.height, tallFace.panel.height], [1028, 920, 800]);
  assert.equal(layout.panel.x, 56 + 600 + 48);
  const blocks = [layout.titleBlock, layout.legend, layout.scaleBar, layout.northArrow];
  for (let i = 1; i < blocks.length; i++) assert.is(blocks[i]!.y, blocks[i - 1]!.y + blocks[i - 1]!.height + 14);
  assert.ok(layout.northArrow.y + layout.northArrow.height <= layout.panel.y + layout.panel.height);
  const longLegend = Array.from({ length: 30 }, (_, i) => ({
    label: `class ${i}`,
    symbol: 'fill' as const,
    colour: '#888',
  }));
  const tall = mapLayout(testComposition({ legend: longLegend }));
  assert.equal(tall.face, layout.face, 'the face does not move');
  assert.is(tall.height, tall.panel.y + tall.panel.height + 24);
  assert.is(tall.height - layout.height, 27 * 21, 'grown by the 27 extra legend rows');
});

test('image pixel of a lon/lat: face pixel plus the face origin, null off the face', () => {
  const composition = testComposition();
  const [west, south, east, north] = ZAGREB_FRAME.bbox;
  assert.equal(mapImagePixelOfLonLat(composition, west, north), [56, 64]);
  assert.equal(mapImagePixelOfLonLat(composition, east - 1e-9, south + 1e-9), [56 + 599, 64 + 399]);
  assert.is(mapImagePixelOfLonLat(composition, east + 0.001, 45.77), null);
  assert.is(mapImagePixelOfLonLat(composition, 15.95, north + 0.001), null);
});

test('grid labels: on the neatline where their lines meet it, in the margin facing them', () => {
  const composition = testComposition();
  const grid = mgrsGridLines(ZAGREB_FRAME, 1000);
  const labels = mapGridLabels(composition, grid);
  const { face } = mapLayout(composition);
  assert.ok(labels.length >= 20, `${labels.length}`);
  for (const label of labels) {
    const line = grid.lines.find((l) => l.axis === label.axis && l.value === label.value)!;
    const atStart = label.edge === 'bottom' || label.edge === 'left';
    const [x, y] = atStart ? line.points[0]! : line.points[line.points.length - 1]!;
    assert.equal([label.x, label.y], [face.x + x, face.y + y]);
    assert.is(label.text, atStart ? line.startLabel : line.endLabel);
    if (label.edge === 'bottom') assert.ok(label.y === face.y + face.height && label.textY > label.y);
    if (label.edge === 'top') assert.ok(label.y === face.y && label.textY < label.y);
    if (label.edge === 'left') assert.ok(label.x === face.x && label.textX < label.x && label.anchor === 'end');
    if (label.edge === 'right') assert.ok(label.x === face.x + face.width && label.textX > label.x);
  }
  assert.equal(
    labels.filter((l) => l.edge === 'left').map((l) => l.text),
    ['WL 72', 'WL 71', 'WL 70', 'WL 69', 'WL 68', 'WL 67'],
  );
  // A 100 m grid puts lines 7.8 px apart: neighbours that would overlap are dropped, kept ones are apart.
  const dense = mapGridLabels(composition, mgrsGridLines(ZAGREB_FRAME, 100));
  const bottom = dense.filter((l) => l.edge === 'bottom').map((l) => l.x);
  assert.ok(bottom.length >= 5 && bottom.length < 40, `${bottom.length}`);
  for (let i = 1; i < bottom.length; i++) assert.ok(bottom[i]! - bottom[i - 1]! > 35);
});

test('the overlay draws every grid label, the neatline and the marginalia, text escaped', () => {
  const composition = testComposition();
  const svg = mapOverlaySvg(composition);
  const { width, height } = mapLayout(composition);
  assert.ok(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"`));
  for (const label of mapGridLabels(composition, mgrsGridLines(ZAGREB_FRAME, 1000))) {
    const [letters, digits] = label.text.split(' ');
    assert.ok(
      svg.includes(
        `<text x="${Math.round(label.textX * 100) / 100}" y="${Math.round(label.textY * 100) / 100}"` +
          ` text-anchor="${label.anchor}"><tspan font-size="9">${letters}</tspan> <tspan font-size="12"` +
          ` font-weight="bold">${digits}</tspan></text>`,
      ),
      label.text,
    );
  }
  assert.ok(
    svg.includes('<rect x="55" y="63" width="602" height="402" fill="none" stroke="#000000"' + ' stroke-width="2"/>'),
  );
  assert.not.ok(svg.includes('<Kestrel>'));
  assert.is(mapOverlaySvg(composition), svg, 'deterministic');
});

test.run();
