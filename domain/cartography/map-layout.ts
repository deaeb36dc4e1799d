import { legendSvg } from './legend-svg.ts';
import type { MapComposition } from './map-composition.ts';
import { mgrsGridLines } from './mgrs-grid-lines.ts';
import { northArrowSvg } from './north-arrow-svg.ts';
import { scaleBarSvg } from './scale-bar-svg.ts';
import { titleBlockSvg } from './title-block-svg.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapLayout {
  /** Size of the whole image. */
  width: number;
  height: number;
  /** The map face (inside the neatline): frame.width × frame.height pixels, always at (56, 64). */
  face: Box;
  /** The sheet title line above the face. */
  heading: Box;
  /** The margin panel right of the face, and the blocks stacked in it (absolute image pixels). */
  panel: Box;
  titleBlock: Box;
  legend: Box;
  scaleBar: Box;
  northArrow: Box;
}

/** Fixed margins around the face (pixels): grid labels sit in them, the sheet title on top. */
export const FACE_LEFT = 56;
export const FACE_TOP = 64;
export const FACE_BOTTOM_MARGIN = 56;
export const PANEL_GAP = 48;
export const PANEL_WIDTH = 300;
export const PANEL_PADDING = 14;
export const OUTER_MARGIN = 24;
const BLOCK_GAP = 14;

/**
 * Where everything goes on the sheet. The face keeps its frame size and its top-left corner is always
 * (FACE_LEFT, FACE_TOP) = (56, 64); the margins add fixed widths: the image is frame.width + 428 pixels
 * wide (56 left, 48 gap, a 300-pixel panel, 24 right) and max(frame.height + 120, panel height + 88)
 * high, the panel growing only with a long title, many sources or a long legend. Block heights come
 * from the same builders that draw them.
 */
export function mapLayout(composition: MapComposition): MapLayout {
  const { frame } = composition;
  const face = { x: FACE_LEFT, y: FACE_TOP, width: frame.width, height: frame.height };
  const panelX = FACE_LEFT + frame.width + PANEL_GAP;
  const innerX = panelX + PANEL_PADDING;
  const innerWidth = PANEL_WIDTH - 2 * PANEL_PADDING;
  const heights = [
    titleBlockSvg(composition.title, innerWidth).height,
    legendSvg(composition.legend, innerWidth).height,
    scaleBarSvg(frame, innerWidth).height,
    northArrowSvg(frame, mgrsGridLines(frame, composition.gridSpacingMeters), innerWidth).height,
  ];
  let y = FACE_TOP + PANEL_PADDING;
  const [titleBlock, legend, scaleBar, northArrow] = heights.map((height) => {
    const box = { x: innerX, y, width: innerWidth, height };
    if (height > 0) y += height + BLOCK_GAP;
    return box;
  }) as [Box, Box, Box, Box];
  const panelHeight = Math.max(frame.height, y - BLOCK_GAP + PANEL_PADDING - FACE_TOP);
  const panel = { x: panelX, y: FACE_TOP, width: PANEL_WIDTH, height: panelHeight };
  return {
    width: panelX + PANEL_WIDTH + OUTER_MARGIN,
    height: FACE_TOP + Math.max(frame.height + FACE_BOTTOM_MARGIN, panelHeight + OUTER_MARGIN),
    face,
    heading: { x: FACE_LEFT, y: 0, width: frame.width, height: FACE_TOP - 26 },
    panel,
    titleBlock,
    legend,
    scaleBar,
    northArrow,
  };
}
