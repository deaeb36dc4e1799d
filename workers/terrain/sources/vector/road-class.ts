// The road classes every road source is normalised to, from the OSM `highway` vocabulary.
// Speeds, MVT zoom limits and summaries key on these; anything unknown becomes `other` rather than
// being dropped, so a road count always matches the source.
//
// | class        | OSM highway values                                                   |
// |--------------|----------------------------------------------------------------------|
// | motorway     | motorway, motorway_link                                              |
// | trunk        | trunk, trunk_link                                                    |
// | primary      | primary, primary_link                                                |
// | secondary    | secondary, secondary_link                                            |
// | tertiary     | tertiary, tertiary_link                                              |
// | unclassified | unclassified, road                                                   |
// | residential  | residential, living_street                                           |
// | service      | service                                                              |
// | track        | track                                                                |
// | path         | path, footway, cycleway, bridleway, steps, pedestrian, corridor, trail|
// | other        | anything else (construction, proposed, platform, elevator, busway...) |

export const ROAD_CLASSES = [
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'service',
  'track',
  'path',
  'other',
] as const;

export type RoadClass = (typeof ROAD_CLASSES)[number];

const BY_HIGHWAY: Record<string, RoadClass> = {
  motorway: 'motorway',
  motorway_link: 'motorway',
  trunk: 'trunk',
  trunk_link: 'trunk',
  primary: 'primary',
  primary_link: 'primary',
  secondary: 'secondary',
  secondary_link: 'secondary',
  tertiary: 'tertiary',
  tertiary_link: 'tertiary',
  unclassified: 'unclassified',
  road: 'unclassified',
  residential: 'residential',
  living_street: 'residential',
  service: 'service',
  track: 'track',
  path: 'path',
  footway: 'path',
  cycleway: 'path',
  bridleway: 'path',
  steps: 'path',
  pedestrian: 'path',
  corridor: 'path',
  trail: 'path',
};

/** The normalised class of an OSM `highway` value (or of an already normalised class). */
export function normaliseRoadClass(highway: unknown): RoadClass {
  if (typeof highway !== 'string') return 'other';
  return BY_HIGHWAY[highway.trim().toLowerCase()] ?? 'other';
}
