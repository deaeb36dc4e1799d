import { WORLDCOVER } from './mobility-config.ts';

/** Names of the ESA WorldCover classes (product user manual v2), by code. */
export const WORLDCOVER_CLASS_NAMES: Readonly<Record<number, string>> = {
  [WORLDCOVER.treeCover]: 'Tree cover',
  [WORLDCOVER.shrubland]: 'Shrubland',
  [WORLDCOVER.grassland]: 'Grassland',
  [WORLDCOVER.cropland]: 'Cropland',
  [WORLDCOVER.builtUp]: 'Built-up',
  [WORLDCOVER.bareSparseVegetation]: 'Bare / sparse vegetation',
  [WORLDCOVER.snowAndIce]: 'Snow and ice',
  [WORLDCOVER.permanentWater]: 'Permanent water bodies',
  [WORLDCOVER.herbaceousWetland]: 'Herbaceous wetland',
  [WORLDCOVER.mangroves]: 'Mangroves',
  [WORLDCOVER.mossAndLichen]: 'Moss and lichen',
};
