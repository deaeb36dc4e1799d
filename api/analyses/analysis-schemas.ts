// Request and response schemas of /api/maps/{map_id}/analyses/ and /api/analyses/. The request is a
// union discriminated by `type`, written as if/then branches so a 422 names only the culprits of
// the chosen tool (a oneOf would report every branch).
import { Type, type TSchema } from '@sinclair/typebox';
import {
  ANALYSIS_STATUSES,
  AVAILABLE_ANALYSIS_TYPES,
  ANALYSIS_TYPES,
  DEFAULT_REFRACTION_K,
  MAX_HEIGHT_ABOVE_GROUND_M,
  MAX_LANDING_ROAD_DISTANCE_M,
  MAX_RF_RADIUS_M,
  MAX_ROUTE_WAYPOINTS,
  MAX_VIEWSHED_RADIUS_M,
  type AvailableAnalysisType,
} from '../../domain/analysis-job/analysis-vocabulary.ts';
import { MAX_MERCATOR_LATITUDE } from '../../domain/terrain/work-grid.ts';
import { DEFAULT_RECEIVER } from '../../domain/analysis-job/resolve-rf-parameters.ts';
import { VEHICLE_CLASSES } from '../../domain/terrain/mobility-config.ts';
import { FORCE_ECHELONS, FORCES } from '../../domain/terrain-evaluation/terrain-evaluation-types.ts';
import { DateTime, NonEmptyText, StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { OgcLink } from '../ogc/ogc-schemas.ts';
import {
  MAX_GEOMETRY_POSITIONS,
  MAX_POLYGON_RINGS,
  MAX_RING_POSITIONS,
} from '../../domain/map/geojson/geometry-limits.ts';

const MAX_LATITUDE = Number(MAX_MERCATOR_LATITUDE.toFixed(6));

export const Position = Type.Tuple(
  [
    Type.Number({ minimum: -180, maximum: 180, description: 'Longitude, degrees' }),
    Type.Number({
      minimum: -MAX_LATITUDE,
      maximum: MAX_LATITUDE,
      description: `Latitude, degrees (the Web Mercator square: ±${MAX_LATITUDE})`,
    }),
  ],
  { description: '[longitude, latitude], WGS 84' },
);

const Ring = Type.Array(Position, { minItems: 4, maxItems: MAX_RING_POSITIONS });
const PolygonArea = (description: string) =>
  Type.Object(
    {
      type: Type.Literal('Polygon'),
      coordinates: Type.Array(Ring, {
        minItems: 1,
        maxItems: MAX_POLYGON_RINGS,
        description: `Rings of [longitude, latitude], closed; the first is the outline (at most ${MAX_GEOMETRY_POSITIONS} positions in all)`,
      }),
    },
    { additionalProperties: false, description },
  );
const PlaceGeometry = (description: string) =>
  Type.Union(
    [
      Type.Object({ type: Type.Literal('Point'), coordinates: Position }, { additionalProperties: false }),
      Type.Object(
        {
          type: Type.Literal('LineString'),
          coordinates: Type.Array(Position, { minItems: 2, maxItems: MAX_RING_POSITIONS }),
        },
        { additionalProperties: false },
      ),
      PolygonArea('An area'),
    ],
    { description },
  );

const Height = (description: string, byDefault: number) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_HEIGHT_ABOVE_GROUND_M,
    default: byDefault,
    description: `${description}, metres above ground (0 to ${MAX_HEIGHT_ABOVE_GROUND_M})`,
  });

const SightPoint = (what: string, byDefault: number) =>
  Type.Object(
    {
      position: Position,
      height_m: Height(what, byDefault),
    },
    { additionalProperties: false },
  );

const RefractionK = Type.Number({
  exclusiveMinimum: 0,
  maximum: 100,
  default: DEFAULT_REFRACTION_K,
  description:
    'Refraction coefficient k: the earth curvature uses the effective radius k·R (R = 6,378,137 m). Default 4/3 ' +
    '(standard atmosphere); 100 is near a flat earth.',
});
const Title = NonEmptyText(200, "Title of the analysis and of its result layer (default: the tool's name)");

