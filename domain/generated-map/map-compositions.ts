// The compositions of the generated maps (README "Generated maps"): which layers, in which order,
// with which legend, from inputs already resampled onto the face. Pure: the workers gather the
// inputs (workers/generated-maps/), the renderer draws the result (workers/generated-maps/rendering/).
import type { Feature } from 'geojson';
import type {
  LegendEntry,
  MapComposition,
  MapFrame,
  MapLayer,
  TitleBlock,
  VectorStyle,
} from '../cartography/map-composition.ts';
import { WORLDCOVER } from '../terrain/mobility-config.ts';
import { WORLDCOVER_CLASS_NAMES } from '../terrain/worldcover-class-names.ts';
import type { AnalysisType } from '../analysis-job/analysis-vocabulary.ts';
import { lineOfSightVerdict } from './line-of-sight-verdict.ts';
import { hillshadeRgba, landCoverRgba, mobilityRgba, obstacleCoverRgba } from './face-rasters.ts';
import {
  AREA_OF_OPERATIONS_STYLE,
  LANDING_ZONE_STYLE,
  LAND_COVER_OPACITY,
  LINE_OF_SIGHT_STYLE,
  MAJOR_ROAD_STYLE,
  MCOO_RGBA,
  MCOO_SYMBOLS,
  MINOR_ROAD_STYLE,
  POINT_STYLE,
  ROUTE_STYLE,
  SURVEY_AREA_STYLE,
  WORLDCOVER_RGB,
  rgbCss,
  rgbaCss,
} from './map-symbols.ts';

/** Roads of the frame, split by how they are drawn. */
export interface FrameRoads {
  major: Feature[];
  minor: Feature[];
}

export interface MapBase {
  frame: MapFrame;
  title: TitleBlock;
  /** The area of operations (the map's boundary layer). */
  area: Feature[];
  /** Hillshade on the face, 0–1, NaN where there is no elevation. */
  shade: Float32Array;
}

const vector = (features: Feature[], style: VectorStyle): MapLayer => ({
  kind: 'vector',
  features,
  style: { ...style },
});

const areaLayer = (area: Feature[]): MapLayer => vector(area, { ...AREA_OF_OPERATIONS_STYLE });
const AREA_LEGEND: LegendEntry = {
  label: 'Area of operations',
  symbol: 'line',
  colour: AREA_OF_OPERATIONS_STYLE.stroke,
  dash: AREA_OF_OPERATIONS_STYLE.dash,
};

function roadLayers(roads: FrameRoads): { layers: MapLayer[]; legend: LegendEntry[] } {
  const layers: MapLayer[] = [];
  const legend: LegendEntry[] = [];
  if (roads.minor.length > 0) {
    layers.push(vector(roads.minor, { ...MINOR_ROAD_STYLE }));
    legend.push({ label: 'Road (minor)', symbol: 'line', colour: MINOR_ROAD_STYLE.stroke });
  }
  if (roads.major.length > 0) {
    layers.push(vector(roads.major, { ...MAJOR_ROAD_STYLE }));
    legend.push({ label: 'Road (major)', symbol: 'line', colour: MAJOR_ROAD_STYLE.stroke });
  }
  return { layers, legend };
}

const composition = (base: MapBase, layers: MapLayer[], legend: LegendEntry[]): MapComposition => ({
  frame: base.frame,
  layers,
  title: base.title,
  legend,
  gridSpacingMeters: null,
});

/** Hillshaded relief, land cover (WorldCover colours, the classes present), roads, the area of operations. */
export function areaOverviewComposition(base: MapBase, landCover: Uint8Array, roads: FrameRoads): MapComposition {
  const present = new Set(landCover);
  const coverLegend: LegendEntry[] = Object.keys(WORLDCOVER_RGB)
    .map(Number)
    .filter((code) => present.has(code))
    .map((code) => ({
      label: WORLDCOVER_CLASS_NAMES[code] ?? `Class ${code}`,
      symbol: 'fill',
      colour: rgbCss(WORLDCOVER_RGB[code]!),
    }));
  const road = roadLayers(roads);
  return composition(
    base,
    [
      { kind: 'pixels', rgba: hillshadeRgba(base.shade), opacity: 1 },
      { kind: 'pixels', rgba: landCoverRgba(landCover), opacity: LAND_COVER_OPACITY },
      ...road.layers,
      areaLayer(base.area),
    ],
    [AREA_LEGEND, ...road.legend, ...coverLegend],
  );
}

