import { forEachSegmentCell } from '../terrain-analysis/for-each-segment-cell.ts';

/** 1 on every cell a line passes through (forEachSegmentCell, pixel coordinates), 0 elsewhere. */
export function lineCellMask(
  width: number,
  height: number,
  lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
): Uint8Array {
  const mask = new Uint8Array(width * height);
  const mark = (i: number) => {
    mask[i] = 1;
  };
  for (const line of lines) {
    for (let k = 1; k < line.length; k++)
      forEachSegmentCell(line[k - 1]![0], line[k - 1]![1], line[k]![0], line[k]![1], width, height, mark);
  }
  return mask;
}
