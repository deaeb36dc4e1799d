// Soil map of the synthetic world: a lattice of 1/64° cells whose corners are jittered (shared by
// the four cells around them) and whose edges bend at a jittered midpoint (shared by the two cells
// on either side), so the polygons tile the plane without gaps or overlaps. Each cell holds one
// `soil_class` (README "Soil classes"): the 12 USDA texture classes plus organic (peat), rock and
// water, chosen from the relief at the cell centre:
//   water           sea, lakes and river channels
//   rock            within 300 m of the snow line, and 40 % of land above 1,800 m (sandy_loam else)
//   organic / silt_loam / silty_clay_loam   low river floodplains (35 / 35 / 30 %)
//   sand / loamy_sand                        arid belts
//   otherwise a texture from 7 km noise, loams most common.
import type { Position } from 'geojson';
import type { LonLatBounds, TileFeature } from '../../../../domain/terrain/types.ts';
import { fractalNoise } from './fractal-noise.ts';
import { hashLattice } from './hash-lattice.ts';
import { snowlineMeters } from './snowline-meters.ts';
import { spherePoint } from './sphere-point.ts';
import { RIVER_WIDTH, syntheticRelief } from './synthetic-relief.ts';
import { MAX_SYNTHETIC_LATITUDE, SOIL_CELL_DEGREES, SOIL_COLUMNS } from './synthetic-world.ts';

export const SOIL_CLASSES = [
  'sand',
  'loamy_sand',
  'sandy_loam',
  'loam',
  'silt_loam',
  'silt',
  'sandy_clay_loam',
  'clay_loam',
  'silty_clay_loam',
  'sandy_clay',
  'silty_clay',
  'clay',
  'organic',
  'rock',
  'water',
] as const;
export type SoilClass = (typeof SOIL_CLASSES)[number];

/** Texture by noise value: cumulative upper bounds. */
const TEXTURES: Array<[number, SoilClass]> = [
  [0.3, 'sandy_loam'],
  [0.37, 'loamy_sand'],
  [0.5, 'loam'],
  [0.6, 'silt_loam'],
  [0.66, 'clay_loam'],
  [0.72, 'sandy_clay_loam'],
  [0.78, 'silty_clay_loam'],
  [0.83, 'silty_clay'],
  [0.87, 'sandy_clay'],
  [0.93, 'clay'],
  [1.01, 'silt'],
];

const wrap = (i: number) => ((i % SOIL_COLUMNS) + SOIL_COLUMNS) % SOIL_COLUMNS;
const CELL = SOIL_CELL_DEGREES;

function corner(i: number, j: number): Position {
  return [
    (i + 0.35 * (hashLattice(wrap(i), j, 0, 401) - 0.5)) * CELL - 180,
    (j + 0.35 * (hashLattice(wrap(i), j, 0, 402) - 0.5)) * CELL - 90,
  ];
}

/** Midpoint of the edge from corner (i, j) going east (axis 0) or north (axis 1), bent sideways. */
function edgeMidpoint(i: number, j: number, axis: 0 | 1): Position {
  const a = corner(i, j);
  const b = axis === 0 ? corner(i + 1, j) : corner(i, j + 1);
  const bend = 0.25 * CELL * (hashLattice(wrap(i), j, axis, 403) - 0.5);
  return axis === 0 ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + bend] : [(a[0] + b[0]) / 2 + bend, (a[1] + b[1]) / 2];
}

function soilClass(i: number, j: number): SoilClass {
  const lon = (i + 0.5) * CELL - 180;
  const lat = (j + 0.5) * CELL - 90;
  const point = spherePoint(lon, lat);
  const { elevation, river } = syntheticRelief(lon, lat, point);
  const h = hashLattice(wrap(i), j, 0, 404);
  if (elevation <= 0 || river < RIVER_WIDTH) return 'water';
  if (elevation >= snowlineMeters(lat) - 300) return 'rock';
  if (elevation > 1800) return h < 0.4 ? 'rock' : 'sandy_loam';
  if (river < RIVER_WIDTH * 4 && elevation < 300)
    return h < 0.35 ? 'organic' : h < 0.7 ? 'silt_loam' : 'silty_clay_loam';
  const belt = Math.exp(-(((Math.abs(lat) - 24) / 9) ** 2));
  if (belt > 0.6) return h < 0.5 ? 'sand' : 'loamy_sand';
  const texture = fractalNoise(point, { cellKm: 7, octaves: 2, seed: 405 });
  return TEXTURES.find(([bound]) => texture < bound)![1];
}

/** Soil polygons of every lattice cell that can reach into `bounds` (unclipped). */
export function syntheticSoil([west, south, east, north]: LonLatBounds): TileFeature[] {
  const features: TileFeature[] = [];
  const jMin = Math.floor((Math.max(south, -MAX_SYNTHETIC_LATITUDE) + 90) / CELL) - 1;
  const jMax = Math.floor((Math.min(north, MAX_SYNTHETIC_LATITUDE) + 90) / CELL) + 1;
  for (let j = jMin; j <= jMax; j++) {
    for (let i = Math.floor((west + 180) / CELL) - 1; i <= Math.floor((east + 180) / CELL) + 1; i++) {
      // South edge west→east, east edge up, north edge back, west edge down: counter-clockwise.
      const ring: Position[] = [
        corner(i, j),
        edgeMidpoint(i, j, 0),
        corner(i + 1, j),
        edgeMidpoint(i + 1, j, 1),
        corner(i + 1, j + 1),
        edgeMidpoint(i, j + 1, 0),
        corner(i, j + 1),
        edgeMidpoint(i, j, 1),
        corner(i, j),
      ];
      features.push({
        type: 'Feature',
        id: `soil:${wrap(i)}:${j}`,
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: { soil_class: soilClass(i, j) },
      });
    }
  }
  return features;
}
