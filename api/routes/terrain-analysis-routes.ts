// /api/terrain-analysis/: request a terrain job for a map's boundary, poll its snapshot, list a
// map's jobs, cancel one.
import { acceptJob } from '../accept-job.ts';
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import { requestTerrainJob, decideTerrainJob } from '../../commands/terrain-job-commands.ts';
import { InvalidFeatureCollectionError } from '../../domain/map/invalid-feature-collection-error.ts';
import { GEOMETRY_LIMITS_SUMMARY } from '../../domain/map/geojson/geometry-limits.ts';
import { DATASET_NAMES } from '../../domain/terrain/types.ts';
import { PHASE_IDS } from '../../domain/terrain-job/terrain-phases.ts';
import { MOSTLY_WATER_SHARE, TERRAIN_WARNING_CODES } from '../../domain/terrain-job/terrain-warnings.ts';
import { DateTime, Uuid } from '../../domain/shared/schema-types.ts';
import { findTerrainJob, listTerrainJobsOfMap } from '../../projections/queries/terrain-job-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { validationError } from '../http-error.ts';
import { accessibleMap, accessibleTerrainJob } from '../access.ts';
import { ListEnvelope, ownedResourceErrors, PageQuery, HTTPError } from '../common-schemas.ts';
import { requestOrigin } from '../ogc/request-origin.ts';

const SourceStatus = Type.Object({
  ok: Type.Boolean(),
  code: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
const PhaseCounts = Type.Object({
  total: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
});

export const TerrainJob = Type.Object(
  {
    status: Type.Unsafe<string>({ type: 'string', enum: ['pending', 'in_progress', 'success', 'failed', 'cancelled'] }),
    analysis_ready: Type.Boolean({
      description: 'Every requested raw dataset is ready (unrequested population/buildings are left out)',
    }),
    display_ready: Type.Boolean({
      description: 'analysis_ready and every requested derived phase is cached or complete',
    }),
    sources: Type.Object(Object.fromEntries(DATASET_NAMES.map((d) => [d, SourceStatus]))),
    phases: Type.Array(
      Type.Object({
        id: Type.Unsafe<string>({ type: 'string', enum: [...PHASE_IDS] }),
        status: Type.Unsafe<string>({
          type: 'string',
          enum: [
            'pending',
            'queued',
            'running',
            'complete',
            'cached',
            'partial',
            'failed',
            'blocked',
            'canceled',
            'skipped',
          ],
        }),
        label: Type.Optional(Type.String()),
        message: Type.Optional(Type.String()),
        counts: Type.Optional(PhaseCounts),
      }),
    ),
    warnings: Type.Array(
      Type.Object({
        code: Type.Unsafe<string>({ type: 'string', enum: [...TERRAIN_WARNING_CODES] }),
        message: Type.String(),
        dataset: Type.Union([Type.Unsafe<string>({ type: 'string', enum: [...DATASET_NAMES] }), Type.Null()]),
        figures: Type.Record(Type.String(), Type.Number()),
      }),
      {
        description:
          'AO sanity warnings to show: SYNTHETIC_SOURCE (per layer prepared from synthetic data), ' +
          `MOSTLY_WATER (more than ${MOSTLY_WATER_SHARE * 100} % of the area is water), NO_ROADS, ` +
          'OUTSIDE_SOURCE_COVERAGE / PARTLY_OUTSIDE_SOURCE_COVERAGE (per source, work tiles its coverage misses)',
      },
    ),
  },
  { title: 'TerrainJob' },
);

const Link = Type.Object({ rel: Type.String(), href: Type.String(), type: Type.Optional(Type.String()) });

const TerrainAnalysisRequest = Type.Object(
  {
    map_id: Uuid,
    boundary_shape: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      description: "GeoJSON FeatureCollection: the map's boundary layer as stored",
    }),
    include_population: Type.Boolean({ default: false }),
    include_buildings: Type.Boolean({ default: false }),
  },
  { additionalProperties: false, title: 'TerrainAnalysisRequest' },
);

const TerrainAnalysisResponse = Type.Object(
  {
    job_id: Uuid,
    map_id: Uuid,
    status: Type.String(),
    links: Type.Array(Link),
  },
  { title: 'TerrainAnalysisResponse' },
);

const TerrainJobSummary = Type.Object(
  {
    job_id: Uuid,
    map_id: Uuid,
    status: Type.String(),
    analysis_ready: Type.Boolean(),
    display_ready: Type.Boolean(),
    created_at: DateTime,
    updated_at: DateTime,
    links: Type.Array(Link),
  },
  { title: 'TerrainJobSummary' },
);

