import { escapeXml } from './escape-xml.ts';
import type { TitleBlock } from './map-composition.ts';
import { AVERAGE_CHAR_EM, MAP_FONT, px, type SvgBlock } from './svg-block.ts';
import { wrapText } from './wrap-text.ts';

const TITLE_SIZE = 17;
const VALUE_SIZE = 12;
const CAPTION_SIZE = 9;
const SOURCE_SIZE = 10;

/**
 * The title block: when the data is synthetic, a red "SYNTHETIC DATA" banner first (so a copy can
 * never be mistaken for real terrain), then the title, operation, map, date-time group and sources.
 */
export function titleBlockSvg(title: TitleBlock, width: number): SvgBlock {
  const parts: string[] = [];
  let y = 0;
  if (title.synthetic) {
    parts.push(
      `<rect x="0" y="0" width="${px(width)}" height="50" fill="#c8102e"/>`,
      `<text x="${px(width / 2)}" y="25" text-anchor="middle" font-size="21" font-weight="bold" fill="#ffffff"` +
        ` letter-spacing="1">SYNTHETIC DATA</text>`,
      `<text x="${px(width / 2)}" y="42" text-anchor="middle" font-size="9" fill="#ffffff">` +
        'TEST / DEMO DATA — NOT FOR OPERATIONAL USE</text>',
    );
    y = 50 + 12;
  }
  for (const line of wrapText(title.title, width / (TITLE_SIZE * 0.68))) {
    y += TITLE_SIZE + 3;
    parts.push(`<text x="0" y="${px(y)}" font-size="${TITLE_SIZE}" font-weight="bold">${escapeXml(line)}</text>`);
  }
  y += 6;
  for (const [caption, value] of [
    ['OPERATION', title.operation],
    ['MAP', title.map],
    ['DATE-TIME GROUP', title.date_time_group],
  ] as const) {
    y += CAPTION_SIZE + 5;
    parts.push(
      `<text x="0" y="${px(y)}" font-size="${CAPTION_SIZE}" fill="#555555" letter-spacing="0.5">` + `${caption}</text>`,
    );
    for (const line of wrapText(value, width / (VALUE_SIZE * AVERAGE_CHAR_EM))) {
      y += VALUE_SIZE + 3;
      parts.push(`<text x="0" y="${px(y)}" font-size="${VALUE_SIZE}">${escapeXml(line)}</text>`);
    }
  }
  if (title.sources.length) {
    y += CAPTION_SIZE + 7;
    parts.push(
      `<text x="0" y="${px(y)}" font-size="${CAPTION_SIZE}" fill="#555555" letter-spacing="0.5">` + 'SOURCES</text>',
    );
    for (const source of title.sources) {
      wrapText(source, (width - 10) / (SOURCE_SIZE * AVERAGE_CHAR_EM)).forEach((line, i) => {
        y += SOURCE_SIZE + 3;
        parts.push(
          `<text x="${i === 0 ? 0 : 10}" y="${px(y)}" font-size="${SOURCE_SIZE}">` +
            `${i === 0 ? '• ' : ''}${escapeXml(line)}</text>`,
        );
      });
    }
  }
  if (title.notes?.length) {
    // AO sanity warnings: in the marginalia, so a printed sheet carries them too.
    y += CAPTION_SIZE + 7;
    parts.push(
      `<text x="0" y="${px(y)}" font-size="${CAPTION_SIZE}" fill="#c8102e" letter-spacing="0.5">` +
        'DATA WARNINGS</text>',
    );
    for (const note of title.notes) {
      wrapText(note, (width - 10) / (SOURCE_SIZE * AVERAGE_CHAR_EM)).forEach((line, i) => {
        y += SOURCE_SIZE + 3;
        parts.push(
          `<text x="${i === 0 ? 0 : 10}" y="${px(y)}" font-size="${SOURCE_SIZE}" fill="#c8102e">` +
            `${i === 0 ? '! ' : ''}${escapeXml(line)}</text>`,
        );
      });
    }
  }
  y += 6;
  return { svg: `<g font-family="${MAP_FONT}" fill="#000000">${parts.join('')}</g>`, height: y };
}