const branches: Record<AvailableAnalysisType, TSchema> = {
  line_of_sight: Type.Object(
    {
      type: Type.Literal('line_of_sight'),
      title: Type.Optional(Title),
      observer: SightPoint('Eye height of the observer', 2),
      target: SightPoint('Height of what must be seen at the target', 0),
      refraction_k: Type.Optional(RefractionK),
    },
    { additionalProperties: false, title: 'LineOfSightRequest' },
  ),
  viewshed: Type.Object(
    {
      type: Type.Literal('viewshed'),
      title: Type.Optional(Title),
      observer: SightPoint('Eye height of the observer', 2),
      radius_m: Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_VIEWSHED_RADIUS_M,
        description: `Ground radius, metres (at most ${MAX_VIEWSHED_RADIUS_M})`,
      }),
      target_height_m: Type.Optional(Height('Height of what must be seen at each cell', 0)),
      refraction_k: Type.Optional(RefractionK),
    },
    { additionalProperties: false, title: 'ViewshedRequest' },
  ),
  rf_coverage: Type.Object(
    {
      type: Type.Literal('rf_coverage'),
      title: Type.Optional(Title),
      emitter_id: Uuid,
      receiver_id: Type.Optional(Uuid),
      receiver: Type.Optional(
        Type.Object(
          {
            antenna_height_m: Type.Number({
              minimum: 0.5,
              maximum: 3000,
              default: DEFAULT_RECEIVER.antenna_height_m,
              description: 'Receiver antenna height, metres above ground (0.5 to 3000; default 1.5)',
            }),
            antenna_gain_dbi: Type.Number({
              minimum: -20,
              maximum: 60,
              default: DEFAULT_RECEIVER.antenna_gain_dbi,
              description: 'dBi (default 0)',
            }),
            sensitivity_dbm: Type.Number({
              minimum: -200,
              maximum: 0,
              default: DEFAULT_RECEIVER.sensitivity_dbm,
              description: 'Weakest usable signal, dBm (default −100)',
            }),
          },
          {
            additionalProperties: false,
            description: 'The receiver assumed in every cell, when no receiver_id is given',
          },
        ),
      ),
      radius_m: Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_RF_RADIUS_M,
        description: `Ground radius, metres (at most ${MAX_RF_RADIUS_M})`,
      }),
    },
    { additionalProperties: false, title: 'RfCoverageRequest' },
  ),
  landing_zones: Type.Object(
    {
      type: Type.Literal('landing_zones'),
      title: Type.Optional(Title),
      area: Type.Object(
        {
          type: Type.Literal('Polygon'),
          coordinates: Type.Array(Type.Array(Position, { minItems: 4, maxItems: MAX_RING_POSITIONS }), {
            minItems: 1,
            maxItems: MAX_POLYGON_RINGS,
            description:
              'Rings of [longitude, latitude], closed; the first is the outline. At most ' +
              `${MAX_RING_POSITIONS} positions per ring, ${MAX_POLYGON_RINGS} rings, ${MAX_GEOMETRY_POSITIONS} positions in all`,
          }),
        },
        { additionalProperties: false, description: 'The survey area: a GeoJSON Polygon' },
      ),
      aircraft_size: Type.Integer({
        minimum: 1,
        maximum: 7,
        description: 'Helicopter size class of FM 3-21.38 (landing points 25, 35, 50, 80, 100, 125, 150 m)',
      }),
      accept_upslope: Type.Boolean({
        default: false,
        description: 'Also pass slopes of 7–15° (upslope landing or hover)',
      }),
      max_candidates: Type.Integer({
        minimum: 1,
        maximum: 100,
        default: 20,
        description: 'Candidates returned, best first',
      }),
      max_road_distance_m: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: MAX_LANDING_ROAD_DISTANCE_M,
          description:
            'Road constraint: a zone passes only within this many ground metres of a road cell (needs roads); ' +
            'absent = none',
        }),
      ),
    },
    { additionalProperties: false, title: 'LandingZonesRequest' },
  ),
  route: Type.Object(
    {
      type: Type.Literal('route'),
      title: Type.Optional(Title),
      movement: StringEnum(VEHICLE_CLASSES, 'Movement class: foot (Tobler), wheeled or tracked (gradeability limits)'),
      waypoints: Type.Array(Position, {
        minItems: 2,
        maxItems: MAX_ROUTE_WAYPOINTS,
        description: `Start, intermediate points and end, [longitude, latitude] (2 to ${MAX_ROUTE_WAYPOINTS})`,
      }),
      avoid_layer_ids: Type.Optional(
        Type.Array(Uuid, {
          maxItems: 20,
          description: 'named_area layers of the map whose polygons the route must not touch',
        }),
      ),
      neighbourhood: Type.Union([Type.Literal(8), Type.Literal(16)], {
        default: 8,
        description: "Moves searched: 8 neighbours, or 16 with the knight's moves (straighter paths, slower)",
      }),
    },
    { additionalProperties: false, title: 'RouteRequest' },
  ),
  terrain_evaluation: Type.Object(
    {
      type: Type.Literal('terrain_evaluation'),
      title: Type.Optional(Title),
      force: StringEnum(FORCES, 'The moving force: mounted_wheeled, mounted_tracked or dismounted'),
      echelon: StringEnum(
        FORCE_ECHELONS,
        'Its echelon: corridors are evaluated two echelons below it, avenues one below',
      ),
      area: PolygonArea('The area of operations: a GeoJSON Polygon (its work tiles are evaluated)'),
      start: Type.Optional(
        PlaceGeometry('Start area or line of departure (Point, LineString or Polygon); with objective, or neither'),
      ),
      objective: Type.Optional(PlaceGeometry('Objective (Point, LineString or Polygon); with start, or neither')),
      enemy_side: Type.Optional(
        StringEnum(
          ['north', 'south', 'east', 'west'] as const,
          "Side of the AO the enemy holds: adds the enemy's avenues toward the start (or the far side)",
        ),
      ),
      corridor_width_m: Type.Optional(
        Type.Number({
          minimum: 25,
          maximum: 20_000,
          description: 'Overrides the corridor width of the echelon table, metres',
        }),
      ),
      avenue_width_m: Type.Optional(
        Type.Number({
          minimum: 25,
          maximum: 40_000,
          description: 'Overrides the avenue width of the echelon table, metres',
        }),
      ),
    },
    { additionalProperties: false, title: 'TerrainEvaluationRequest' },
  ),
};

