// Building attributes from OSM tags: the building value, and levels/height when they are numbers.
import type { OsmTags } from './read-osm-pbf.ts';

export interface BuildingProperties {
  building: string;
  levels?: number;
  /** Metres. */
  height?: number;
  name?: string;
}

function positiveNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*(m|metres|meters)?\s*$/i.exec(value); // "12", "12.5 m", "3,5"
  if (!match) return undefined;
  const n = Number(match[1].replace(',', '.'));
  return n > 0 ? n : undefined;
}

/** Properties of a `building=*` feature, or null when the tags do not describe a building. */
export function osmBuildingProperties(tags: OsmTags): BuildingProperties | null {
  const building = tags.building?.trim().toLowerCase();
  if (!building || building === 'no') return null;
  const properties: BuildingProperties = { building };
  const levels = positiveNumber(tags['building:levels']);
  if (levels !== undefined) properties.levels = levels;
  const height = positiveNumber(tags.height ?? tags['building:height']);
  if (height !== undefined) properties.height = height;
  if (tags.name) properties.name = tags.name;
  return properties;
}
