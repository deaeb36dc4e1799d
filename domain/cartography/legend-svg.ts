import { escapeXml } from './escape-xml.ts';
import type { LegendEntry } from './map-composition.ts';
import { arrowMarkerSvg, hatchPatternSvg } from './vector-layer-svg.ts';
import { AVERAGE_CHAR_EM, MAP_FONT, px, type SvgBlock } from './svg-block.ts';
import { wrapText } from './wrap-text.ts';

const LABEL_SIZE = 11;
const SWATCH_WIDTH = 30;
const SWATCH_HEIGHT = 14;
const ROW_GAP = 7;

/** The legend: a "LEGEND" caption, then one swatch (fill, line or point) and its label per entry. */
export function legendSvg(entries: LegendEntry[], width: number): SvgBlock {
  if (entries.length === 0) return { svg: '', height: 0 };
  const parts = [`<text x="0" y="12" font-size="9" fill="#555555" letter-spacing="0.5">LEGEND</text>`];
  let y = 20;
  const textX = SWATCH_WIDTH + 10;
  for (const [index, entry] of entries.entries()) {
    const lines = wrapText(entry.label, (width - textX) / (LABEL_SIZE * AVERAGE_CHAR_EM));
    const colour = escapeXml(entry.colour);
    const stroke = escapeXml(entry.stroke ?? (entry.symbol === 'fill' ? '#000000' : entry.colour));
    const dash = entry.dash ? ` stroke-dasharray="${escapeXml(entry.dash)}"` : '';
    const mid = y + SWATCH_HEIGHT / 2;
    if (entry.symbol === 'fill') {
      const id = `legend-hatch-${index}`;
      if (entry.hatch) parts.push(`<defs>${hatchPatternSvg(id, entry.colour, entry.hatch)}</defs>`);
      parts.push(
        `<rect x="0.5" y="${px(y + 0.5)}" width="${SWATCH_WIDTH - 1}" height="${SWATCH_HEIGHT - 1}"` +
          ` fill="${entry.hatch ? `url(#${id})` : colour}" stroke="${stroke}" stroke-width="1"${dash}/>`,
      );
    } else if (entry.symbol === 'line') {
      const id = `legend-arrow-${index}`;
      if (entry.arrow) parts.push(`<defs>${arrowMarkerSvg(id, entry.colour)}</defs>`);
      parts.push(
        `<line x1="0" y1="${px(mid)}" x2="${SWATCH_WIDTH - (entry.arrow ? 6 : 0)}" y2="${px(mid)}" stroke="${colour}"` +
          ` stroke-width="3"${dash}${entry.arrow ? ` marker-end="url(#${id})"` : ''}/>`,
      );
    } else {
      parts.push(
        `<circle cx="${SWATCH_WIDTH / 2}" cy="${px(mid)}" r="5" fill="${colour}" stroke="${stroke}"` +
          ` stroke-width="1"/>`,
      );
    }
    lines.forEach((line, i) => {
      parts.push(
        `<text x="${textX}" y="${px(mid + 4 + i * (LABEL_SIZE + 3))}" font-size="${LABEL_SIZE}">` +
          `${escapeXml(line)}</text>`,
      );
    });
    y += Math.max(SWATCH_HEIGHT, SWATCH_HEIGHT + (lines.length - 1) * (LABEL_SIZE + 3)) + ROW_GAP;
  }
  return { svg: `<g font-family="${MAP_FONT}" fill="#000000">${parts.join('')}</g>`, height: y };
}
