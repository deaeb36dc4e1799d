// Travel speed of a road edge, km/h: the class's speed, capped by what its surface allows.
//
// | class        | km/h |   | surface group | examples                                   | cap km/h |
// |--------------|------|---|---------------|--------------------------------------------|----------|
// | motorway     | 110  |   | paved         | asphalt, paved, concrete, paving_stones     | none     |
// | trunk        |  90  |   | cobbles       | sett, cobblestone, unhewn_cobblestone       | 40       |
// | primary      |  80  |   | unpaved       | unpaved, compacted, gravel, fine_gravel     | 50       |
// | secondary    |  70  |   | soft          | ground, dirt, earth, grass, sand, mud       | 20       |
// | tertiary     |  60  |   | (none/other)  | surface unknown                             | none     |
// | unclassified |  50  |
// | residential  |  30  |
// | service      |  20  |
// | track        |  30  |
// | path         |   5  |   (walking pace: paths are for feet and bicycles)
// | other        |  20  |
import type { RoadClass } from '../../sources/vector/road-class.ts';

export const CLASS_SPEED_KMH: Record<RoadClass, number> = {
  motorway: 110,
  trunk: 90,
  primary: 80,
  secondary: 70,
  tertiary: 60,
  unclassified: 50,
  residential: 30,
  service: 20,
  track: 30,
  path: 5,
  other: 20,
};

const SURFACE_CAP_KMH: Record<string, number> = {};
for (const s of ['sett', 'cobblestone', 'unhewn_cobblestone']) SURFACE_CAP_KMH[s] = 40;
for (const s of ['unpaved', 'compacted', 'gravel', 'fine_gravel', 'pebblestone', 'rock']) SURFACE_CAP_KMH[s] = 50;
for (const s of ['ground', 'dirt', 'earth', 'grass', 'sand', 'mud', 'woodchips', 'grass_paver'])
  SURFACE_CAP_KMH[s] = 20;

export function roadSpeedKmh(roadClass: RoadClass, surface?: unknown): number {
  const cap = typeof surface === 'string' ? SURFACE_CAP_KMH[surface.trim().toLowerCase()] : undefined;
  return Math.min(CLASS_SPEED_KMH[roadClass], cap ?? Infinity);
}