/**
 * Modified combined obstacle overlay (ATP 2-01.3, step 2 of IPB): over a light relief, NO-GO and
 * SLOW-GO shading of one movement class (`mobility`: mobilityRaster codes on the face), water and
 * built-up areas over the shading (obstacles in their own right), roads, the area of operations.
 */
export function mcooComposition(
  base: MapBase,
  mobility: Uint8Array,
  landCover: Uint8Array,
  roads: FrameRoads,
): MapComposition {
  const road = roadLayers(roads);
  return composition(
    base,
    [
      { kind: 'pixels', rgba: hillshadeRgba(base.shade, 0.6), opacity: 1 },
      { kind: 'pixels', rgba: mobilityRgba(mobility), opacity: 1 },
      { kind: 'pixels', rgba: obstacleCoverRgba(landCover), opacity: 1 },
      ...road.layers,
      areaLayer(base.area),
    ],
    [
      AREA_LEGEND,
      { label: 'NO-GO', symbol: 'fill', colour: rgbaCss(MCOO_RGBA.noGo) },
      { label: 'SLOW-GO', symbol: 'fill', colour: rgbaCss(MCOO_RGBA.slowGo) },
      { label: WORLDCOVER_CLASS_NAMES[WORLDCOVER.permanentWater]!, symbol: 'fill', colour: rgbaCss(MCOO_RGBA.water) },
      { label: 'Built-up area', symbol: 'fill', colour: rgbaCss(MCOO_RGBA.builtUp) },
      ...road.legend,
    ],
  );
}

/** A raster result drawn on the face (viewshed or RF coverage display colours), with its legend. */
export interface ResultRaster {
  rgba: Uint8Array;
  legend: LegendEntry[];
}

