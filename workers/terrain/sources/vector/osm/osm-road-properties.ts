// Road attributes from OSM tags (see README "Road properties"). `oneway` is always relative to
// the returned geometry: for oneway=-1 the caller reverses the way and gets oneway=true.
import type { RoadClass } from '../road-class.ts';
import { normaliseRoadClass } from '../road-class.ts';
import type { OsmTags } from './read-osm-pbf.ts';

export interface RoadProperties {
  class: RoadClass;
  oneway: boolean;
  bridge: boolean;
  tunnel: boolean;
  /** Present (true) only on a way tagged ford=*: it crosses a waterway at a ford. */
  ford?: true;
  /** The OSM `layer` when not 0: above 0 a way passes over what it crosses (a bridge untagged as one). */
  layer?: number;
  surface?: string;
  lanes?: number;
  name?: string;
}

export interface OsmRoad {
  properties: RoadProperties;
  /** True when the way is drawn against the direction of travel (oneway=-1). */
  reversed: boolean;
}

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

function flag(value: string | undefined): boolean {
  // bridge=viaduct, tunnel=culvert, tunnel=building_passage... all mean "there is one".
  return value !== undefined && !NO.has(value.trim().toLowerCase());
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseInt(value.trim(), 10); // "2;3" and "2 " read as 2
  return Number.isInteger(n) && n > 0 && n < 100 ? n : undefined;
}

/** Properties of a `highway=*` way, or null when the way is not a road. */
export function osmRoadProperties(tags: OsmTags): OsmRoad | null {
  const highway = tags.highway;
  if (!highway) return null;
  const cls = normaliseRoadClass(highway);
  const oneway = tags.oneway?.trim().toLowerCase();
  const reversed = oneway === '-1' || oneway === 'reverse';
  const implied = highway === 'motorway' || highway === 'motorway_link' || tags.junction === 'roundabout';
  const properties: RoadProperties = {
    class: cls,
    oneway:
      reversed || (oneway !== undefined && YES.has(oneway)) || (implied && !(oneway !== undefined && NO.has(oneway))),
    bridge: flag(tags.bridge),
    tunnel: flag(tags.tunnel),
  };
  if (flag(tags.ford)) properties.ford = true;
  const layer = Number.parseInt(tags.layer?.trim() ?? '', 10);
  if (Number.isInteger(layer) && layer !== 0 && Math.abs(layer) <= 10) properties.layer = layer;
  if (tags.surface) properties.surface = tags.surface.trim().toLowerCase();
  const lanes = positiveInteger(tags.lanes);
  if (lanes !== undefined) properties.lanes = lanes;
  if (tags.name) properties.name = tags.name;
  return { properties, reversed };
}
