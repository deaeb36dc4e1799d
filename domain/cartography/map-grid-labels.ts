import type { MapComposition } from './map-composition.ts';
import { FACE_LEFT, FACE_TOP } from './map-layout.ts';
import type { MgrsGrid } from './mgrs-grid-lines.ts';
import { AVERAGE_CHAR_EM } from './svg-block.ts';

export interface MapGridLabel {
  /** The line's MGRS reference, e.g. "VP 12" (see mgrsGridLines). */
  text: string;
  axis: 'easting' | 'northing';
  /** The line's UTM easting or northing, metres. */
  value: number;
  /** The margin the label is printed in. */
  edge: 'bottom' | 'top' | 'left' | 'right';
  /** Where the line meets the neatline, in image pixels (continuous, face origin included). */
  x: number;
  y: number;
  /** The text's anchor point (image pixels, baseline) and SVG text-anchor. */
  textX: number;
  textY: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Square letters and principal digits are drawn at these sizes (letters smaller, as on a printed sheet). */
export const GRID_LETTER_SIZE = 9;
export const GRID_DIGIT_SIZE = 12;
const TICK = 5;

/** Estimated printed width of a label, pixels (DejaVu Sans; digits bold). */
function labelWidth(text: string): number {
  const [letters, digits] = text.includes(' ') ? text.split(' ') : /^[A-Z]/.test(text) ? [text, ''] : ['', text];
  return (letters!.length * GRID_LETTER_SIZE + (digits!.length + 0.5) * GRID_DIGIT_SIZE * 1.1) * AVERAGE_CHAR_EM;
}

/**
 * The grid labels printed in the margins, with their positions in the rendered image: easting lines
 * labelled below and above the face, northing lines left and right of it, each where its line meets
 * the neatline. A line whose end leaves the face through another edge (a tilted line near a corner)
 * is not labelled there, and a label that would overlap its neighbour on the same edge is dropped.
 * The overlay draws exactly these labels.
 */
export function mapGridLabels(composition: MapComposition, grid: MgrsGrid): MapGridLabel[] {
  const { width, height } = composition.frame;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  const placed: MapGridLabel[] = [];
  for (const edge of ['bottom', 'top', 'left', 'right'] as const) {
    const axis = edge === 'bottom' || edge === 'top' ? 'easting' : 'northing';
    const candidates: MapGridLabel[] = [];
    for (const line of grid.lines) {
      if (line.axis !== axis) continue;
      const atStart = edge === 'bottom' || edge === 'left';
      const [px, py] = atStart ? line.points[0]! : line.points[line.points.length - 1]!;
      const onEdge =
        edge === 'bottom'
          ? near(py, height)
          : edge === 'top'
            ? near(py, 0)
            : edge === 'left'
              ? near(px, 0)
              : near(px, width);
      if (!onEdge) continue;
      const x = FACE_LEFT + px;
      const y = FACE_TOP + py;
      const text = atStart ? line.startLabel : line.endLabel;
      const [textX, textY, anchor] =
        edge === 'bottom'
          ? [x, y + TICK + 14, 'middle' as const]
          : edge === 'top'
            ? [x, y - TICK - 4, 'middle' as const]
            : edge === 'left'
              ? [x - TICK - 3, y + 4, 'end' as const]
              : [x + TICK + 3, y + 4, 'start' as const];
      candidates.push({ text, axis, value: line.value, edge, x, y, textX, textY, anchor });
    }
    const along = (label: MapGridLabel) => (axis === 'easting' ? label.x : label.y);
    candidates.sort((a, b) => along(a) - along(b));
    let last: MapGridLabel | null = null;
    for (const label of candidates) {
      const room = axis === 'easting' ? (labelWidth(label.text) + labelWidth(last?.text ?? '')) / 2 + 6 : 15;
      if (last && along(label) - along(last) < room) continue;
      placed.push(label);
      last = label;
    }
  }
  return placed;
}
