// The extent of an area of operations in MGRS, as a WARNO gives it: the corners of its bounding box
// (north-west, north-east, south-east, south-west), 1 m references.
import { bbox } from '@turf/turf';
import type { FeatureCollection } from 'geojson';
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';

export function areaCornersMgrs(area: FeatureCollection): string[] | null {
  if (area.features.length === 0) return null;
  const [west, south, east, north] = bbox(area);
  const corners: Array<[number, number]> = [
    [west, north],
    [east, north],
    [east, south],
    [west, south],
  ];
  const references = corners.map((c) => mgrsReference(c));
  return references.every((r): r is string => r !== null) ? references : null;
}
