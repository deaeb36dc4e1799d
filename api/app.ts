// The Koa application: error mapping, body parsing, then one router built from the route
// declarations (auth → validation → handler for each).
import type { RequestListener } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody, HttpMethodEnum } from 'koa-body';
import type { ApiDependencies } from './api-dependencies.ts';
import type { RouteSpec } from './route-spec.ts';
import { errorMapper } from './middleware/error-mapper.ts';
import { serveApiDocs } from './docs/serve-api-docs.ts';
import { requireApiKey } from './middleware/authenticate.ts';
import { pathParamsAreValid, validateBody, validateParameters } from './middleware/validate-request.ts';
import { DEFAULT_LINGERING_CLOSE, lingeringClose } from './lingering-close.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { apiKeyRoutes } from './routes/api-key-routes.ts';
import { operationRoutes } from './routes/operation-routes.ts';
import { operationHistoryRoutes } from './routes/operation-history-routes.ts';
import { openApiRoutes } from './routes/openapi-routes.ts';
import { mapRoutes } from './routes/map-routes.ts';
import { ogcFeaturesRoutes } from './routes/ogc-features-routes.ts';
import { terrainAnalysisRoutes } from './routes/terrain-analysis-routes.ts';
import { analysisRoutes } from './routes/analysis-routes.ts';
import { mapTileRoutes } from './routes/map-tile-routes.ts';
import { terrainPointRoutes } from './routes/terrain-point-routes.ts';
import { serveViewer } from './viewer/serve-viewer.ts';
import { ogcTilesRoutes } from './routes/ogc-tiles-routes.ts';
import { missionAnalysisRoutes, warnoRoutes } from './routes/planning-record-routes.ts';
import { generationRoutes } from './routes/generation-routes.ts';
import { coaGenerationRoutes } from './routes/coa-generation-routes.ts';
import { terrainQuestionRoutes } from './routes/terrain-question-routes.ts';
import { coaSectionRoutes } from './routes/coa-section-routes.ts';
import { coaStatementRoutes } from './routes/coa-statement-routes.ts';
import { llmSimulationRoutes } from './routes/llm-simulation-routes.ts';
import { coaComparisonRoutes } from './routes/coa-comparison-routes.ts';
import { documentRoutes } from './routes/document-routes.ts';
import { orderRoutes } from './routes/order-routes.ts';
import { warnoDraftRoutes } from './routes/warno-draft-routes.ts';
import { generatedMapRoutes } from './routes/generated-map-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { exportRoutes } from './routes/export-routes.ts';
import { sessionAuthenticator } from './auth/authenticate-session.ts';
import { webAppCors } from './auth/web-app-cors.ts';
import { tileFastPath } from './ogc/tile-fast-path.ts';

/** Every route of the service; later resources add their groups here. */
export function allRoutes(deps: ApiDependencies): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...healthRoutes(deps),
    ...authRoutes(deps),
    ...apiKeyRoutes(deps),
    ...operationRoutes(deps),
    ...operationHistoryRoutes(deps),
    ...mapRoutes(deps),
    ...ogcFeaturesRoutes(deps),
    ...terrainAnalysisRoutes(deps),
    ...analysisRoutes(deps),
    ...mapTileRoutes(deps),
    ...terrainPointRoutes(deps),
    ...ogcTilesRoutes(deps),
    ...missionAnalysisRoutes(deps),
    ...warnoRoutes(deps),
    ...generationRoutes(deps),
    ...coaGenerationRoutes(deps),
    ...terrainQuestionRoutes(deps),
    // Sections first: /api/coa-statements/sections/{id} also fits /{coa_statement_id}/{attribute_id}.
    ...coaSectionRoutes(deps),
    ...coaStatementRoutes(deps),
    ...llmSimulationRoutes(deps),
    ...coaComparisonRoutes(deps),
    ...documentRoutes(deps),
    ...orderRoutes(deps),
    ...warnoDraftRoutes(deps),
    ...generatedMapRoutes(deps),
    ...exportRoutes(deps),
  ];
  routes.push(...openApiRoutes(() => routes));
  return routes;
}

