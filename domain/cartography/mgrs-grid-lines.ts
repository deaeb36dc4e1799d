import { framePixelOfLonLat } from './frame-pixel-of-lon-lat.ts';
import { lonLatOfFramePixel } from './lon-lat-of-frame-pixel.ts';
import { lonLatToUtm } from './lon-lat-to-utm.ts';
import type { MapFrame } from './map-composition.ts';
import { mgrsLatitudeBand } from './mgrs-latitude-band.ts';
import { mgrsSquareLetters } from './mgrs-square-letters.ts';
import { utmToLonLat } from './utm-to-lon-lat.ts';
import { utmZoneOfLonLat } from './utm-zone-of-lon-lat.ts';

export interface MgrsGridLine {
  /** 'easting': a line of constant easting (runs about north–south); 'northing': of constant northing. */
  axis: 'easting' | 'northing';
  /** The line's UTM easting or northing in metres (northing from the equator, negative south). */
  value: number;
  /**
   * Face pixels (x right, y down), from the bottom edge upwards (easting lines) or from the left edge
   * rightwards (northing lines); the first and last points lie on the face's edge. Sampled so the
   * polyline is within a quarter pixel of the true (slightly curved) grid line.
   */
  points: [number, number][];
  /** The line's MGRS reference where it meets the face edge at its first / last point (see below). */
  startLabel: string;
  endLabel: string;
}

export interface MgrsGrid {
  /** UTM zone of the face's centre, whose grid is drawn across the whole face; null: no MGRS there. */
  zone: number | null;
  /** Grid zone designation of the face's centre, e.g. "33T"; printed in the margin. */
  zoneDesignator: string | null;
  spacingMeters: number;
  /** Digits per coordinate in the labels: 2 for a 1 km grid, 1 for 10 km, 3 for 100 m. */
  digits: number;
  lines: MgrsGridLine[];
}

/** Spacings tried, smallest first, when the composition leaves the choice to the renderer. */
const SPACING_CANDIDATES = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];
const MAX_LINES_PER_AXIS = 12;
const CURVE_TOLERANCE_PX = 0.25;

/**
 * The MGRS/UTM grid lines crossing the map face: lines of constant easting and of constant northing
 * every `spacingMeters`, in the UTM zone of the face's centre, each a pixel polyline clipped to the
 * face with its labels.
 *
 * Label form: the 100 km square identification, a space, then the line's easting (or northing) within
 * the square at the grid's precision — the "principal digits" of a military sheet: easting 312 000
 * in square VP on a 1 km grid is "VP 12"; on a 10 km grid "VP 1"; on a 100 m grid easting 312 300
 * is "VP 123"; a 100 km line is just "VP". Reading "VP 12" off the bottom margin and "VP 34" off the
 * left gives the grid reference VP 1234 of the square's south-west corner. The square letters are
 * those at the label's end of the line (a line may cross into another 100 km square); where the
 * other coordinate lies outside the zone's columns the letters are left out.
 *
 * A null spacing picks the smallest of 100 m, 200 m, 500 m, 1 km, 2 km … 100 km that puts at most
 * 12 lines across the face in either direction (so 5–12 across its longer side).
 */
export function mgrsGridLines(frame: MapFrame, spacingMeters: number | null): MgrsGrid {
  if (spacingMeters !== null && !(Number.isInteger(spacingMeters) && spacingMeters > 0)) {
    throw new RangeError(`grid spacing must be a positive whole number of metres, got ${spacingMeters}`);
  }
  const [lon, lat] = lonLatOfFramePixel(frame, frame.width / 2, frame.height / 2);
  const band = mgrsLatitudeBand(lat);
  if (band === null) {
    return { zone: null, zoneDesignator: null, spacingMeters: spacingMeters ?? 0, digits: 0, lines: [] };
  }
  const zone = utmZoneOfLonLat(lon, lat);
  const range = utmRangeOfFace(frame, zone);
  const spacing =
    spacingMeters ??
    SPACING_CANDIDATES.find(
      (s) => Math.max(lineCount(range.east, s), lineCount(range.north, s)) <= MAX_LINES_PER_AXIS,
    ) ??
    SPACING_CANDIDATES[SPACING_CANDIDATES.length - 1]!;
  let digits = 5;
  while (digits > 0 && spacing % 10 ** (6 - digits) === 0) digits--;
  const lines: MgrsGridLine[] = [];
  const toPixel = (easting: number, northing: number) => {
    const [pLon, pLat] = utmToLonLat(zone, easting, northing);
    return framePixelOfLonLat(frame, pLon, pLat);
  };
  const label = (easting: number, northing: number, axis: 'easting' | 'northing') => {
    const letters = mgrsSquareLetters(zone, easting, northing);
    const value = axis === 'easting' ? easting : northing;
    const within = ((Math.round(value) % 100000) + 100000) % 100000;
    const principal = digits === 0 ? '' : String(Math.floor(within / 10 ** (5 - digits))).padStart(digits, '0');
    return [letters, principal].filter((part) => part).join(' ');
  };
  const [minE, maxE] = range.east;
  const [minN, maxN] = range.north;
  for (let e = Math.ceil(minE / spacing) * spacing; e <= maxE; e += spacing) {
    if (e < 100000 || e > 900000) continue;
    for (const points of clipToFace(
      sampleLine((n) => toPixel(e, n), minN - spacing, maxN + spacing),
      frame,
    )) {
      const ends = [points[0]!, points[points.length - 1]!].map(([x, y]) => {
        const [pLon, pLat] = lonLatOfFramePixel(frame, x, y);
        return label(e, lonLatToUtm(pLon, pLat, zone)[1], 'easting');
      });
      lines.push({ axis: 'easting', value: e, points, startLabel: ends[0]!, endLabel: ends[1]! });
    }
  }
  for (let n = Math.ceil(minN / spacing) * spacing; n <= maxN; n += spacing) {
    for (const points of clipToFace(
      sampleLine((e) => toPixel(e, n), minE - spacing, maxE + spacing),
      frame,
    )) {
      const ends = [points[0]!, points[points.length - 1]!].map(([x, y]) => {
        const [pLon, pLat] = lonLatOfFramePixel(frame, x, y);
        return label(lonLatToUtm(pLon, pLat, zone)[0], n, 'northing');
      });
      lines.push({ axis: 'northing', value: n, points, startLabel: ends[0]!, endLabel: ends[1]! });
    }
  }
  return { zone, zoneDesignator: `${zone}${band}`, spacingMeters: spacing, digits, lines };
}

