// The terrain agent's tools as the model sees them (README "Terrain agent"): names, descriptions and
// JSON Schemas of their arguments, and the pure translation of a call's arguments into the parameters
// of the analyses (domain/analysis-job/analysis-parameters.ts) the worker runs them with. Positions
// are [longitude, latitude], as everywhere in the interface.
import type {
  LandingZonesParameters,
  LineOfSightParameters,
  LonLat,
  RouteParameters,
} from '../analysis-job/analysis-parameters.ts';
import {
  DEFAULT_REFRACTION_K,
  MAX_HEIGHT_ABOVE_GROUND_M,
  MAX_RF_RADIUS_M,
  MAX_ROUTE_WAYPOINTS,
} from '../analysis-job/analysis-vocabulary.ts';
import { circleRing } from '../analysis-job/circle-ring.ts';
import type { RfCoverageRequest } from '../analysis-job/resolve-rf-parameters.ts';
import { VEHICLE_CLASSES, type VehicleClass } from '../terrain/mobility-config.ts';
import { MAX_MERCATOR_LATITUDE } from '../terrain/work-grid.ts';

export const TERRAIN_TOOL_NAMES = [
  'terrain_summary',
  'point_query',
  'plan_route',
  'survey_landing_zones',
  'line_of_sight',
  'rf_coverage',
] as const;
export type TerrainToolName = (typeof TERRAIN_TOOL_NAMES)[number];

export interface TerrainToolDefinition {
  name: TerrainToolName;
  description: string;
  parameters: Record<string, unknown>;
}

const LATITUDE_LIMIT = Number(MAX_MERCATOR_LATITUDE.toFixed(6));
/** A landing-zone survey's largest radius: a circle whose footprint stays within the analysis limit. */
export const MAX_SURVEY_RADIUS_M = 3000;
export const DEFAULT_SURVEY_RADIUS_M = 500;
export const DEFAULT_AIRCRAFT_SIZE = 2;
export const DEFAULT_SURVEY_CANDIDATES = 5;

const position = (description: string) => ({
  type: 'array',
  items: { type: 'number' },
  minItems: 2,
  maxItems: 2,
  description: `${description}: [longitude, latitude] in decimal degrees (WGS 84)`,
});
const height = (description: string, byDefault: number) => ({
  type: 'number',
  minimum: 0,
  maximum: MAX_HEIGHT_ABOVE_GROUND_M,
  description: `${description}, metres above ground (default ${byDefault})`,
});

/** What the model reads is ASCII only: small test models (ASCII byte tokens) cannot tokenize anything else. */
export const TERRAIN_TOOLS: readonly TerrainToolDefinition[] = [
  {
    name: 'terrain_summary',
    description:
      "Summary of the map's prepared area (its newest terrain summary): area, elevation range, slope, " +
      'land-cover and mobility shares, road lengths, population and buildings.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'point_query',
    description:
      'Terrain at one position of the map: elevation, slope, land cover, cross-country mobility class ' +
      'per vehicle class, and its MGRS reference.',
    parameters: {
      type: 'object',
      properties: {
        lon: { type: 'number', minimum: -180, maximum: 180, description: 'Longitude, decimal degrees' },
        lat: {
          type: 'number',
          minimum: -LATITUDE_LIMIT,
          maximum: LATITUDE_LIMIT,
          description: 'Latitude, decimal degrees',
        },
      },
      required: ['lon', 'lat'],
      additionalProperties: false,
    },
  },
  {
    name: 'plan_route',
    description:
      'Quickest route between two positions (through optional intermediate ones) for a movement class: ' +
      'length, travel time, ascent, descent, and the shares on road, GO and SLOW-GO terrain.',
    parameters: {
      type: 'object',
      properties: {
        from: position('Start'),
        to: position('End'),
        via: { type: 'array', items: position('Intermediate point'), maxItems: MAX_ROUTE_WAYPOINTS - 2 },
        movement: { type: 'string', enum: [...VEHICLE_CLASSES], description: 'Movement class (default foot)' },
      },
      required: ['from', 'to'],
      additionalProperties: false,
    },
  },
  {
    name: 'survey_landing_zones',
    description:
      'Helicopter landing zones (FM 3-21.38) within a radius of a position, best first: MGRS, slope, ' +
      'surface and obstacle checks.',
    parameters: {
      type: 'object',
      properties: {
        center: position('Centre of the survey'),
        radius_m: {
          type: 'number',
          minimum: 100,
          maximum: MAX_SURVEY_RADIUS_M,
          description: `Survey radius, ground metres (default ${DEFAULT_SURVEY_RADIUS_M})`,
        },
        aircraft_size: {
          type: 'integer',
          minimum: 1,
          maximum: 7,
          description: `Helicopter size class 1 to 7 of FM 3-21.38 (default ${DEFAULT_AIRCRAFT_SIZE})`,
        },
        accept_upslope: { type: 'boolean', description: 'Also pass slopes of 7 to 15 degrees (default false)' },
        max_candidates: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          description: `Candidates returned (default ${DEFAULT_SURVEY_CANDIDATES})`,
        },
      },
      required: ['center'],
      additionalProperties: false,
    },
  },
  {
    name: 'line_of_sight',
    description:
      'Whether a target position is visible from an observer position over the terrain ' +
      '(earth curvature and refraction included), and the ground distance.',
    parameters: {
      type: 'object',
      properties: {
        from: position('Observer'),
        to: position('Target'),
        observer_height_m: height('Eye height of the observer', 2),
        target_height_m: height('Height of what must be seen at the target', 0),
      },
      required: ['from', 'to'],
      additionalProperties: false,
    },
  },
  {
    name: 'rf_coverage',
    description:
      'Radio coverage of an emitter entity of the map within a radius (ITM / Longley-Rice): share of ' +
      'cells covered, greatest range, received power.',
    parameters: {
      type: 'object',
      properties: {
        emitter_id: { type: 'string', format: 'uuid', description: 'The emitter entity of the map' },
        receiver_id: { type: 'string', format: 'uuid', description: 'A receiver entity of the map (optional)' },
        radius_m: {
          type: 'number',
          exclusiveMinimum: 0,
          maximum: MAX_RF_RADIUS_M,
          description: `Ground radius, metres (at most ${MAX_RF_RADIUS_M})`,
        },
      },
      required: ['emitter_id', 'radius_m'],
      additionalProperties: false,
    },
  },
];