export const koaPath = (openApiPath: string) => openApiPath.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, ':$1');

export function createApp(deps: ApiDependencies, routes: RouteSpec[] = allRoutes(deps)): Koa {
  const app = new Koa();
  // X-Forwarded-* only from a configured proxy (TRUST_PROXY): a client must not choose its origin.
  app.proxy = deps.trustProxy;
  // Koa prints errors that reach it after the response began (a client that aborts an upload, a
  // socket reset) to stderr; they go to the log instead, at debug for the client's own doing.
  app.on('error', (error: NodeJS.ErrnoException) => {
    const clientGone =
      error.code === 'ECONNRESET' ||
      error.code === 'EPIPE' ||
      error.code === 'ECONNABORTED' ||
      error.code === 'HPE_INVALID_EOF_STATE' ||
      error.message === 'aborted' ||
      error.message === 'Parse Error';
    if (clientGone) deps.logger.debug({ err: error }, 'client went away');
    else deps.logger.error({ err: error }, 'error after the response began');
  });
  // Outermost: any answer sent while the request's body is still arriving closes after lingering.
  app.use(lingeringClose(deps.lingeringClose ?? DEFAULT_LINGERING_CLOSE));
  app.use(errorMapper(deps.logger));
  const cors = webAppCors(deps);
  if (cors) app.use(cors);
  const jsonBody = koaBody({
    jsonLimit: '16mb',
    jsonStrict: false,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  app.use(serveApiDocs());
  app.use(serveViewer());
  const router = new Router();
  const auth = requireApiKey(deps.apiKeys, sessionAuthenticator(deps));
  for (const route of routes) {
    const middleware: Koa.Middleware[] = [];
    // Credentials and the resource named in the path are checked from the headers alone: a request
    // refused there never has its body read (issue 9, defect 4).
    if (route.auth) middleware.push(auth);
    if (route.authorize) {
      const authorize = route.authorize;
      const checkable = pathParamsAreValid(route);
      middleware.push(async (ctx, next) => {
        // A malformed path is left to validation (422); a well-formed one names a resource to check.
        if (checkable(ctx.params))
          ctx.state.authorized = await authorize({ params: ctx.params, principal: ctx.state.principal });
        await next();
      });
    }
    // Path and query before the body: a request they refuse is answered without reading it.
    middleware.push(validateParameters(route));
    if (route.body) middleware.push(jsonBody, validateBody(route));
    middleware.push(async (ctx) => {
      await route.handler(ctx, {
        ...ctx.state.input,
        principal: ctx.state.principal,
        authorized: ctx.state.authorized,
      });
      if (route.idempotent && ctx.headers['idempotency-key'] !== undefined && !ctx.state.wroteOnce) {
        // A declaration the handler does not honour would make a retry write twice: a bug, not a client error.
        throw new Error(`${route.operationId} is declared idempotent but its handler did not write through writeOnce`);
      }
    });
    router.register(koaPath(route.path), [route.method.toUpperCase()], middleware);
  }
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/**
 * The HTTP server's listener: tile requests the fast path can answer from memory go no further
 * (api/ogc/tile-fast-path.ts); everything else, and every tile request it declines, goes to Koa.
 * It returns a promise that settles once the request has been handled (Koa catches its own errors),
 * so a test can wait for the end of a request whose client went away.
 */
export function createRequestListener(
  deps: ApiDependencies,
  app: Koa = createApp(deps),
): (...args: Parameters<RequestListener>) => Promise<void> | undefined {
  const koa = app.callback();
  const fastPath = tileFastPath(deps);
  return (req, res) => {
    const handled = fastPath(req, res);
    if (handled === true) return undefined;
    if (handled === false) return koa(req, res);
    return handled.then(
      (done) => (done ? undefined : koa(req, res)),
      () => koa(req, res),
    );
  };
}