function lineCount([min, max]: [number, number], spacing: number): number {
  return Math.floor(max / spacing) - Math.ceil(min / spacing) + 1;
}

/** The UTM easting and northing ranges the face's edge reaches (a transverse Mercator image of a
 * mercator rectangle is not a rectangle, so the edges are sampled, not just the corners). */
function utmRangeOfFace(frame: MapFrame, zone: number): { east: [number, number]; north: [number, number] } {
  const east: [number, number] = [Infinity, -Infinity];
  const north: [number, number] = [Infinity, -Infinity];
  const steps = 32;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    for (const [x, y] of [
      [t * frame.width, 0],
      [t * frame.width, frame.height],
      [0, t * frame.height],
      [frame.width, t * frame.height],
    ] as const) {
      const [pLon, pLat] = lonLatOfFramePixel(frame, x, y);
      const [e, n] = lonLatToUtm(pLon, pLat, zone);
      east[0] = Math.min(east[0], e);
      east[1] = Math.max(east[1], e);
      north[0] = Math.min(north[0], n);
      north[1] = Math.max(north[1], n);
    }
  }
  return { east, north };
}

/** Samples a curve t ↦ pixel over [from, to], halving each piece until its middle lies within
 * CURVE_TOLERANCE_PX of the chord. Deterministic: the same curve gives the same points. */
function sampleLine(at: (t: number) => [number, number], from: number, to: number): [number, number][] {
  const points: [number, number][] = [];
  const refine = (t0: number, p0: [number, number], t1: number, p1: [number, number], depth: number) => {
    const tm = (t0 + t1) / 2;
    const pm = at(tm);
    const dx = p1[0] - p0[0];
    const dy = p1[1] - p0[1];
    const length = Math.hypot(dx, dy);
    const off = length === 0 ? 0 : Math.abs(dx * (pm[1] - p0[1]) - dy * (pm[0] - p0[0])) / length;
    if (depth < 24 && off > CURVE_TOLERANCE_PX) {
      refine(t0, p0, tm, pm, depth + 1);
      refine(tm, pm, t1, p1, depth + 1);
    } else {
      points.push(p1);
    }
  };
  // Start from eight pieces so a symmetric bulge cannot hide behind a straight first chord.
  const pieces = 8;
  let previous = at(from);
  points.push(previous);
  for (let i = 1; i <= pieces; i++) {
    const t0 = from + ((i - 1) / pieces) * (to - from);
    const t1 = from + (i / pieces) * (to - from);
    const next = at(t1);
    refine(t0, previous, t1, next, 0);
    previous = next;
  }
  return points;
}

/** Clips a polyline to [0, width] × [0, height] (Liang–Barsky per segment); returns the inside pieces. */
function clipToFace(points: [number, number][], frame: MapFrame): [number, number][][] {
  const pieces: [number, number][][] = [];
  // A line that only grazes a corner leaves a piece too short to draw or label.
  const pushPiece = (piece: [number, number][]) => {
    const [first, last] = [piece[0], piece[piece.length - 1]];
    if (first && last && Math.hypot(last[0] - first[0], last[1] - first[1]) >= 1) pieces.push(piece);
  };
  let current: [number, number][] = [];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const dx = x1 - x0;
    const dy = y1 - y0;
    let t0 = 0;
    let t1 = 1;
    let inside = true;
    for (const [p, q] of [
      [-dx, x0],
      [dx, frame.width - x0],
      [-dy, y0],
      [dy, frame.height - y0],
    ] as const) {
      if (p === 0) {
        if (q < 0) inside = false;
        continue;
      }
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
    if (!inside || t0 > t1) {
      pushPiece(current);
      current = [];
      continue;
    }
    const start: [number, number] = t0 === 0 ? [x0, y0] : [x0 + t0 * dx, y0 + t0 * dy];
    const end: [number, number] = t1 === 1 ? [x1, y1] : [x0 + t1 * dx, y0 + t1 * dy];
    if (current.length === 0) current.push(start);
    current.push(end);
    if (t1 < 1) {
      pushPiece(current);
      current = [];
    }
  }
  pushPiece(current);
  return pieces;
}
