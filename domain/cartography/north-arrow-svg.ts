import { escapeXml } from './escape-xml.ts';
import { gridNorthAngleDegrees } from './grid-north-angle-degrees.ts';
import { lonLatOfFramePixel } from './lon-lat-of-frame-pixel.ts';
import { lonLatToUtm } from './lon-lat-to-utm.ts';
import type { MapFrame } from './map-composition.ts';
import type { MgrsGrid } from './mgrs-grid-lines.ts';
import { mgrsSquareLetters } from './mgrs-square-letters.ts';
import { AVERAGE_CHAR_EM, MAP_FONT, px, type SvgBlock } from './svg-block.ts';
import { wrapText } from './wrap-text.ts';
import { formatQuantity } from '../shared/format-quantity.ts';

const DIAGRAM_WIDTH = 70;
const ARROW_LENGTH = 74;
/** Grid north is drawn this far from true north whatever the convergence (diagram not to scale). */
const DRAWN_CONVERGENCE = 14;

/**
 * The north arrow as a military declination diagram — true north (star) straight up, the face's up,
 * since Web Mercator keeps meridians vertical; grid north (GN) to its side with the convergence at the
 * face's centre written beside it — and the grid notes: grid zone designation, spacing, datum,
 * projection and how to read a reference, with the face centre's reference as the example.
 */
export function northArrowSvg(frame: MapFrame, grid: MgrsGrid, width: number): SvgBlock {
  const cx = DIAGRAM_WIDTH / 2;
  const baseY = 14 + ARROW_LENGTH;
  const tipY = baseY - ARROW_LENGTH;
  const parts = [
    `<line x1="${cx}" y1="${baseY}" x2="${cx}" y2="${tipY + 6}" stroke="#000000" stroke-width="1.5"/>`,
    `<path d="M ${cx} ${tipY - 6} L ${cx + 2.4} ${tipY - 0.8} L ${cx + 7.6} ${tipY - 0.8} L ${cx + 3.4} ${tipY + 2.4}` +
      ` L ${cx + 5} ${tipY + 7.6} L ${cx} ${tipY + 4.4} L ${cx - 5} ${tipY + 7.6} L ${cx - 3.4} ${tipY + 2.4}` +
      ` L ${cx - 7.6} ${tipY - 0.8} L ${cx - 2.4} ${tipY - 0.8} Z" fill="#000000"/>`,
  ];
  const convergence = grid.zone === null ? 0 : gridNorthAngleDegrees(frame, grid.zone);
  // TN is written on the side away from grid north.
  parts.push(
    `<text x="${cx + (convergence < 0 ? 9 : -9)}" y="${tipY + 4}" text-anchor="${
      convergence < 0 ? 'start' : 'end'
    }" font-size="9" font-weight="bold">TN</text>`,
  );
  const notes: string[] = [];
  if (grid.zone !== null) {
    const drawn = ((convergence < 0 ? -DRAWN_CONVERGENCE : DRAWN_CONVERGENCE) * Math.PI) / 180;
    const gx = cx + Math.sin(drawn) * (ARROW_LENGTH - 4);
    const gy = baseY - Math.cos(drawn) * (ARROW_LENGTH - 4);
    parts.push(
      `<line x1="${cx}" y1="${baseY}" x2="${px(gx)}" y2="${px(gy)}" stroke="#000000" stroke-width="1.5"/>`,
      `<text x="${px(gx + (drawn < 0 ? -4 : 4))}" y="${px(gy + 4)}" text-anchor="${drawn < 0 ? 'end' : 'start'}"` +
        ' font-size="9" font-weight="bold">GN</text>',
    );
    const side = convergence < 0 ? 'W' : 'E';
    const spacing = formatQuantity(grid.spacingMeters, 'distance');
    const [lon, lat] = lonLatOfFramePixel(frame, frame.width / 2, frame.height / 2);
    const [easting, northing] = lonLatToUtm(lon, lat, grid.zone);
    const letters = mgrsSquareLetters(grid.zone, easting, northing) ?? '';
    const digits = (value: number) =>
      grid.digits === 0
        ? ''
        : String(Math.floor((((value % 100000) + 100000) % 100000) / 10 ** (5 - grid.digits))).padStart(
            grid.digits,
            '0',
          );
    notes.push(
      `GRID ZONE DESIGNATION ${grid.zoneDesignator}`,
      `MGRS/UTM GRID, ${spacing} SQUARES`,
      'DATUM WGS 84 · WEB MERCATOR',
      `GN ${formatQuantity(Math.abs(convergence), 'angle')} ${side} OF TN AT CENTRE`,
      'DIAGRAM NOT TO SCALE',
      `CENTRE: ${letters} ${digits(easting)} ${digits(northing)}`.trim(),
      '(SQUARE, EASTING, NORTHING)',
    );
  } else {
    notes.push('NO MGRS GRID (POLAR AREA)', 'DATUM WGS 84 · WEB MERCATOR');
  }
  const textX = DIAGRAM_WIDTH + 12;
  let y = 0;
  notes.forEach((note, i) => {
    for (const line of wrapText(note, (width - textX) / (9 * AVERAGE_CHAR_EM))) {
      y += 14;
      parts.push(
        `<text x="${textX}" y="${y}" font-size="9"${i === 0 ? ' font-weight="bold"' : ''}>` +
          `${escapeXml(line)}</text>`,
      );
    }
  });
  const svg = `<g font-family="${MAP_FONT}" fill="#000000">${parts.join('')}</g>`;
  return { svg, height: Math.max(baseY + 8, y + 8) };
}
