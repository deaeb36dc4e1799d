import type { Geometry, Position } from 'geojson';
import { escapeXml } from './escape-xml.ts';
import { framePixelOfLonLat } from './frame-pixel-of-lon-lat.ts';
import type { MapFrame, VectorLayer } from './map-composition.ts';
import { MAP_FONT, px } from './svg-block.ts';

const DEFAULT_STROKE = '#000000';
const DEFAULT_STROKE_WIDTH = 1.5;
const DEFAULT_POINT_RADIUS = 4;

/** Spacing of hatch lines, pixels, and their width. */
export const HATCH_SPACING = 8;
const HATCH_WIDTH = 1.5;

/**
 * An SVG pattern of diagonal lines in `colour` (rising to the right; 'cross' adds the falling ones),
 * drawn in user space so that hatching runs on across neighbouring polygons.
 */
export function hatchPatternSvg(id: string, colour: string, hatch: 'single' | 'cross'): string {
  const s = HATCH_SPACING;
  const stroke = `stroke="${escapeXml(colour)}" stroke-width="${HATCH_WIDTH}"`;
  // Lines through the tile's corners, extended past it so that the joins have no gaps.
  const rising = `<path d="M${-s / 2} ${s / 2} L${s / 2} ${-s / 2} M0 ${s} L${s} 0 M${s / 2} ${s * 1.5} L${s * 1.5} ${s / 2}" ${stroke}/>`;
  const falling = `<path d="M${-s / 2} ${s / 2} L${s / 2} ${s * 1.5} M0 0 L${s} ${s} M${s / 2} ${-s / 2} L${s * 1.5} ${s / 2}" ${stroke}/>`;
  return (
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${s}" height="${s}">` +
    `${rising}${hatch === 'cross' ? falling : ''}</pattern>`
  );
}

/** An arrowhead marker in `colour`, sized by the line width, its tip on the line's end. */
export function arrowMarkerSvg(id: string, colour: string): string {
  return (
    `<marker id="${id}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4"` +
    ` orient="auto" markerUnits="strokeWidth"><path d="M0 0 L10 5 L0 10 Z" fill="${escapeXml(colour)}"/></marker>`
  );
}

/**
 * One vector layer as an SVG of the face's size (frame pixels, clipped by the SVG's own edges):
 * polygons as even-odd paths with the style's fill and outline, lines as stroked paths, points as
 * circles, and each feature's `labelProperty` value beside it; polygons hatched and lines ending in an
 * arrowhead where the style says so, (right of a point, at a line's middle
 * vertex, at a polygon's outer-ring centroid) in DejaVu Sans with a white halo.
 */
export function vectorLayerSvg(frame: MapFrame, layer: VectorLayer): string {
  const { style } = layer;
  const stroke = escapeXml(style.stroke ?? DEFAULT_STROKE);
  const strokeWidth = style.strokeWidth ?? DEFAULT_STROKE_WIDTH;
  const dash = style.dash ? ` stroke-dasharray="${escapeXml(style.dash)}"` : '';
  const radius = style.pointRadius ?? DEFAULT_POINT_RADIUS;
  const project = ([lon, lat]: Position): [number, number] => framePixelOfLonLat(frame, lon!, lat!);
  const ringPath = (ring: Position[]) =>
    ring
      .map((p, i) => {
        const [x, y] = project(p);
        return `${i === 0 ? 'M' : 'L'}${px(x)} ${px(y)}`;
      })
      .join(' ');
  const shapes: string[] = [];
  const labels: string[] = [];
  const hatched = style.hatch !== undefined;
  const defs: string[] = [];
  if (hatched) defs.push(hatchPatternSvg('hatch', style.fill ?? style.stroke ?? DEFAULT_STROKE, style.hatch!));
  if (style.arrow) defs.push(arrowMarkerSvg('arrow', style.stroke ?? DEFAULT_STROKE));
  const polygonAttributes =
    (hatched ? 'fill="url(#hatch)"' : `fill="${style.fill ? escapeXml(style.fill) : 'none'}"`) +
    (style.fill && !hatched ? ` fill-opacity="${style.fillOpacity ?? 1}"` : '') +
    ' fill-rule="evenodd"' +
    (style.stroke ? ` stroke="${stroke}" stroke-width="${strokeWidth}"${dash}` : ' stroke="none"');
  const lineAttributes =
    `fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"${dash}` +
    ' stroke-linejoin="round" stroke-linecap="round"' +
    (style.arrow ? ' marker-end="url(#arrow)"' : '');
  const pointAttributes =
    `fill="${escapeXml(style.fill ?? style.stroke ?? DEFAULT_STROKE)}"` +
    (style.stroke && style.fill ? ` stroke="${stroke}" stroke-width="${strokeWidth}"` : '');

  const draw = (geometry: Geometry | null, anchors: [number, number][]) => {
    if (!geometry) return;
    switch (geometry.type) {
      case 'Point':
      case 'MultiPoint':
        for (const point of geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates) {
          const [x, y] = project(point);
          shapes.push(`<circle cx="${px(x)}" cy="${px(y)}" r="${radius}" ${pointAttributes}/>`);
          anchors.push([x + radius + 3, y + 4]);
        }
        break;
      case 'LineString':
      case 'MultiLineString':
        for (const line of geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates) {
          if (line.length < 2) continue;
          shapes.push(`<path d="${ringPath(line)}" ${lineAttributes}/>`);
          const [x, y] = project(line[Math.floor(line.length / 2)]!);
          anchors.push([x + 4, y - 4]);
        }
        break;
      case 'Polygon':
      case 'MultiPolygon':
        for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) {
          if (!polygon[0] || polygon[0].length < 3) continue;
          shapes.push(`<path d="${polygon.map((ring) => `${ringPath(ring)} Z`).join(' ')}" ${polygonAttributes}/>`);
          anchors.push(ringCentroid(polygon[0].map(project)));
        }
        break;
      case 'GeometryCollection':
        for (const member of geometry.geometries) draw(member, anchors);
        break;
    }
  };

  for (const feature of layer.features) {
    const anchors: [number, number][] = [];
    draw(feature.geometry, anchors);
    const value = style.labelProperty ? feature.properties?.[style.labelProperty] : undefined;
    if (value !== undefined && value !== null && value !== '' && anchors[0]) {
      const [x, y] = anchors[0];
      const middle = feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
      labels.push(
        `<text x="${px(x)}" y="${px(y)}"${middle ? ' text-anchor="middle"' : ''}>` +
          `${escapeXml(String(value))}</text>`,
      );
    }
  }
  const text = labels.length
    ? `<g font-family="${MAP_FONT}" font-size="11" font-weight="bold" fill="#000000"` +
      ` stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${labels.join('')}</g>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}"` +
    ` viewBox="0 0 ${frame.width} ${frame.height}">` +
    `${defs.length ? `<defs>${defs.join('')}</defs>` : ''}${shapes.join('')}${text}</svg>`
  );
}

/** Area centroid of a ring in pixels (its vertex mean when the ring has no area). */
function ringCentroid(ring: [number, number][]): [number, number] {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(area) < 1e-9) {
    return [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];
  }
  return [cx / (3 * area), cy / (3 * area)];
}