/** A point's label: route waypoints are Start, WP n and End; others their name or role. */
function pointLabel(feature: Feature, waypoints: number): string {
  const p = feature.properties ?? {};
  if (p.role === 'waypoint' && typeof p.index === 'number') {
    return p.index === 0 ? 'Start' : p.index === waypoints - 1 ? 'End' : `WP ${p.index}`;
  }
  const name = typeof p.name === 'string' && p.name ? p.name : typeof p.role === 'string' ? p.role : '';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The analysis's own request and stored result, read defensively: what the sheet states beyond its features. */
export interface AnalysisFacts {
  parameters: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
}

/** A route analysis that found no route: "No route found — <the result's message or reason>"; else null. */
function noRouteNote(analysisType: AnalysisType, result: Record<string, unknown> | null): string | null {
  if (analysisType !== 'route' || !result || result.found !== false) return null;
  const why = [result.message, result.reason].find((v) => typeof v === 'string' && v.trim() !== '') as
    string | undefined;
  return `No route found — ${why ?? 'the result gives no reason'}`;
}

/** The area a landing-zone survey searched: its request's polygon, else the result's 'area' feature. */
function surveyAreaOf(parameters: Record<string, unknown> | null, polygons: Feature[]): Feature[] {
  const area = parameters?.area as Feature['geometry'] | undefined;
  if (area?.type === 'Polygon') return [{ type: 'Feature', properties: { role: 'area' }, geometry: area }];
  return polygons.filter((f) => f.properties?.role === 'area');
}

/**
 * One analysis result over a light relief and the area of operations: its raster (viewshed visible
 * and hidden cells, RF received-power levels) when it has one, its polygons (landing zones; a radius
 * as a dashed outline), lines (the route, the line of sight) and labelled points (start, end,
 * observer, emitter).
 */
export function analysisMapComposition(
  base: MapBase,
  analysisType: AnalysisType,
  features: Feature[],
  raster: ResultRaster | null,
  facts: AnalysisFacts = { parameters: null, result: null },
): MapComposition {
  const layers: MapLayer[] = [{ kind: 'pixels', rgba: hillshadeRgba(base.shade, 0.6), opacity: 1 }];
  const legend: LegendEntry[] = [AREA_LEGEND];
  if (raster) {
    layers.push({ kind: 'pixels', rgba: raster.rgba, opacity: 1 });
    legend.push(...raster.legend);
  }
  const polygons = features.filter((f) => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon');
  const radius = polygons.filter((f) => f.properties?.role === 'radius');
  // A survey that found no zone keeps its area as the layer's one feature (role 'area'): outlined, not filled.
  const zones = polygons.filter((f) => f.properties?.role !== 'radius' && f.properties?.role !== 'area');
  const surveyArea = analysisType === 'landing_zones' ? surveyAreaOf(facts.parameters, polygons) : [];
  if (surveyArea.length > 0) {
    layers.push(vector(surveyArea, { ...SURVEY_AREA_STYLE }));
    legend.push({
      label: 'Survey area',
      symbol: 'line',
      colour: SURVEY_AREA_STYLE.stroke,
      dash: SURVEY_AREA_STYLE.dash,
    });
  }
  const lines = features.filter((f) => f.geometry?.type === 'LineString' || f.geometry?.type === 'MultiLineString');
  const points = features.filter((f) => f.geometry?.type === 'Point');
  if (zones.length > 0) {
    // Each zone labelled with its rank (the survey's order of preference): LZ 1 is the best.
    const ranked = labelled(zones, (f) => (typeof f.properties?.rank === 'number' ? `LZ ${f.properties.rank}` : ''));
    layers.push(vector(ranked, { ...LANDING_ZONE_STYLE, labelProperty: 'label' }));
    legend.push({
      label: 'Landing zone (LZ n: rank n of the survey)',
      symbol: 'fill',
      colour: LANDING_ZONE_STYLE.fill,
      stroke: LANDING_ZONE_STYLE.stroke,
    });
  }
  if (radius.length > 0) {
    layers.push(vector(radius, { stroke: '#333333', strokeWidth: 1.5, dash: '4 4' }));
    legend.push({ label: 'Analysis radius', symbol: 'line', colour: '#333333', dash: '4 4' });
  }
  if (lines.length > 0) {
    const style = analysisType === 'line_of_sight' ? LINE_OF_SIGHT_STYLE : ROUTE_STYLE;
    layers.push(vector(lines, { ...style }));
    const verdict = analysisType === 'line_of_sight' ? lineOfSightVerdict(facts.result) : null;
    const label = analysisType === 'line_of_sight' ? `Line of sight${verdict ? `: ${verdict}` : ''}` : 'Route';
    legend.push({ label, symbol: 'line', colour: style.stroke });
  }
  layers.push(areaLayer(base.area));
  if (points.length > 0) {
    const waypoints = points.filter((f) => f.properties?.role === 'waypoint').length;
    const labelled = points.map((f) => ({ ...f, properties: { ...f.properties, label: pointLabel(f, waypoints) } }));
    layers.push(vector(labelled, { ...POINT_STYLE, labelProperty: 'label' }));
  }
  const note = noRouteNote(analysisType, facts.result);
  return { ...composition(base, layers, legend), ...(note ? { faceNote: note } : {}) };
}

/** The layers of a terrain evaluation (its result's `layer_ids`), features as the map holds them. */
export interface TerrainEvaluationLayers {
  obstacle: Feature[];
  mobility_corridor: Feature[];
  avenue_of_approach: Feature[];
  key_terrain: Feature[];
}

const ECHELON_ABBREVIATIONS: Record<string, string> = {
  squad: 'SQD',
  platoon: 'PLT',
  company: 'CO',
  battalion: 'BN',
  brigade: 'BDE',
  division: 'DIV',
};
const echelonLabel = (echelon: unknown) =>
  typeof echelon === 'string' ? (ECHELON_ABBREVIATIONS[echelon] ?? echelon.toUpperCase()) : '';
const isWater = (f: Feature) => f.properties?.cause === 'water' || f.properties?.cause === 'waterway';
const ofGeometry = (features: Feature[], ...types: string[]) =>
  features.filter((f) => f.geometry && types.includes(f.geometry.type));
const labelled = (features: Feature[], label: (f: Feature) => string) =>
  features.map((f) => ({ ...f, properties: { ...f.properties, label: label(f) } }));

/**
 * The modified combined obstacle overlay of a terrain evaluation (IPB step 2; FM 34-130 ch. 2), as a
 * staff draws it over a light relief: restricted terrain hatched with single green diagonals,
 * severely restricted cross-hatched, water and rivers blue; roads; mobility corridors outlined with
 * their centrelines; avenues of approach as arrows labelled with their echelon (the enemy's red);
 * chokepoints and key terrain candidates marked and labelled; the area of operations; a legend of
 * what is drawn.
 */
export function terrainEvaluationComposition(
  base: MapBase,
  layers: TerrainEvaluationLayers,
  roads: FrameRoads,
): MapComposition {
  const polygons = ofGeometry(layers.obstacle, 'Polygon', 'MultiPolygon');
  const water = polygons.filter(isWater);
  const restricted = polygons.filter((f) => !isWater(f) && f.properties?.terrain_class === 'restricted');
  const severe = polygons.filter((f) => !isWater(f) && f.properties?.terrain_class === 'severely_restricted');
  const corridors = ofGeometry(layers.mobility_corridor, 'Polygon', 'MultiPolygon');
  const centrelines = ofGeometry(layers.mobility_corridor, 'LineString');
  const chokepoints = layers.mobility_corridor.filter(
    (f) => f.properties?.role === 'chokepoint' && f.geometry?.type === 'Point',
  );
  const avenues = ofGeometry(layers.avenue_of_approach, 'LineString');
  const directions = [...new Set(avenues.map((f) => String(f.properties?.direction ?? '')))];
  const avenueLabel = (f: Feature) =>
    `${f.properties?.id ?? 'AA'} (${echelonLabel(f.properties?.echelon)})` +
    (directions.length > 1 ? ` ${String(f.properties?.direction ?? '').replaceAll('_', ' ')}` : '');
  const enemy = avenues.filter((f) => f.properties?.direction === 'enemy');
  const friendly = avenues.filter((f) => f.properties?.direction !== 'enemy');
  const keyTerrain = ofGeometry(layers.key_terrain, 'Point');
  const road = roadLayers(roads);
  const hatch = MCOO_SYMBOLS.terrainHatch;
  const out: MapLayer[] = [{ kind: 'pixels', rgba: hillshadeRgba(base.shade, 0.6), opacity: 1 }];
  const legend: LegendEntry[] = [AREA_LEGEND];
  const add = (features: Feature[], style: VectorStyle, entry: LegendEntry) => {
    if (features.length === 0) return;
    out.push(vector(features, style));
    legend.push(entry);
  };
  add(
    restricted,
    { fill: hatch, hatch: 'single' },
    { label: 'Restricted terrain', symbol: 'fill', colour: hatch, stroke: hatch, hatch: 'single' },
  );
  add(
    severe,
    { fill: hatch, hatch: 'cross' },
    { label: 'Severely restricted terrain', symbol: 'fill', colour: hatch, stroke: hatch, hatch: 'cross' },
  );
  add(
    water,
    { fill: MCOO_SYMBOLS.water, fillOpacity: 0.85 },
    { label: 'Water and rivers (severely restricted)', symbol: 'fill', colour: MCOO_SYMBOLS.water },
  );
  out.push(...road.layers);
  legend.push(...road.legend);
  const corridorEchelon = echelonLabel(layers.mobility_corridor[0]?.properties?.echelon);
  add(
    corridors,
    { ...MCOO_SYMBOLS.corridor },
    {
      label: `Mobility corridor${corridorEchelon ? ` (${corridorEchelon})` : ''}`,
      symbol: 'line',
      colour: MCOO_SYMBOLS.corridor.stroke,
      dash: MCOO_SYMBOLS.corridor.dash,
    },
  );
  if (centrelines.length > 0) out.push(vector(centrelines, { ...MCOO_SYMBOLS.centreline }));
  add(
    labelled(friendly, avenueLabel),
    { ...MCOO_SYMBOLS.avenue, labelProperty: 'label' },
    {
      label: 'Avenue of approach',
      symbol: 'line',
      colour: MCOO_SYMBOLS.avenue.stroke,
      arrow: true,
    },
  );
  add(
    labelled(enemy, avenueLabel),
    { ...MCOO_SYMBOLS.enemyAvenue, labelProperty: 'label' },
    {
      label: "Enemy's avenue of approach",
      symbol: 'line',
      colour: MCOO_SYMBOLS.enemyAvenue.stroke,
      arrow: true,
    },
  );
  add(
    chokepoints,
    { ...MCOO_SYMBOLS.chokepoint },
    {
      label: 'Chokepoint (narrowest point of a corridor)',
      symbol: 'point',
      colour: MCOO_SYMBOLS.chokepoint.fill,
      stroke: MCOO_SYMBOLS.chokepoint.stroke,
    },
  );
  out.push(areaLayer(base.area));
  add(
    labelled(keyTerrain, (f) => String(f.properties?.id ?? 'KT')),
    { ...MCOO_SYMBOLS.keyTerrain, labelProperty: 'label' },
    {
      label: 'Key terrain candidate',
      symbol: 'point',
      colour: MCOO_SYMBOLS.keyTerrain.fill,
      stroke: MCOO_SYMBOLS.keyTerrain.stroke,
    },
  );
  return composition(base, out, legend);
}
