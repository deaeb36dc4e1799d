// Analyses of a map: request one (POST /api/maps/{map_id}/analyses/), list a map's, read one, cancel
// one. Access goes through the map's operation (403/404 as for maps). A line of sight answers at
// once: the POST waits for its result (up to LINE_OF_SIGHT_WAIT_MS); every other tool answers 202
// and is polled at its self link.
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import { decideAnalysis, requestAnalysis, type RequestAnalysisInput } from '../../commands/analysis-job-commands.ts';
import {
  ANALYSIS_STATUSES,
  ANALYSIS_TYPES,
  DEFAULT_REFRACTION_K,
  isTerminalAnalysis,
  type AnalysisStatus,
} from '../../domain/analysis-job/analysis-vocabulary.ts';
import { StringEnum, Uuid } from '../../domain/shared/schema-types.ts';
import { analysisStream } from '../../domain/analysis-job/analysis-job-events.ts';
import {
  findAnalysis,
  findCoveringTerrainJob,
  listAnalysesOfMap,
  preparedTilesOfMap,
} from '../../projections/queries/analysis-job-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { accessibleAnalysis, accessibleMap } from '../access.ts';
import { HTTPError, ListEnvelope, ownedResourceErrors, PageQuery } from '../common-schemas.ts';
import { requestOrigin } from '../ogc/request-origin.ts';
import { AnalysisRequest, AnalysisResponse } from '../analyses/analysis-schemas.ts';
import { analysisView } from '../analyses/analysis-view.ts';

/** How long POST waits for a line of sight before answering 202 like the other tools. */
export const LINE_OF_SIGHT_WAIT_MS = 10_000;

const TITLES = {
  line_of_sight: 'Line of sight',
  viewshed: 'Viewshed',
  rf_coverage: 'RF coverage',
  landing_zones: 'Landing zones',
  route: 'Route',
  terrain_evaluation: 'Terrain evaluation (MCOO)',
} as const;
const TAGS = ['analyses'];

/** Longest pause between two reads of a line of sight being waited for. */
const LINE_OF_SIGHT_POLL_MS = 250;

/**
 * The analysis once terminal, or as it is at the deadline. Each read waits for an event of the
 * analysis to reach the read models (or LINE_OF_SIGHT_POLL_MS), so waiting requests cost a read per
 * change, not a read every few milliseconds.
 */
async function untilTerminal(deps: ApiDependencies, analysisId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const stream = analysisStream(analysisId);
  let changed: () => void = () => undefined;
  const unsubscribe = deps.readModelFeed?.subscribe((events) => {
    if (events.some((e) => e.stream_id === stream)) changed();
  });
  try {
    for (;;) {
      const next = new Promise<void>((resolve) => {
        changed = resolve;
        setTimeout(resolve, Math.min(LINE_OF_SIGHT_POLL_MS, Math.max(0, deadline - Date.now()))).unref();
      });
      const row = await findAnalysis(deps.readModels, analysisId);
      if (!row || isTerminalAnalysis(row.status as AnalysisStatus) || Date.now() > deadline) return row;
      await next;
    }
  } finally {
    unsubscribe?.();
  }
}

function answer(ctx: Koa.Context, body: { id: string; status: string }) {
  ctx.set('Location', `/api/analyses/${body.id}`);
  ctx.set('Cache-Control', 'no-store');
  ctx.status = isTerminalAnalysis(body.status as AnalysisStatus) ? 201 : 202;
  ctx.body = body;
}