function checkedPosition(value: unknown, name: string): LonLat {
  const [lon, lat] = value as LonLat;
  if (!(Math.abs(lon) <= 180) || !(Math.abs(lat) <= LATITUDE_LIMIT)) {
    throw new RangeError(
      `${name} [${lon}, ${lat}] is not a [longitude, latitude] position ` +
        `(longitude within +/-180, latitude within +/-${LATITUDE_LIMIT})`,
    );
  }
  return [lon, lat];
}

/** plan_route's arguments (valid against its schema) as the route analysis's parameters. */
export function routeParametersOf(args: unknown): RouteParameters {
  const a = args as { from: LonLat; to: LonLat; via?: LonLat[]; movement?: VehicleClass };
  const via = (a.via ?? []).map((p, i) => checkedPosition(p, `via[${i}]`));
  return {
    movement: a.movement ?? 'foot',
    waypoints: [checkedPosition(a.from, 'from'), ...via, checkedPosition(a.to, 'to')],
    avoid: [],
    neighbourhood: 8,
  };
}

/** line_of_sight's arguments as the line-of-sight analysis's parameters. */
export function lineOfSightParametersOf(args: unknown): LineOfSightParameters {
  const a = args as { from: LonLat; to: LonLat; observer_height_m?: number; target_height_m?: number };
  return {
    observer: { position: checkedPosition(a.from, 'from'), height_m: a.observer_height_m ?? 2 },
    target: { position: checkedPosition(a.to, 'to'), height_m: a.target_height_m ?? 0 },
    refraction_k: DEFAULT_REFRACTION_K,
  };
}

/** survey_landing_zones's arguments as the landing-zone analysis's parameters: a circle around the centre. */
export function landingZonesParametersOf(args: unknown, buildingData: boolean): LandingZonesParameters {
  const a = args as {
    center: LonLat;
    radius_m?: number;
    aircraft_size?: number;
    accept_upslope?: boolean;
    max_candidates?: number;
  };
  return {
    area: {
      type: 'Polygon',
      coordinates: [circleRing(checkedPosition(a.center, 'center'), a.radius_m ?? DEFAULT_SURVEY_RADIUS_M)],
    },
    aircraft_size: (a.aircraft_size ?? DEFAULT_AIRCRAFT_SIZE) as LandingZonesParameters['aircraft_size'],
    accept_upslope: a.accept_upslope ?? false,
    max_candidates: a.max_candidates ?? DEFAULT_SURVEY_CANDIDATES,
    max_road_distance_m: null,
    building_data: buildingData,
  };
}

/** rf_coverage's arguments as the RF analysis's request (its entities are resolved from the map's events). */
export function rfCoverageRequestOf(args: unknown): RfCoverageRequest {
  const a = args as { emitter_id: string; receiver_id?: string; radius_m: number };
  return { emitter_id: a.emitter_id, ...(a.receiver_id ? { receiver_id: a.receiver_id } : {}), radius_m: a.radius_m };
}
