// Turns the OSM ways and relations read for a dataset into lon/lat features:
// - roads: `highway=*` ways with at least two nodes in the file, except closed ways that are areas
//   (area=yes, highway=platform), as LineStrings with RoadProperties;
// - buildings: closed `building=*` ways and `type=multipolygon` relations with a building tag, as
//   Polygons / MultiPolygons with BuildingProperties;
// - land_cover: closed ways and `type=multipolygon` relations whose tags map to a WorldCover class
//   (osmLandCoverClass), as Polygons / MultiPolygons with `cover` (the class) and `area_m2` (the
//   whole area's geodesic area, before any clipping: smaller areas are painted over larger ones);
// - waterways: `waterway=*` lines that obstruct movement (osmWaterwayProperties), as LineStrings with
//   `waterway`, `width_m` when tagged and `name`.
// Nodes missing from an extract are skipped, as GDAL's OSM driver does: a road cut by the extract
// boundary keeps its inside part, a building ring needs three distinct positions left.
import type { Position } from 'geojson';
import { area as geodesicArea } from '@turf/turf';
import type { TileFeature } from '../../../../../domain/terrain/types.ts';
import type { OsmData, OsmSelection, OsmTags } from './read-osm-pbf.ts';
import { osmRoadProperties } from './osm-road-properties.ts';
import { osmBuildingProperties } from './osm-building-properties.ts';
import { assembleMultipolygon } from './assemble-multipolygon.ts';
import { osmLandCoverClass } from './osm-land-cover-class.ts';
import { osmWaterwayProperties } from './osm-waterway-properties.ts';

export type OsmDataset = 'roads' | 'buildings' | 'land_cover' | 'waterways';

const isClosed = (refs: number[]) => refs.length >= 4 && refs[0] === refs[refs.length - 1];

function isAreaHighway(tags: OsmTags, refs: number[]): boolean {
  return isClosed(refs) && (tags.area === 'yes' || tags.highway === 'platform');
}

export const OSM_SELECTIONS: Record<OsmDataset, OsmSelection> = {
  roads: { wantWay: (tags) => Boolean(tags.highway), wantRelation: () => false },
  buildings: {
    wantWay: (tags) => osmBuildingProperties(tags) !== null,
    wantRelation: (tags) => tags.type === 'multipolygon' && osmBuildingProperties(tags) !== null,
  },
  land_cover: {
    wantWay: (tags) => osmLandCoverClass(tags) !== null,
    wantRelation: (tags) => tags.type === 'multipolygon' && osmLandCoverClass(tags) !== null,
  },
  waterways: { wantWay: (tags) => osmWaterwayProperties(tags) !== null, wantRelation: () => false },
};

function resolve(refs: number[], nodes: OsmData['nodes']): Position[] {
  const positions: Position[] = [];
  for (const ref of refs) {
    const node = nodes.get(ref);
    if (!node) continue;
    const last = positions[positions.length - 1];
    if (!last || last[0] !== node[0] || last[1] !== node[1]) positions.push(node);
  }
  return positions;
}

function closedRing(positions: Position[]): Position[] | null {
  const ring = [...positions];
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first[0] === last[0] && first[1] === last[1]) ring.pop();
  const distinct = new Set(ring.map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3) return null;
  ring.push(ring[0]);
  return ring;
}

function roadFeatures(data: OsmData): TileFeature[] {
  const features: TileFeature[] = [];
  for (const id of data.wantedWayIds) {
    const way = data.ways.get(id)!;
    const road = osmRoadProperties(way.tags);
    if (!road || isAreaHighway(way.tags, way.refs)) continue;
    const positions = resolve(way.refs, data.nodes);
    if (positions.length < 2) continue;
    if (road.reversed) positions.reverse();
    features.push({
      type: 'Feature',
      id: `w${id}`,
      geometry: { type: 'LineString', coordinates: positions },
      properties: { ...road.properties },
    });
  }
  return features;
}

/** Closed ways and multipolygon relations for which `propertiesOf` gives properties. */
function areaFeatures(data: OsmData, propertiesOf: (tags: OsmTags) => object | null): TileFeature[] {
  const features: TileFeature[] = [];
  for (const id of data.wantedWayIds) {
    const way = data.ways.get(id)!;
    const properties = propertiesOf(way.tags);
    if (!properties || !isClosed(way.refs)) continue;
    const ring = closedRing(resolve(way.refs, data.nodes));
    if (!ring) continue;
    features.push({
      type: 'Feature',
      id: `w${id}`,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { ...properties },
    });
  }
  for (const relation of data.relations) {
    const properties = propertiesOf(relation.tags);
    if (!properties) continue;
    const members = relation.members
      .filter((m) => m.type === 'way')
      .map((m) => ({ role: m.role, refs: data.ways.get(m.ref)?.refs ?? [] }));
    if (members.some((m) => m.refs.length === 0)) continue; // a member way is not in the extract
    const polygons = assembleMultipolygon(members, data.nodes);
    if (!polygons) continue;
    features.push({
      type: 'Feature',
      id: `r${relation.id}`,
      geometry:
        polygons.length === 1
          ? { type: 'Polygon', coordinates: polygons[0] }
          : { type: 'MultiPolygon', coordinates: polygons },
      properties: { ...properties },
    });
  }
  return features;
}

function waterwayFeatures(data: OsmData): TileFeature[] {
  const features: TileFeature[] = [];
  for (const id of data.wantedWayIds) {
    const way = data.ways.get(id)!;
    const properties = osmWaterwayProperties(way.tags);
    if (!properties) continue;
    const positions = resolve(way.refs, data.nodes);
    if (positions.length < 2) continue;
    features.push({
      type: 'Feature',
      id: `w${id}`,
      geometry: { type: 'LineString', coordinates: positions },
      properties: { ...properties },
    });
  }
  return features;
}

function landCoverFeatures(data: OsmData): TileFeature[] {
  const features = areaFeatures(data, (tags) => {
    const cover = osmLandCoverClass(tags);
    return cover === null ? null : { cover };
  });
  for (const feature of features) feature.properties.area_m2 = geodesicArea(feature);
  return features;
}

/** Features of one dataset from data read with OSM_SELECTIONS[dataset]. */
export function osmFeatures(data: OsmData, dataset: OsmDataset): TileFeature[] {
  if (dataset === 'roads') return roadFeatures(data);
  if (dataset === 'buildings') return areaFeatures(data, osmBuildingProperties);
  if (dataset === 'waterways') return waterwayFeatures(data);
  return landCoverFeatures(data);
}
