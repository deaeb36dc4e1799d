import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { MapFrame, VectorLayer } from '../../../domain/cartography/map-composition.ts';
import { vectorLayerSvg } from '../../../domain/cartography/vector-layer-svg.ts';

// Symmetric about the equator and the 1° meridian: (1, 0) is the face's centre (300, 200) exactly.
const FRAME: MapFrame = { bbox: [0, -1, 2, 1], width: 600, height: 400 };

test('polygons: even-odd paths in frame pixels with fill, opacity and outline; holes as extra rings', () => {
  const layer: VectorLayer = {
    kind: 'vector',
    style: { stroke: '#123456', strokeWidth: 2, fill: '#ff00ff', fillOpacity: 0.4, dash: '6 4' },
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, -1],
              [2, -1],
              [2, 1],
              [0, 1],
              [0, -1],
            ],
            [
              [0.5, 0],
              [1, 0],
              [1, 1],
              [0.5, 0],
            ],
          ],
        },
      },
    ],
  };
  const svg = vectorLayerSvg(FRAME, layer);
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">'));
  assert.ok(
    svg.includes(
      '<path d="M0 400 L600 400 L600 0 L0 0 L0 400 Z M150 200 L300 200 L300 0 L150 200 Z"' +
        ' fill="#ff00ff" fill-opacity="0.4" fill-rule="evenodd" stroke="#123456" stroke-width="2"' +
        ' stroke-dasharray="6 4"/>',
    ),
    svg,
  );
});

test("lines, points and labels: labels escaped, beside points, at a line's middle vertex", () => {
  const lines: VectorLayer = {
    kind: 'vector',
    style: { stroke: '#0000ff', strokeWidth: 4, labelProperty: 'name' },
    features: [
      {
        type: 'Feature',
        properties: { name: 'MSR <A&B>' },
        geometry: {
          type: 'MultiLineString',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [2, 0],
            ],
            [[1, -1]],
          ],
        },
      },
    ],
  };
  const svg = vectorLayerSvg(FRAME, lines);
  assert.ok(
    svg.includes(
      '<path d="M0 200 L300 200 L600 200" fill="none" stroke="#0000ff" stroke-width="4"' +
        ' stroke-linejoin="round" stroke-linecap="round"/>',
    ),
  );
  assert.not.ok(svg.includes('M300 400'), 'a one-position line is skipped');
  assert.ok(svg.includes('<text x="304" y="196">MSR &lt;A&amp;B&gt;</text>'));
  const points: VectorLayer = {
    kind: 'vector',
    style: { fill: '#000000', pointRadius: 5, labelProperty: 'name' },
    features: [
      { type: 'Feature', properties: { name: 'OBJ 1' }, geometry: { type: 'Point', coordinates: [1, 0] } },
      { type: 'Feature', properties: { name: null }, geometry: { type: 'MultiPoint', coordinates: [[2, 1]] } },
    ],
  };
  const drawn = vectorLayerSvg(FRAME, points);
  assert.ok(
    drawn.includes(
      '<circle cx="300" cy="200" r="5" fill="#000000"/>' + '<circle cx="600" cy="0" r="5" fill="#000000"/>',
    ),
  );
  assert.ok(drawn.includes('<text x="308" y="204">OBJ 1</text>'));
  assert.is(drawn.match(/<text /g)!.length, 1, 'no label for a null value');
});

test("polygon labels sit at the outer ring's centroid", () => {
  const layer: VectorLayer = {
    kind: 'vector',
    style: { fill: '#00ff00', labelProperty: 'id' },
    features: [
      {
        type: 'Feature',
        properties: { id: 7 },
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [
              [
                [0, 0],
                [2, 0],
                [2, 1],
                [0, 1],
                [0, 0],
              ],
            ],
          ],
        },
      },
    ],
  };
  const svg = vectorLayerSvg(FRAME, layer);
  assert.ok(svg.includes('stroke="none"'), 'no outline without a stroke colour');
  assert.ok(svg.includes('<text x="300" y="100" text-anchor="middle">7</text>'), svg);
});

test.run();
