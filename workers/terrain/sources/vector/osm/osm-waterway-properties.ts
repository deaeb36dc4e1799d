// Waterway attributes from OSM tags (README "Waterways"): the lines of `waterway=*` that are linear
// obstacles to movement on the ground. Culverted and tunnelled waterways run under the ground and
// are left out; areas (riverbank, dock) are water bodies, which land cover already holds.
import type { OsmTags } from './read-osm-pbf.ts';

/** The `waterway` values read as linear obstacles (OSM wiki "Key:waterway", linear waterways). */
export const OBSTACLE_WATERWAYS: ReadonlySet<string> = new Set([
  'river',
  'canal',
  'stream',
  'tidal_channel',
  'drain',
  'ditch',
]);

export interface WaterwayProperties {
  /** The OSM `waterway` value. */
  waterway: string;
  /** The `width` tag in metres, when it is a plain number of metres ("12", "12 m", "12.5m"). */
  width_m?: number;
  name?: string;
}

/** A width tag in metres, or undefined for another unit (feet) or text. */
export function osmWidthMetres(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(m)?\s*$/i.exec(value);
  if (!match) return undefined;
  const metres = Number(match[1]!.replace(',', '.'));
  return metres > 0 && Number.isFinite(metres) ? metres : undefined;
}

/** Properties of a waterway line that obstructs movement, or null. */
export function osmWaterwayProperties(tags: OsmTags): WaterwayProperties | null {
  const waterway = tags.waterway?.trim().toLowerCase();
  if (!waterway || !OBSTACLE_WATERWAYS.has(waterway)) return null;
  const tunnel = tags.tunnel?.trim().toLowerCase();
  if (tunnel !== undefined && tunnel !== 'no') return null; // culvert, tunnel: under the ground
  if (tags.location === 'underground') return null;
  const properties: WaterwayProperties = { waterway };
  const width = osmWidthMetres(tags.width);
  if (width !== undefined) properties.width_m = width;
  if (tags.name) properties.name = tags.name;
  return properties;
}
