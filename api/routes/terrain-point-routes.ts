// The point query (README "Point query"): what a map's prepared terrain says about one position.
// Serving logic: projections/queries/terrain-point-query.ts; sampling: domain/terrain/terrain-at-pixel.ts.
import { Type } from '@sinclair/typebox';
import type { ApiDependencies } from '../api-dependencies.ts';
import { defineRoute } from '../route-spec.ts';
import { accessibleMap } from '../access.ts';
import { HTTPError, ownedResourceErrors } from '../common-schemas.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { MAX_MERCATOR_LATITUDE } from '../../domain/terrain/work-grid.ts';
import { VEHICLE_CLASSES } from '../../domain/terrain/mobility-config.ts';
import { MOBILITY_CLASS_NAMES } from '../../domain/terrain/mobility-class-names.ts';
import {
  readTerrainPoint,
  TerrainPointUnavailableError,
  type DisplayTileReader,
} from '../../projections/queries/terrain-point-query.ts';
import { HttpError } from '../http-error.ts';
import { NOT_READY_RETRY_AFTER_S } from '../ogc/tile-responses.ts';

const MobilityName = Type.Union([...MOBILITY_CLASS_NAMES.map((name) => Type.Literal(name)), Type.Null()]);

const TerrainPointResponse = Type.Object(
  {
    lon: Type.Number(),
    lat: Type.Number(),
    mgrs: Type.Union([Type.String(), Type.Null()], {
      description: 'MGRS reference, 1 m precision (null beyond 84°N / 80°S)',
    }),
    elevation_m: Type.Union([Type.Number(), Type.Null()], {
      description: 'Metres, 0.1 m steps; null where the DEM has no value',
    }),
    slope_deg: Type.Union([Type.Number(), Type.Null()], {
      description: "Degrees (Horn's method on the 3x3 pixels around), 0.01° steps; null at the prepared area's edge",
    }),
    land_cover: Type.Union([Type.Object({ code: Type.Integer(), name: Type.String() }), Type.Null()], {
      description: 'ESA WorldCover class',
    }),
    mobility: Type.Object(
      Object.fromEntries(VEHICLE_CLASSES.map((v) => [v, MobilityName])) as Record<string, typeof MobilityName>,
      {
        description:
          'Cross-country class per vehicle class (roads not considered); ' +
          'null where slope or land cover is unknown',
      },
    ),
    work_pixel: Type.Object(
      {
        z: Type.Integer(),
        x: Type.Integer(),
        y: Type.Integer(),
        col: Type.Integer(),
        row: Type.Integer(),
        center: Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[lon, lat] of the pixel centre' }),
      },
      { description: 'The work-zoom pixel sampled' },
    ),
    terrain_job_id: Type.String({ format: 'uuid', description: 'The terrain job whose tiles answered' }),
  },
  { title: 'TerrainPointResponse' },
);

const PointQuery = Type.Object({
  lon: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude, degrees (WGS 84)' }),
  lat: Type.Number({
    minimum: -MAX_MERCATOR_LATITUDE,
    maximum: MAX_MERCATOR_LATITUDE,
    description: `Latitude, degrees (WGS 84), within the Web Mercator square (±${MAX_MERCATOR_LATITUDE.toFixed(4)}°)`,
  }),
});

/** Display tiles through the API's tile cache (the same bytes the tile routes serve). */
const readCachedDisplayTile =
  (deps: ApiDependencies): DisplayTileReader =>
  async (collection, fingerprint, tile) =>
    (await deps.tileBodies.get(collection, fingerprint, tile))?.bytes ?? null;

export const terrainPointRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/terrain/point',
    operationId: 'query_terrain_point',
    summary: 'Elevation, slope, land cover, mobility and MGRS of a point of the map',
    description:
      "Read from the tiles the map's own terrain jobs prepared (the newest ready one covering the point). " +
      '404: no terrain job of the map covers the point. 409: the covering job is still preparing ' +
      '(Retry-After) or produced no terrain tiles there.',
    tags: ['maps'],
    auth: true,
    params: Type.Object({ map_id: Uuid }),
    query: PointQuery,
    responses: {
      200: { description: 'The terrain at the point', schema: TerrainPointResponse },
      ...ownedResourceErrors,
      404: { description: 'No such map, or no terrain job of the map covers the point', schema: HTTPError },
      409: { description: 'Terrain at the point is not ready yet, or was not produced', schema: HTTPError },
    },
    async handler(ctx, { params, query, principal }) {
      await accessibleMap(deps.readModels, params.map_id, principal);
      try {
        ctx.body = await readTerrainPoint(
          { readModels: deps.readModels, readDisplayTile: readCachedDisplayTile(deps) },
          params.map_id,
          query.lon,
          query.lat,
        );
      } catch (error) {
        if (!(error instanceof TerrainPointUnavailableError)) throw error;
        const retry = error.notReadyYet ? { 'Retry-After': String(NOT_READY_RETRY_AFTER_S) } : undefined;
        throw new HttpError(error.status, error.message, retry);
      }
    },
  }),
];
