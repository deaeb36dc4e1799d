import type { MapFrame } from './map-composition.ts';
import { frameMetersPerPixel } from './frame-meters-per-pixel.ts';
import { lonLatOfFramePixel } from './lon-lat-of-frame-pixel.ts';
import { scaleBar } from './scale-bar.ts';
import { MAP_FONT, px, type SvgBlock } from './svg-block.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

const BAR_TOP = 22;
const BAR_HEIGHT = 8;

/**
 * The graphic scale: a bar of alternating black and white segments, a round length long, labelled at
 * 0, half-way and the end, and the ground size of a pixel at the latitude it is true for.
 */
export function scaleBarSvg(frame: MapFrame, width: number): SvgBlock {
  const bar = scaleBar(frame, width - 40);
  const segment = bar.pixels / bar.divisions;
  const parts = [`<text x="0" y="12" font-size="9" fill="#555555" letter-spacing="0.5">SCALE</text>`];
  for (let i = 0; i < bar.divisions; i++) {
    parts.push(
      `<rect x="${px(i * segment)}" y="${BAR_TOP}" width="${px(segment)}" height="${BAR_HEIGHT}"` +
        ` fill="${i % 2 === 0 ? '#000000' : '#ffffff'}"/>`,
    );
  }
  parts.push(
    `<rect x="0" y="${BAR_TOP}" width="${px(bar.pixels)}" height="${BAR_HEIGHT}" fill="none"` +
      ' stroke="#000000" stroke-width="1"/>',
  );
  const half = bar.meters / 2;
  const halfLabel = half >= 1000 ? `${half / 1000}` : `${half}`;
  const ticks: [number, string, string][] = [
    [0, '0', 'start'],
    [bar.pixels / 2, halfLabel, 'middle'],
    [bar.pixels, bar.label, 'middle'],
  ];
  for (const [x, text, anchor] of ticks) {
    parts.push(
      `<text x="${px(x)}" y="${BAR_TOP + BAR_HEIGHT + 13}" font-size="10" text-anchor="${anchor}">` + `${text}</text>`,
    );
  }
  const [, lat] = lonLatOfFramePixel(frame, frame.width / 2, frame.height / 2);
  const metersPerPixel = frameMetersPerPixel(frame);
  const note =
    `1 px = ${formatQuantity(metersPerPixel, 'ground_resolution')}` +
    ` on the ground at ${formatQuantity(Math.abs(lat), 'angle')} ${lat >= 0 ? 'N' : 'S'}`;
  parts.push(`<text x="0" y="${BAR_TOP + BAR_HEIGHT + 30}" font-size="9" fill="#333333">${note}</text>`);
  const svg = `<g font-family="${MAP_FONT}" fill="#000000">${parts.join('')}</g>`;
  return { svg, height: BAR_TOP + BAR_HEIGHT + 38 };
}
