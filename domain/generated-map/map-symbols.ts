// The colours and line styles of the generated maps, declared once: the legends and the layers
// both read them. Land cover uses the ESA WorldCover legend (as the viewer does); the MCOO follows
// ATP 2-01.3's overlay conventions (NO-GO red, SLOW-GO amber, water blue, built-up black).
import { WORLDCOVER } from '../terrain/mobility-config.ts';

/** WorldCover class colours [r, g, b] (product user manual v2), by code. */
export const WORLDCOVER_RGB: Readonly<Record<number, readonly [number, number, number]>> = {
  [WORLDCOVER.treeCover]: [0, 100, 0],
  [WORLDCOVER.shrubland]: [255, 187, 34],
  [WORLDCOVER.grassland]: [255, 255, 76],
  [WORLDCOVER.cropland]: [240, 150, 255],
  [WORLDCOVER.builtUp]: [250, 0, 0],
  [WORLDCOVER.bareSparseVegetation]: [180, 180, 180],
  [WORLDCOVER.snowAndIce]: [240, 240, 240],
  [WORLDCOVER.permanentWater]: [0, 100, 200],
  [WORLDCOVER.herbaceousWetland]: [0, 150, 160],
  [WORLDCOVER.mangroves]: [0, 207, 117],
  [WORLDCOVER.mossAndLichen]: [250, 230, 160],
};

/** Opacity of the land-cover layer over the hillshade of the area overview. */
export const LAND_COVER_OPACITY = 0.45;

/** MCOO shading [r, g, b, a] of a mobility class, and of water and built-up areas. */
export const MCOO_RGBA = {
  noGo: [200, 20, 20, 170],
  slowGo: [235, 160, 0, 130],
  water: [30, 90, 200, 210],
  builtUp: [40, 40, 40, 190],
} as const;

export const rgbaCss = ([r, g, b, a]: readonly number[]) => `rgba(${r}, ${g}, ${b}, ${((a ?? 255) / 255).toFixed(2)})`;
export const rgbCss = ([r, g, b]: readonly number[]) => `rgb(${r}, ${g}, ${b})`;

export const AREA_OF_OPERATIONS_STYLE = { stroke: '#000000', strokeWidth: 3, dash: '12 6' } as const;
export const MAJOR_ROAD_STYLE = { stroke: '#c0392b', strokeWidth: 3 } as const;
export const MINOR_ROAD_STYLE = { stroke: '#5a3d1e', strokeWidth: 1.5 } as const;
/** Road classes drawn as major roads (workers/terrain/sources/vector/road-class.ts). */
export const MAJOR_ROAD_CLASSES: readonly string[] = ['motorway', 'trunk', 'primary', 'secondary'];
/** Classes left off the maps: footpaths carry no vehicles, and unknown ways may be anything. */
export const UNDRAWN_ROAD_CLASSES: readonly string[] = ['path', 'other'];

export const ROUTE_STYLE = { stroke: '#1f4fd1', strokeWidth: 4 } as const;
export const LINE_OF_SIGHT_STYLE = { stroke: '#6a1b9a', strokeWidth: 3 } as const;
/** The area a landing-zone survey searched (its request's `area`), dashed like the AO but blue. */
export const SURVEY_AREA_STYLE = { stroke: '#1565c0', strokeWidth: 2.5, dash: '8 4' } as const;
export const LANDING_ZONE_STYLE = { stroke: '#0b6e4f', strokeWidth: 2, fill: '#2ecc71', fillOpacity: 0.45 } as const;
export const POINT_STYLE = {
  stroke: '#000000',
  strokeWidth: 1.5,
  fill: '#ffffff',
  fillOpacity: 1,
  pointRadius: 6,
} as const;

/**
 * The terrain evaluation's MCOO (ATP 5-0.2-1 para 2-253: restricted terrain green single diagonal
 * lines, severely restricted green cross-hatched), water blue, avenues as arrows (friendly blue,
 * the enemy's red), corridors outlined, chokepoints and key terrain candidates as points.
 */
export const MCOO_SYMBOLS = {
  terrainHatch: '#1b7a1b',
  water: '#1e5ac8',
  corridor: { stroke: '#e67e22', strokeWidth: 2, dash: '6 3' },
  centreline: { stroke: '#e67e22', strokeWidth: 1.5, arrow: true },
  avenue: { stroke: '#1f4fd1', strokeWidth: 5, arrow: true },
  enemyAvenue: { stroke: '#c62828', strokeWidth: 5, arrow: true },
  chokepoint: { stroke: '#000000', strokeWidth: 1, fill: '#e67e22', fillOpacity: 1, pointRadius: 4 },
  keyTerrain: { stroke: '#000000', strokeWidth: 1.5, fill: '#8e24aa', fillOpacity: 1, pointRadius: 7 },
} as const;
