// What a generated map is made of, independent of how it is drawn: a frame (the ground area and
// the image size, in Web Mercator so the service's own tiles drop in pixel for pixel), raster and
// vector layers drawn in order, and the marginalia every printed map carries (title block, legend,
// scale bar, north arrow, MGRS grid). The asset builders (workers/generated-maps/) fill one of these
// per asset; the renderer (workers/generated-maps/rendering/render-map-png.ts) turns it into a PNG.
import type { Feature } from 'geojson';

/** The ground the map shows. bbox in WGS 84 degrees; the image keeps the Web Mercator aspect. */
export interface MapFrame {
  /** [west, south, east, north], WGS 84 degrees. */
  bbox: [number, number, number, number];
  /** Size of the map face (the area inside the neatline) in pixels. */
  width: number;
  height: number;
}

/** A raster layer already resampled to the frame: width × height RGBA, row-major from the top. */
export interface PixelLayer {
  kind: 'pixels';
  rgba: Uint8Array;
  /** 0–1, applied on top of the pixels' own alpha. */
  opacity: number;
}

export interface VectorStyle {
  /** CSS colour of lines and polygon outlines. */
  stroke?: string;
  strokeWidth?: number;
  /** SVG dash array, e.g. '6 4'. */
  dash?: string;
  /** CSS colour of polygon fills (with fillOpacity). */
  fill?: string;
  fillOpacity?: number;
  /**
   * Polygons: diagonal hatching in the `fill` colour instead of a solid fill — 'single' lines, or
   * 'cross' hatching (the MCOO's restricted and severely restricted terrain, ATP 5-0.2-1 para 2-253).
   */
  hatch?: 'single' | 'cross';
  /** Lines: an arrowhead at the last vertex (an avenue of approach). */
  arrow?: boolean;
  /** Points: circle radius in pixels. */
  pointRadius?: number;
  /** A feature property whose value is written beside the feature (points: right of the symbol). */
  labelProperty?: string;
}

/** GeoJSON features (WGS 84) drawn with one style. */
export interface VectorLayer {
  kind: 'vector';
  features: Feature[];
  style: VectorStyle;
}

export type MapLayer = PixelLayer | VectorLayer;

export interface LegendEntry {
  label: string;
  /** How the swatch is drawn. */
  symbol: 'fill' | 'line' | 'point';
  colour: string;
  /** Outline / dash of the swatch, as for the layer. */
  stroke?: string;
  dash?: string;
  /** A fill swatch hatched as the layer is (VectorStyle.hatch). */
  hatch?: 'single' | 'cross';
  /** A line swatch with an arrowhead. */
  arrow?: boolean;
}

export interface TitleBlock {
  /** e.g. "MCOO — wheeled vehicles". */
  title: string;
  operation: string;
  map: string;
  /** Date-time group of the data, e.g. "231405ZNOV26". */
  date_time_group: string;
  /** Source lines: dataset, resolution, and whether it is synthetic. */
  sources: string[];
  /** True when any source is synthetic (test or demo data): printed prominently. */
  synthetic: boolean;
  /** Data warnings of the terrain job (mostly water, no roads, outside a source's coverage), as notes. */
  notes?: string[];
}

export interface MapComposition {
  frame: MapFrame;
  layers: MapLayer[];
  title: TitleBlock;
  legend: LegendEntry[];
  /** MGRS grid line spacing in metres (1000, 10000, …); null chooses one for the frame. */
  gridSpacingMeters: number | null;
  /**
   * A statement printed in a box across the top of the face, for what the face alone cannot show
   * (e.g. "No route found — <reason>" for a route analysis that found none).
   */
  faceNote?: string;
}