const jobUrl = (ctx: Koa.Context, jobId: string) => `${requestOrigin(ctx)}/api/terrain-analysis/jobs/${jobId}`;

export const terrainAnalysisRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/terrain-analysis/',
    operationId: 'request_terrain_analysis',
    summary: "Start preparing the terrain of a map's boundary (asynchronous; poll the job)",
    description:
      "boundary_shape must be the map's boundary layer as stored (after normalisation), else 422. Population and " +
      'buildings are prepared only when asked for. boundary_shape is checked as a posted layer is: ' +
      `${GEOMETRY_LIMITS_SUMMARY} (422).`,
    tags: ['terrain-analysis'],
    auth: true,
    body: TerrainAnalysisRequest,
    idempotent: true,
    responses: {
      200: { description: 'The job was accepted', schema: TerrainAnalysisResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body }) {
      const created = await writeOnce(ctx, deps, async () => {
        try {
          return await requestTerrainJob(deps.store, commandContextOf(ctx), body, deps.terrainSources());
        } catch (error) {
          if (error instanceof InvalidFeatureCollectionError) {
            throw validationError(error.issues.map((i) => ({ ...i, loc: ['body', 'boundary_shape', ...i.loc] })));
          }
          throw error;
        }
      });
      const location = `/api/terrain-analysis/jobs/${created.job_id}`;
      await acceptJob(ctx, deps, { id: created.job_id, location, position: created.position });
      const row = await findTerrainJob(deps.readModels, created.job_id);
      ctx.body = {
        job_id: created.job_id,
        map_id: body.map_id,
        status: row?.status ?? 'pending',
        links: [{ rel: 'monitor', href: jobUrl(ctx, created.job_id), type: 'application/json' }],
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/terrain-analysis/jobs/{job_id}',
    operationId: 'get_terrain_job',
    summary: 'The terrain job: status, readiness, sources and phases (a progress snapshot until terminal)',
    tags: ['terrain-analysis'],
    auth: true,
    params: Type.Object({ job_id: Uuid }),
    responses: { 200: { description: 'Terrain job', schema: TerrainJob }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleTerrainJob(deps.readModels, params.job_id, principal);
      // Pollers must not get a cached progress snapshot.
      ctx.set('Cache-Control', ['pending', 'in_progress'].includes(row.status) ? 'no-store' : 'private, max-age=60');
      ctx.body = row.snapshot;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/terrain-analysis/jobs',
    operationId: 'list_terrain_jobs',
    summary: "A map's terrain jobs, newest first",
    tags: ['terrain-analysis'],
    auth: true,
    query: Type.Object({ map_id: Uuid, ...PageQuery }),
    responses: {
      200: { description: 'A page of jobs', schema: ListEnvelope(TerrainJobSummary, 'ListTerrainJobResponse') },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      await accessibleMap(deps.readModels, query.map_id, principal);
      const page = await listTerrainJobsOfMap(deps.readModels, query.map_id, { page: query.page, size: query.size });
      ctx.body = {
        ...page,
        items: page.items.map((row) => ({
          job_id: row.job_id,
          map_id: row.map_id,
          status: row.status,
          analysis_ready: row.snapshot.analysis_ready,
          display_ready: row.snapshot.display_ready,
          created_at: row.created_at,
          updated_at: row.updated_at,
          links: [{ rel: 'self', href: jobUrl(ctx, row.job_id), type: 'application/json' }],
        })),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/terrain-analysis/jobs/{job_id}/cancel',
    operationId: 'cancel_terrain_job',
    summary: 'Cancel a job: unfinished phases become canceled and no further work starts',
    tags: ['terrain-analysis'],
    auth: true,
    params: Type.Object({ job_id: Uuid }),
    responses: {
      200: { description: 'The cancelled job', schema: TerrainJob },
      409: { description: 'The job has already finished', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const row = await accessibleTerrainJob(deps.readModels, params.job_id, principal);
      const result = await decideTerrainJob(deps.store, commandContextOf(ctx), row.operation_id, {
        type: 'CancelJob',
        job_id: params.job_id,
        account_id: principal.account_id,
        reason: 'cancelled through the API',
      });
      await awaitReadModels(deps, result.position);
      ctx.body = (await findTerrainJob(deps.readModels, params.job_id))!.snapshot;
    },
  }),
];