export const analysisRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/maps/{map_id}/analyses/',
    operationId: 'request_analysis',
    summary: 'Run a terrain analysis on a map (line_of_sight answers at once; viewshed and rf_coverage are polled)',
    description:
      'Each tool checks only its own dependencies: line of sight, viewshed and RF coverage need elevation only ' +
      'and prepare it on demand for their footprint when no terrain job of the map covers it. A dependency that ' +
      'failed in the covering terrain job answers 409 naming the dataset and the phase holding the failure. ' +
      '201: finished (the body holds the result); 202: accepted, poll the Location.',
    tags: TAGS,
    auth: true,
    params: Type.Object({ map_id: Uuid }),
    body: AnalysisRequest,
    idempotent: true,
    authorize: async ({ params, principal }) => {
      await accessibleMap(deps.readModels, params.map_id, principal);
    },
    responses: {
      201: { description: 'Finished: the analysis with its result', schema: AnalysisResponse },
      202: { description: 'Accepted: poll the Location (GET /api/analyses/{analysis_id})', schema: AnalysisResponse },
      409: { description: 'A dataset the tool needs failed in the terrain job covering the area', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const { type, title, ...rest } = body;
      const input = (
        type === 'rf_coverage' || type === 'landing_zones' || type === 'route' || type === 'terrain_evaluation'
          ? { type, title: title ?? TITLES[type], parameters: rest }
          : { type, title: title ?? TITLES[type], parameters: { refraction_k: DEFAULT_REFRACTION_K, ...rest } }
      ) as RequestAnalysisInput;
      const created = await writeOnce(ctx, deps, () =>
        requestAnalysis(
          deps.store,
          commandContextOf(ctx),
          params.map_id,
          input,
          (mapId, tiles) => findCoveringTerrainJob(deps.readModels, mapId, tiles),
          (mapId) => preparedTilesOfMap(deps.readModels, mapId),
        ),
      );
      await awaitReadModels(deps, created.position, {
        id: created.analysis_id,
        location: `/api/analyses/${created.analysis_id}`,
      });
      const row =
        type === 'line_of_sight'
          ? await untilTerminal(deps, created.analysis_id, LINE_OF_SIGHT_WAIT_MS)
          : await findAnalysis(deps.readModels, created.analysis_id);
      answer(ctx, analysisView(requestOrigin(ctx), row!));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/maps/{map_id}/analyses/',
    operationId: 'list_analyses',
    summary: "A map's analyses, newest first",
    tags: TAGS,
    auth: true,
    params: Type.Object({ map_id: Uuid }),
    query: Type.Object({
      type: Type.Optional(StringEnum(ANALYSIS_TYPES, 'Only analyses of this tool')),
      status: Type.Optional(StringEnum(ANALYSIS_STATUSES, 'Only analyses in this status')),
      ...PageQuery,
    }),
    responses: {
      200: { description: 'A page of analyses', schema: ListEnvelope(AnalysisResponse, 'ListAnalysisResponse') },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      await accessibleMap(deps.readModels, params.map_id, principal);
      const page = await listAnalysesOfMap(
        deps.readModels,
        params.map_id,
        { type: query.type, status: query.status },
        query,
      );
      const origin = requestOrigin(ctx);
      ctx.body = { ...page, items: page.items.map((row) => analysisView(origin, row)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/analyses/{analysis_id}',
    operationId: 'get_analysis',
    summary: 'An analysis: status, progress, result and links (a progress snapshot until terminal)',
    tags: TAGS,
    auth: true,
    params: Type.Object({ analysis_id: Uuid }),
    responses: { 200: { description: 'The analysis', schema: AnalysisResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const row = await accessibleAnalysis(deps.readModels, params.analysis_id, principal);
      ctx.set('Cache-Control', isTerminalAnalysis(row.status as AnalysisStatus) ? 'private, max-age=60' : 'no-store');
      ctx.body = analysisView(requestOrigin(ctx), row);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/analyses/{analysis_id}/cancel',
    operationId: 'cancel_analysis',
    summary: 'Cancel an analysis that has not finished: no further work starts and workers stop reporting',
    tags: TAGS,
    auth: true,
    params: Type.Object({ analysis_id: Uuid }),
    responses: {
      200: { description: 'The cancelled analysis', schema: AnalysisResponse },
      409: { description: 'The analysis has already finished', schema: HTTPError },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const row = await accessibleAnalysis(deps.readModels, params.analysis_id, principal);
      const result = await decideAnalysis(deps.store, commandContextOf(ctx), row.operation_id, {
        type: 'CancelAnalysis',
        analysis_id: params.analysis_id,
        account_id: principal.account_id,
        reason: 'cancelled through the API',
      });
      await awaitReadModels(deps, result.position);
      ctx.body = analysisView(requestOrigin(ctx), (await findAnalysis(deps.readModels, params.analysis_id))!);
    },
  }),
];