export type AnalysisRequestBody = { type: AvailableAnalysisType; title?: string; refraction_k?: number } & Record<
  string,
  unknown
>;

export const AnalysisRequest = Type.Unsafe<AnalysisRequestBody>({
  title: 'AnalysisRequest',
  description: "One tool's request, chosen by `type`; the fields of each tool are in its branch.",
  type: 'object',
  required: ['type'],
  properties: { type: StringEnum(AVAILABLE_ANALYSIS_TYPES, 'The tool') },
  allOf: AVAILABLE_ANALYSIS_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: branches[type],
  })),
});

export const AnalysisStatusSchema = StringEnum(ANALYSIS_STATUSES);

export const AnalysisResponse = Type.Object(
  {
    id: Uuid,
    map_id: Uuid,
    operation_id: Uuid,
    type: StringEnum(ANALYSIS_TYPES),
    title: Type.String(),
    status: AnalysisStatusSchema,
    parameters: Type.Object(
      {},
      { additionalProperties: true, description: 'The request as validated, defaults filled in' },
    ),
    elevation_source: StringEnum(
      ['terrain_job', 'on_demand'] as const,
      'Covering terrain job whose elevation is ready, or prepared on demand for the footprint',
    ),
    terrain_job_id: Type.Union([Uuid, Type.Null()]),
    footprint: Type.Object({
      work_zoom: Type.Integer(),
      work_tiles: Type.Integer({ description: 'Number of zoom-12 work tiles read' }),
      bbox: Type.Array(Type.Number(), {
        minItems: 4,
        maxItems: 4,
        description: '[west, south, east, north] of the tiles read',
      }),
    }),
    waiting_for: Type.Union(
      [
        Type.Object({
          job_id: Uuid,
          dataset: Type.String(),
          phase: Type.String(),
          message: Type.String(),
        }),
        Type.Null(),
      ],
      { description: 'status waiting: the terrain job dataset and phase still being prepared' },
    ),
    progress: Type.Union([
      Type.Object({ completed: Type.Integer(), total: Type.Integer(), stage: Type.String() }),
      Type.Null(),
    ]),
    result: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
      description: 'status success: the tool\'s result (README "Terrain analyses")',
    }),
    error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
    layer_id: Type.Union([Uuid, Type.Null()], {
      description: 'The map layer holding the result (OGC API Features collection layer--<id>)',
    }),
    created_at: DateTime,
    updated_at: DateTime,
    links: Type.Array(OgcLink, { description: "self, map, and with a result: the layer's OGC collection and items" }),
  },
  { title: 'AnalysisResponse' },
);
