import { escapeXml } from './escape-xml.ts';
import { legendSvg } from './legend-svg.ts';
import type { MapComposition } from './map-composition.ts';
import { GRID_DIGIT_SIZE, GRID_LETTER_SIZE, mapGridLabels } from './map-grid-labels.ts';
import { mapLayout } from './map-layout.ts';
import { mgrsGridLines } from './mgrs-grid-lines.ts';
import { northArrowSvg } from './north-arrow-svg.ts';
import { scaleBarSvg } from './scale-bar-svg.ts';
import { AVERAGE_CHAR_EM, MAP_FONT, px } from './svg-block.ts';
import { titleBlockSvg } from './title-block-svg.ts';
import { wrapText } from './wrap-text.ts';

const GRID_COLOUR = '#000000';
const NEATLINE_WIDTH = 2;

/**
 * Everything drawn over the layers, as one SVG the size of the whole sheet: the MGRS grid (clipped to
 * the face), the neatline (2 px just outside the face, so no face pixel is covered), grid ticks and
 * labels in the margins, the sheet title above the face, and the margin panel with title block,
 * legend, scale bar and declination diagram.
 */
export function mapOverlaySvg(composition: MapComposition): string {
  const layout = mapLayout(composition);
  const { face, panel } = layout;
  const grid = mgrsGridLines(composition.frame, composition.gridSpacingMeters);
  const parts: string[] = [];

  const gridPaths = grid.lines.map(
    (line) => `<path d="${line.points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${px(x)} ${px(y)}`).join(' ')}"/>`,
  );
  parts.push(
    `<defs><clipPath id="face"><rect x="0" y="0" width="${face.width}" height="${face.height}"/></clipPath>` +
      '</defs>',
    `<g transform="translate(${face.x} ${face.y})" clip-path="url(#face)" fill="none" stroke="${GRID_COLOUR}"` +
      ` stroke-width="0.8" stroke-opacity="0.8">${gridPaths.join('')}</g>`,
  );

  if (composition.faceNote) parts.push(faceNoteSvg(composition.faceNote, face));

  const half = NEATLINE_WIDTH / 2;
  parts.push(
    `<rect x="${face.x - half}" y="${face.y - half}" width="${face.width + NEATLINE_WIDTH}"` +
      ` height="${face.height + NEATLINE_WIDTH}" fill="none" stroke="#000000" stroke-width="${NEATLINE_WIDTH}"/>`,
  );

  const labels = mapGridLabels(composition, grid);
  const ticks = labels.map((label) => {
    const [dx, dy] = { bottom: [0, 1], top: [0, -1], left: [-1, 0], right: [1, 0] }[label.edge];
    const from = NEATLINE_WIDTH;
    return (
      `M${px(label.x + dx * from)} ${px(label.y + dy * from)} L${px(label.x + dx * (from + 4))}` +
      ` ${px(label.y + dy * (from + 4))}`
    );
  });
  if (ticks.length) parts.push(`<path d="${ticks.join(' ')}" stroke="#000000" stroke-width="1" fill="none"/>`);
  const labelText = labels.map((label) => {
    const [letters, digits] = label.text.includes(' ')
      ? label.text.split(' ')
      : /^[A-Z]/.test(label.text)
        ? [label.text, '']
        : ['', label.text];
    const spans = [
      letters ? `<tspan font-size="${GRID_LETTER_SIZE}">${escapeXml(letters)}</tspan>` : '',
      digits ? `<tspan font-size="${GRID_DIGIT_SIZE}" font-weight="bold">${escapeXml(digits)}</tspan>` : '',
    ]
      .filter((s) => s)
      .join(' ');
    return `<text x="${px(label.textX)}" y="${px(label.textY)}" text-anchor="${label.anchor}">${spans}</text>`;
  });
  parts.push(`<g font-family="${MAP_FONT}" fill="#000000">${labelText.join('')}</g>`);

  const { heading } = layout;
  // The heading is one line: a title too long for it is cut (the title block prints it whole).
  const room = Math.floor((heading.width - (composition.title.synthetic ? 150 : 0)) / (16 * 0.68));
  const title =
    composition.title.title.length > room
      ? `${composition.title.title.slice(0, Math.max(1, room - 1)).trimEnd()}…`
      : composition.title.title;
  parts.push(
    `<text x="${heading.x}" y="${heading.y + 28}" font-family="${MAP_FONT}" font-size="16"` +
      ` font-weight="bold" fill="#000000">${escapeXml(title)}</text>`,
  );
  if (composition.title.synthetic) {
    parts.push(
      `<text x="${heading.x + heading.width}" y="${heading.y + 28}" text-anchor="end"` +
        ` font-family="${MAP_FONT}" font-size="14" font-weight="bold" fill="#c8102e">SYNTHETIC DATA</text>`,
    );
  }

  parts.push(
    `<rect x="${panel.x + 0.5}" y="${panel.y + 0.5}" width="${panel.width - 1}" height="${panel.height - 1}"` +
      ' fill="#ffffff" stroke="#000000" stroke-width="1"/>',
  );
  const blocks = [
    [layout.titleBlock, titleBlockSvg(composition.title, layout.titleBlock.width).svg],
    [layout.legend, legendSvg(composition.legend, layout.legend.width).svg],
    [layout.scaleBar, scaleBarSvg(composition.frame, layout.scaleBar.width).svg],
    [layout.northArrow, northArrowSvg(composition.frame, grid, layout.northArrow.width).svg],
  ] as const;
  blocks.forEach(([box, svg], i) => {
    if (box.height === 0) return;
    if (i > 0) {
      parts.push(
        `<line x1="${panel.x}" y1="${box.y - 7.5}" x2="${panel.x + panel.width}" y2="${box.y - 7.5}"` +
          ' stroke="#000000" stroke-width="1"/>',
      );
    }
    parts.push(`<g transform="translate(${box.x} ${box.y})">${svg}</g>`);
  });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}"` +
    ` viewBox="0 0 ${layout.width} ${layout.height}">${parts.join('')}</svg>`
  );
}

const FACE_NOTE_SIZE = 14;
const FACE_NOTE_PADDING = 8;

/** The face note: bold black lines (bold runs about a tenth wider) on a white box with a black border, across the top of the face. */
function faceNoteSvg(note: string, face: { x: number; y: number; width: number }): string {
  const inner = face.width - 2 * (FACE_NOTE_PADDING + 8);
  const lines = wrapText(note, inner / (FACE_NOTE_SIZE * AVERAGE_CHAR_EM * 1.1));
  const lineHeight = FACE_NOTE_SIZE + 4;
  const height = lines.length * lineHeight + 2 * FACE_NOTE_PADDING;
  const x = face.x + 8;
  const y = face.y + 8;
  const text = lines.map(
    (line, i) =>
      `<text x="${x + FACE_NOTE_PADDING}" y="${y + FACE_NOTE_PADDING + FACE_NOTE_SIZE + i * lineHeight}">` +
      `${escapeXml(line)}</text>`,
  );
  return (
    `<rect x="${x}" y="${y}" width="${face.width - 16}" height="${height}" fill="#ffffff" stroke="#000000"` +
    ` stroke-width="2"/><g font-family="${MAP_FONT}" font-size="${FACE_NOTE_SIZE}" font-weight="bold"` +
    ` fill="#000000">${text.join('')}</g>`
  );
}
