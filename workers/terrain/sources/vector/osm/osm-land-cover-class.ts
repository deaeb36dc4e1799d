// The ESA WorldCover class of an OpenStreetMap area, from its tags (README "Terrain sources", land
// cover from OSM, holds the table and its sources). Tags are read in a fixed order so that an area
// with several (natural=water + landuse=reservoir, building=* + landuse=*) gets one answer: water,
// wetland and glacier first (what the ground is), then buildings, then land use, natural and leisure.
// null: the area says nothing about land cover (landuse=military, leisure=nature_reserve, ...).
import { WORLDCOVER as W } from '../../../../../domain/terrain/mobility-config.ts';
import type { OsmTags } from './read-osm-pbf.ts';

const LANDUSE: Readonly<Record<string, number>> = {
  forest: W.treeCover,
  orchard: W.treeCover, // WorldCover counts tree plantations as tree cover
  vineyard: W.shrubland, // perennial woody crops go to tree or shrub cover, not cropland
  farmland: W.cropland,
  paddy: W.cropland,
  allotments: W.cropland,
  meadow: W.grassland,
  grass: W.grassland,
  village_green: W.grassland,
  recreation_ground: W.grassland,
  residential: W.builtUp,
  commercial: W.builtUp,
  industrial: W.builtUp,
  retail: W.builtUp,
  construction: W.builtUp,
  railway: W.builtUp,
  garages: W.builtUp,
  greenhouse_horticulture: W.builtUp, // greenhouses are man-made structures in WorldCover
  quarry: W.bareSparseVegetation,
  landfill: W.bareSparseVegetation,
  brownfield: W.bareSparseVegetation,
  reservoir: W.permanentWater,
  basin: W.permanentWater,
};

const NATURAL: Readonly<Record<string, number>> = {
  wood: W.treeCover,
  scrub: W.shrubland,
  heath: W.shrubland,
  grassland: W.grassland,
  fell: W.grassland,
  bare_rock: W.bareSparseVegetation,
  scree: W.bareSparseVegetation,
  shingle: W.bareSparseVegetation,
  sand: W.bareSparseVegetation,
  beach: W.bareSparseVegetation,
};

const LEISURE: Readonly<Record<string, number>> = {
  park: W.grassland,
  garden: W.grassland,
  pitch: W.grassland,
  golf_course: W.grassland,
};

/** Key:wetland values; any other (marsh, bog, fen, reedbed, wet_meadow, saltmarsh, ...) is herbaceous. */
const WETLAND: Readonly<Record<string, number>> = {
  mangrove: W.mangroves,
  swamp: W.treeCover, // a forested wetland: WorldCover classes it by its trees
  tidalflat: W.bareSparseVegetation,
};

// Own keys only: a tag value such as "constructor" must not find Object.prototype's members.
const lookup = (table: Readonly<Record<string, number>>, value: string | undefined): number | null =>
  value !== undefined && Object.hasOwn(table, value) ? table[value] : null;

export function osmLandCoverClass(tags: OsmTags): number | null {
  if (tags.area === 'no') return null;
  if (
    tags.natural === 'water' ||
    tags.waterway === 'riverbank' ||
    tags.waterway === 'dock' ||
    tags.landuse === 'reservoir' ||
    tags.landuse === 'basin'
  ) {
    // WorldCover water is permanent (present most of the year): seasonal water says nothing
    return tags.intermittent === 'yes' || tags.seasonal === 'yes' ? null : W.permanentWater;
  }
  if (tags.natural === 'wetland') return lookup(WETLAND, tags.wetland) ?? W.herbaceousWetland;
  if (tags.natural === 'glacier') return W.snowAndIce;
  if (tags.building !== undefined && tags.building !== 'no') return W.builtUp;
  if (tags.amenity === 'parking') return W.builtUp;
  return lookup(LANDUSE, tags.landuse) ?? lookup(NATURAL, tags.natural) ?? lookup(LEISURE, tags.leisure);
}
